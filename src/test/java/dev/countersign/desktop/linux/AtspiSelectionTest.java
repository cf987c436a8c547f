package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.TextRange;
import dev.countersign.desktop.TextSelection;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Selection and hit testing through AT-SPI on real GTK 3 widgets (src/test/resources/.../selection.py):
 * text ranges in an entry and a text view, rows of a tree view (whose {@code SelectChild} answers
 * false: {@code Table.AddRowSelection} is what works), rows of a list box, a password field that
 * is never selected in, and where a point lands. The app prints every selection change, which is
 * what these tests read besides AT-SPI's own answers.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AtspiSelectionTest {
    private static final String SCRIPT = "/dev/countersign/desktop/linux/selection.py";

    private static List<ElementNode> nodes(TestDesktop desktop, TestDesktop.TargetApp app) {
        return desktop.backend().snapshot(app.app(), app.window(), new SnapshotLimits(400, 12)).nodes();
    }

    private static ElementNode named(List<ElementNode> nodes, String role, String name) {
        return nodes.stream().filter(n -> role.equals(n.role()) && name.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + role + " '" + name + "' in " + nodes));
    }

    private static ElementNode now(DesktopBackend backend, ElementNode node) {
        return ((Recheck.Present) backend.recheck(node.handle())).current();
    }

    private static boolean says(TestDesktop.TargetApp app, String line) throws InterruptedException {
        return TestDesktop.eventually(Duration.ofSeconds(3), () -> {
            try {
                return app.output().lines().anyMatch(line::equals);
            } catch (IOException e) {
                return false;
            }
        });
    }

    @Test
    void aRangeOfAnEntrysTextIsSelectedByOffsetsByTextAndFromAStartAndReadsBack(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        ElementNode title = named(nodes(desktop, desktop.launchScript("Selection", SCRIPT)), "text", "Title");

        backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.Span(4, 9)));
        assertThat(backend.textSelection(title.handle()).spans()).containsExactly(new TextRange.Span(4, 9));

        backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.First("brown")));
        TextSelection brown = backend.textSelection(title.handle());
        assertThat(brown.spans()).containsExactly(new TextRange.Span(10, 15));
        assertThat(new TextRange.First("brown").shownBy(brown)).isTrue();

        backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.From(0)));
        assertThat(backend.textSelection(title.handle()).spans()).containsExactly(new TextRange.Span(0, 19));
    }

    @Test
    void aWordOfAMultiLineTextViewIsSelectedByText(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        ElementNode body = named(nodes(desktop, desktop.launchScript("Selection", SCRIPT)), "text", "Body");
        assertThat(body.actions()).as("a text view has no accessible action").isEmpty();

        backend.perform(body.handle(), new ElementAction.SelectText(new TextRange.First("Friday")));
        // "Dear Ann,\n" is 10 characters, "the meeting moved to " 21 more.
        assertThat(backend.textSelection(body.handle()).spans()).containsExactly(new TextRange.Span(31, 37));
    }

    @Test
    void aRangeThatDoesNotFitIsRefusedBeforeAnythingIsSentAndTheSelectionStays(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        ElementNode title = named(nodes(desktop, desktop.launchScript("Selection", SCRIPT)), "text", "Title");
        backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.Span(0, 3)));

        assertThatThrownBy(() -> backend.perform(title.handle(), new ElementAction.SelectText(new TextRange.Span(4, 40))))
                .isInstanceOfSatisfying(DispatchRefusedException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.error().field()).isEqualTo("end");
                });
        assertThatThrownBy(() -> backend.perform(title.handle(),
                new ElementAction.SelectText(new TextRange.First("lazy dog"))))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().field()).isEqualTo("text"));
        assertThat(backend.textSelection(title.handle()).spans()).containsExactly(new TextRange.Span(0, 3));
    }

    @Test
    void aPasswordFieldIsNeverSelectedInNorItsTextOrSelectionRead(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp app = desktop.launchScript("Selection", SCRIPT);
        ElementNode password = named(nodes(desktop, app), "password text", "Password");
        assertThat(password.secure()).isTrue();

        for (ElementAction select : List.of(new ElementAction.SelectText(new TextRange.From(0)),
                new ElementAction.Select(false))) {
            assertThatThrownBy(() -> backend.perform(password.handle(), select))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        }
        assertThatThrownBy(() -> backend.textSelection(password.handle()))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        Thread.sleep(300);
        assertThat(app.output()).as("the password field's selection never moved").doesNotContain("password-selection");
    }

    @Test
    void aTreeViewsRowIsSelectedThroughItsTableReplacingOrExtendingTheSelection(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp app = desktop.launchScript("Selection", SCRIPT);
        List<ElementNode> nodes = nodes(desktop, app);

        backend.perform(named(nodes, "table cell", "banana").handle(), new ElementAction.Select(false));
        assertThat(says(app, "rows:banana")).as(app.output()).isTrue();
        assertThat(now(backend, named(nodes, "table cell", "banana")).states()).contains("selected");

        backend.perform(named(nodes, "table cell", "dark red").handle(), new ElementAction.Select(true));
        assertThat(says(app, "rows:banana,cherry")).as(app.output()).isTrue();

        backend.perform(named(nodes, "table cell", "apple").handle(), new ElementAction.Select(false));
        assertThat(says(app, "rows:apple")).as(app.output()).isTrue();
    }

    @Test
    void aListBoxRowWithoutAnActionIsSelectedInItsListBox(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp app = desktop.launchScript("Selection", SCRIPT);
        List<ElementNode> nodes = nodes(desktop, app);
        ElementNode drafts = named(nodes, "list item", "Drafts");
        assertThat(drafts.actions()).isEmpty();

        backend.perform(drafts.handle(), new ElementAction.Select(false));
        assertThat(says(app, "folders:Drafts")).as(app.output()).isTrue();
        backend.perform(named(nodes, "list item", "Archive").handle(), new ElementAction.Select(true));
        assertThat(says(app, "folders:Drafts,Archive")).as(app.output()).isTrue();
        assertThat(now(backend, drafts).states()).contains("selected");
    }

    @Test
    void anElementThatIsNoItemOfASelectionIsRefusedAndNothingIsSent(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        ElementNode tap = named(nodes(desktop, desktop.launchScript("Selection", SCRIPT)), "panel", "Tap area");
        assertThatThrownBy(() -> backend.perform(tap.handle(), new ElementAction.Select(false)))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void theHitTestFindsAnElementAtItsCentreAndRefusesAPointAnOverlayCovers(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        List<ElementNode> nodes = nodes(desktop, desktop.launchScript("Selection", SCRIPT));
        ElementNode tap = named(nodes, "panel", "Tap area");
        ElementNode covered = named(nodes, "panel", "Covered");
        ElementNode drafts = named(nodes, "list item", "Drafts");

        // The label inside the panel is the deepest element there: still the panel's.
        PointHit onTap = backend.hitTest(tap.handle(), tap.frame().centerX(), tap.frame().centerY());
        assertThat(onTap.onElement()).as(onTap.found()).isTrue();
        assertThat(onTap.found()).contains("Tap here");
        assertThat(backend.hitTest(drafts.handle(), drafts.frame().centerX(), drafts.frame().centerY()).onElement())
                .isTrue();
        // Another element's point is not this one's.
        assertThat(backend.hitTest(tap.handle(), drafts.frame().centerX(), drafts.frame().centerY()).onElement())
                .isFalse();
        // GTK names the covered panel at its centre, but the badge lies over it there.
        PointHit underBadge = backend.hitTest(covered.handle(), covered.frame().centerX(), covered.frame().centerY());
        assertThat(underBadge.onElement()).isFalse();
        assertThat(underBadge.found()).contains("Badge").contains("overlap");
    }
}
