package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.MenuShortcut;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Where the driver reads what a key presses (without a desktop): the menu item the window binds
 * to the chord, asked of the backend, and the window's default button in the act's observation.
 * What the backend cannot answer, or answers twice with different items, leaves the key asking.
 */
class KeyLandingTest {
    private static final String AGENT = "agent-k";

    static final class EditorDesktop extends MemoryDesktop {
        EditorDesktop(boolean okIsDefault) {
            add("body", new Element("text", "Body", "hello", new Rect(0, 0, 400, 200),
                    Set.of("enabled", "focusable", "focused", "showing", "visible", "editable", "multi_line"),
                    List.of(), false));
            add("title", new Element("text", "Title", "draft", new Rect(0, 210, 400, 30),
                    Set.of("enabled", "focusable", "showing", "visible", "editable", "single_line"),
                    List.of("activate"), false));
            add("ok", new Element("push button", "Delete", null, new Rect(0, 250, 80, 30),
                    okIsDefault ? Set.of("enabled", "showing", "visible", "is_default")
                            : Set.of("enabled", "showing", "visible"), List.of("press"), false));
        }

        /** How often the window's menus were read. */
        final java.util.concurrent.atomic.AtomicInteger menuReads = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public FocusProof focusForTyping(ElementHandle element) {
            return new FocusProof(true, true, "focused (test)");
        }

        @Override
        public List<MenuShortcut> menuShortcuts(dev.countersign.desktop.WindowInfo window) {
            menuReads.incrementAndGet();
            return super.menuShortcuts(window);
        }
    }

    private final TestClock clock = new TestClock(Instant.parse("2026-12-06T12:00:00Z"));

    private ComputerDriver driver(MemoryDesktop desktop, ScriptedApprover approver) {
        DriverSettings settings = DriverSettings.defaults("sess-keys");
        return new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new SequentialIds(), new Random(7), settings);
    }

    private static String press(ComputerDriver driver, String element, String keys) {
        // The receipt's code: APPROVAL_DENIED when the person was asked and said no.
        ObservationView view = ok(driver.observe(AGENT, new ObserveArgs(null, null, null, null, null)));
        return ok(driver.act(AGENT, new KeyArgs(ref(view, element), keys, null))).code();
    }

    @Test
    void aChordIsJudgedByTheItemTheBackendSaysItIsBoundTo() {
        EditorDesktop desktop = new EditorDesktop(false);
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);
        desktop.shortcuts.add(new MenuShortcut("ctrl+s", "Save", null, null));
        desktop.shortcuts.add(new MenuShortcut("ctrl+d", "Delete Rows", null, null));

        press(driver, "Body", "ctrl+s");
        press(driver, "Body", "ctrl+S");
        assertThat(approver.asked).as("Save asks nobody, in either case of its letter").isEmpty();
        press(driver, "Body", "ctrl+d");
        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("delete");
            assertThat(r.summary()).as("the words name the chord and what the app says it does")
                    .startsWith("Press ctrl+d in \u2018Body\u2019").endsWith("the app's menu item \u2018Delete Rows\u2019");
        });
    }

    /**
     * On Linux cmd is pressed as Control: cmd+d is ctrl+d to the application. It is judged by the
     * item ctrl+d is bound to, the person reads "ctrl+d", and ctrl+d is what is sent. (Before, the
     * words said "cmd+d", no binding was found for it, and Control+D went out.)
     */
    @Test
    void cmdIsJudgedShownAndSentAsTheControlItIsPressedAs() {
        EditorDesktop desktop = new EditorDesktop(false);
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(desktop, approver);
        desktop.shortcuts.add(new MenuShortcut("ctrl+d", "Delete Rows", null, null));

        press(driver, "Body", "cmd+d");

        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("delete");
            assertThat(r.summary()).startsWith("Press ctrl+d in \u2018Body\u2019")
                    .endsWith("the app's menu item \u2018Delete Rows\u2019").doesNotContain("cmd");
        });
        assertThat(desktop.dispatched).contains("keys:" + new dev.countersign.desktop.KeyInput.Keys("ctrl+d"));
    }

    @Test
    void aChordBoundToTwoItemsThatDisagreeOrToNoneAsks() {
        EditorDesktop desktop = new EditorDesktop(false);
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);
        desktop.shortcuts.add(new MenuShortcut("ctrl+s", "Save", null, null));
        desktop.shortcuts.add(new MenuShortcut("ctrl+s", "Save and Send", null, null));

        press(driver, "Body", "ctrl+s");
        press(driver, "Body", "ctrl+k");
        assertThat(approver.asked).hasSize(2);
        assertThat(approver.asked.get(1).category()).isEqualTo("unknown_target");
    }

    @Test
    void returnInASingleLineFieldIsJudgedByTheDefaultButtonOfItsObservation() {
        ScriptedApprover denies = ScriptedApprover.always(Decision.DENY);
        EditorDesktop withDefault = new EditorDesktop(true);
        press(driver(withDefault, denies), "Title", "Return");
        assertThat(denies.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("delete");
            assertThat(r.matchedWords()).contains("delete", "Return");
            assertThat(r.summary()).endsWith("presses \u2018Delete\u2019, the window's default button");
        });

        ScriptedApprover second = ScriptedApprover.always(Decision.DENY);
        press(driver(new EditorDesktop(false), second), "Title", "Return");
        assertThat(second.asked).as("no default button: the Return is the app's, and asks")
                .singleElement().satisfies(r -> {
                    assertThat(r.category()).isEqualTo("send");
                    assertThat(r.summary()).as("the person reads what the field hands to the app")
                            .endsWith("it holds \u2018draft\u2019");
                });
    }

    @Test
    void aKeyThatAsksNobodyWithoutItsBindingNeverReadsTheMenus() {
        EditorDesktop desktop = new EditorDesktop(false);
        ComputerDriver driver = driver(desktop, ScriptedApprover.always(Decision.DENY));
        desktop.shortcuts.add(new MenuShortcut("ctrl+s", "Save", null, null));
        press(driver, "Body", "Return");
        press(driver, "Title", "ctrl+a");
        press(driver, "Body", "shift+Tab");
        assertThat(desktop.menuReads).as("a new line, select all in a field, navigation").hasValue(0);
        press(driver, "Body", "ctrl+s");
        assertThat(desktop.menuReads).as("ctrl+s would ask without its binding: read once").hasValue(1);
    }

    @Test
    void returnInAMultiLineTextAsksNobody() {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        EditorDesktop desktop = new EditorDesktop(true);
        assertThat(press(driver(desktop, approver), "Body", "Return")).isNotEqualTo("APPROVAL_DENIED");
        assertThat(approver.asked).isEmpty();
    }
}
