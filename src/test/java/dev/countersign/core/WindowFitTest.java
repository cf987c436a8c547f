package dev.countersign.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The one window match behind keys, points and forwarded points: the tightest frame within a window
 * manager's decorations, never merely a window that contains (or fits inside) the other.
 */
class WindowFitTest {
    private record W(String name, Rect frame) {
    }

    private static final Function<W, Rect> FRAME = W::frame;
    private static final Function<W, String> TITLE = W::name;

    @Test
    void theAccessibilityWindowAnXFrameShowsIsTheTightestNotTheFirstThatFitsInside() {
        W dialog = new W("Confirm", new Rect(100, 100, 200, 100));
        W main = new W("Editor", new Rect(0, 0, 800, 600));

        assertThat(WindowFit.inside(new Rect(0, 0, 800, 600), List.of(dialog, main), FRAME)).containsExactly(main);
        // With a window manager's decorations the X frame is a little larger than the content.
        W framed = new W("Editor", new Rect(2, 24, 796, 574));
        assertThat(WindowFit.inside(new Rect(0, 0, 800, 600), List.of(dialog, framed), FRAME)).containsExactly(framed);
    }

    @Test
    void aLargerWindowOfTheSameAppMovedOverTheObservedOneIsNotItsFrame() {
        Rect observed = new Rect(200, 200, 400, 300);
        W own = new W("Mail", new Rect(200, 200, 400, 300));
        W cover = new W("Mail: unlock", new Rect(150, 150, 480, 380));

        assertThat(WindowFit.around(observed, "Mail", List.of(cover, own), FRAME, TITLE)).containsExactly(own);
        // Alone, a window larger than the decorations allow frames nothing.
        assertThat(WindowFit.around(observed, "Mail", List.of(new W("big", new Rect(0, 0, 1600, 1000))), FRAME, TITLE))
                .isEmpty();
        assertThat(WindowFit.holds(new Rect(0, 0, 1600, 1000), observed)).isFalse();
    }

    @Test
    void twoWindowsMatchingEquallyAreBothReturnedSoTheCallerRefuses() {
        W a = new W("One", new Rect(0, 0, 400, 300));
        W b = new W("Two", new Rect(0, 0, 400, 300));
        W small = new W("Small", new Rect(10, 10, 50, 50));

        assertThat(WindowFit.inside(new Rect(0, 0, 400, 300), List.of(small, a, b), FRAME)).containsExactly(a, b);
        assertThat(WindowFit.around(new Rect(0, 0, 400, 300), "Three", List.of(small, a, b), FRAME, TITLE))
                .containsExactly(a, b);
        assertThat(WindowFit.inside(new Rect(500, 500, 100, 100), List.of(small, a, b), FRAME)).isEmpty();
    }

    @Test
    void underAWindowManagerTheDecoratedOwnWindowBeatsAnUndecoratedOneLaidExactlyOverIt() {
        Rect observed = new Rect(200, 230, 400, 300);
        // Its own X frame adds a 30 px title bar; the app's other, undecorated window fits exactly.
        W own = new W("Mail", new Rect(200, 200, 400, 330));
        W laidOver = new W("Mail: unlock", new Rect(200, 230, 400, 300));

        assertThat(WindowFit.around(observed, "Mail", List.of(laidOver, own), FRAME, TITLE)).containsExactly(own);
    }

    @Test
    void twoMaximisedWindowsOfOneAppAreToldApartByTitle() {
        Rect observed = new Rect(0, 0, 1600, 1000);
        W inbox = new W("Inbox", new Rect(0, 0, 1600, 1000));
        W draft = new W("Draft", new Rect(0, 0, 1600, 1000));

        assertThat(WindowFit.around(observed, "Draft", List.of(inbox, draft), FRAME, TITLE)).containsExactly(draft);
        assertThat(WindowFit.around(observed, "Other", List.of(inbox, draft), FRAME, TITLE)).containsExactly(inbox, draft);
    }

    @Test
    void aFrameMayStickOutByTheEdgeSlackAndNoMore() {
        Rect x = new Rect(100, 100, 400, 300);
        assertThat(WindowFit.holds(x, new Rect(98, 98, 404, 304))).isTrue();
        assertThat(WindowFit.holds(x, new Rect(97, 100, 400, 300))).isFalse();
        assertThat(WindowFit.holds(null, x)).isFalse();
        assertThat(WindowFit.holds(x, null)).isFalse();
    }
}
