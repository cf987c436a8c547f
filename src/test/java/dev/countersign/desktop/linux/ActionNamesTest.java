package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ActionNamesTest {
    private static final AtspiRef BUTTON = new AtspiRef(":1.7", "/org/a11y/atspi/accessible/12");
    private static final List<Object[]> CLICK = List.<Object[]>of(new Object[] {"Click", "Clicks the button", ""});
    private static final long SHOWING = 1L << 25;
    private static final long CHECKED = 1L << 4;

    @Test
    void namesAreReusedOnlyForTheSameElementAnsweringGetActionsTheSameWay() {
        ActionNames names = new ActionNames();
        names.remember(BUTTON, CLICK, SHOWING, List.of("click"));

        assertThat(names.names(BUTTON, List.<Object[]>of(new Object[] {"Click", "Clicks the button", ""}), SHOWING))
                .containsExactly("click");
        assertThat(names.names(new AtspiRef(":1.7", "/org/a11y/atspi/accessible/13"), CLICK, SHOWING)).isNull();
        assertThat(names.names(new AtspiRef(":1.8", BUTTON.path()), CLICK, SHOWING)).isNull();
    }

    @Test
    void aChangedGetActionsAnswerIsAskedAgain() {
        ActionNames names = new ActionNames();
        names.remember(BUTTON, CLICK, SHOWING, List.of("click"));

        assertThat(names.names(BUTTON, List.<Object[]>of(new Object[] {"Click", "Clicks the button", "<Alt>c"}),
                SHOWING)).isNull();
        assertThat(names.names(BUTTON, List.<Object[]>of(new Object[] {"Click", "Clicks the button", ""},
                new Object[] {"Press", "", ""}), SHOWING)).isNull();
        assertThat(names.names(BUTTON, List.of(), SHOWING)).isNull();
    }

    @Test
    void aBrowsersCheckBoxWhoseActionIsNamedAfterItsStateIsAskedAgainOnceItsStateChanges() {
        // Chromium answers GetActions with an empty label and names the action "check", then "uncheck".
        List<Object[]> unlabelled = List.<Object[]>of(new Object[] {"", "", ""});
        ActionNames names = new ActionNames();
        names.remember(BUTTON, unlabelled, SHOWING, List.of("check"));

        assertThat(names.names(BUTTON, unlabelled, SHOWING | CHECKED)).isNull();
        assertThat(names.names(BUTTON, unlabelled, SHOWING)).containsExactly("check");
    }

    @Test
    void nothingIsKeptOnceCleared() {
        ActionNames names = new ActionNames();
        names.remember(BUTTON, CLICK, SHOWING, List.of("click"));
        names.clear();
        assertThat(names.names(BUTTON, CLICK, SHOWING)).isNull();
    }
}
