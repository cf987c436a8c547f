package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.FocusProof;
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
 * Keys where the app never says which element has focus (without a desktop): the window system
 * proves the window holds input focus, no element reports focus, and the key goes to an unknown
 * element of the window only as the policy judged it; everything else is refused with no key sent.
 */
class UnreportedFocusTest {
    private static final String AGENT = "agent-u";
    private static final Set<String> PLAIN = Set.of("enabled", "focusable", "showing", "visible");

    /** A window with a tree and a note field; nothing in it reports focus, its window holds input focus. */
    static final class SilentDesktop extends MemoryDesktop {
        volatile boolean windowFocused = true;
        /** Runs when focus is proven, before the driver reads the window again (a field that appears meanwhile). */
        volatile Runnable duringFocus = () -> { };

        SilentDesktop() {
            add("tree", new Element("tree", "Planets", null, new Rect(0, 0, 300, 200), PLAIN, List.of(), false));
            add("note", new Element("text", "Note", "", new Rect(0, 210, 300, 30),
                    Set.of("enabled", "focusable", "showing", "visible", "editable", "single_line"), List.of(), false));
        }

        @Override
        public FocusProof focusForTyping(ElementHandle element) {
            duringFocus.run();
            return new FocusProof(false, windowFocused, "element not focused (test); window "
                    + (windowFocused ? "focused" : "not focused"));
        }
    }

    private final TestClock clock = new TestClock(Instant.parse("2026-12-06T12:00:00Z"));

    private ComputerDriver driver(MemoryDesktop desktop, ScriptedApprover approver) {
        DriverSettings settings = DriverSettings.defaults("sess-unreported");
        return new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new SequentialIds(), new Random(7), settings);
    }

    private static Receipt press(ComputerDriver driver, String element, String keys) {
        ObservationView view = ok(driver.observe(AGENT, new ObserveArgs(null, null, null, null, null)));
        return ok(driver.act(AGENT, new KeyArgs(ref(view, element), keys, null)));
    }

    private static long keysSent(MemoryDesktop desktop) {
        return desktop.dispatched.stream().filter(d -> d.startsWith("keys:")).count();
    }

    @Test
    void escapeAndDownGoToAnUnknownElementOfTheFocusedWindowUnaskedAndTheReceiptSaysSo() {
        SilentDesktop desktop = new SilentDesktop();
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(desktop, approver);

        Receipt escape = press(driver, "Planets", "Escape");
        Receipt down = press(driver, "Planets", "Down");

        assertThat(escape.status()).isNotEqualTo("rejected");
        assertThat(down.status()).isNotEqualTo("rejected");
        assertThat(escape.verification().detail()).contains("unknown element of window");
        assertThat(keysSent(desktop)).isEqualTo(2);
        assertThat(approver.asked).isEmpty();
    }

    @Test
    void aValueKeyJudgedAsReachingTheTargetIsRefusedOnceAndThenAsksSayingFocusIsNotReported() {
        SilentDesktop desktop = new SilentDesktop();
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(desktop, approver);

        Receipt first = press(driver, "Planets", "Return");

        assertThat(first.status()).isEqualTo("rejected");
        assertThat(first.code()).isEqualTo("TARGET_CHANGED");
        assertThat(first.detail()).contains("does not say which element has focus").contains("Act again");
        assertThat(keysSent(desktop)).isZero();

        Receipt second = press(driver, "Planets", "Return");

        assertThat(approver.asked).hasSize(2);
        assertThat(approver.asked.get(0).matchedWords()).doesNotContain(RiskPolicy.FOCUS_UNREPORTED);
        assertThat(approver.asked.get(1).matchedWords()).contains(RiskPolicy.FOCUS_UNREPORTED);
        assertThat(approver.asked.get(1).summary()).contains("the app does not say which element has focus");
        assertThat(second.status()).isNotEqualTo("rejected");
        assertThat(keysSent(desktop)).isEqualTo(1);
    }

    @Test
    void noKeyGoesOnWhenTheWindowDoesNotHoldInputFocus() {
        SilentDesktop desktop = new SilentDesktop();
        desktop.windowFocused = false;
        ComputerDriver driver = driver(desktop, new ScriptedApprover());

        Receipt escape = press(driver, "Planets", "Escape");

        assertThat(escape.status()).isEqualTo("rejected");
        assertThat(escape.code()).isEqualTo("TARGET_CHANGED");
        assertThat(escape.detail()).contains("not on the target system-wide");
        assertThat(keysSent(desktop)).isZero();
    }

    @Test
    void anotherElementThatReportsFocusTakesTheKeySoTheTargetIsNotReachedAndNothingIsSent() {
        SilentDesktop desktop = new SilentDesktop();
        desktop.elements.get("note").states = Set.of("enabled", "focusable", "focused", "showing", "visible",
                "editable", "single_line");
        ComputerDriver driver = driver(desktop, new ScriptedApprover());

        Receipt escape = press(driver, "Planets", "Escape");

        assertThat(escape.status()).isEqualTo("rejected");
        assertThat(escape.code()).isEqualTo("TARGET_CHANGED");
        assertThat(escape.detail()).contains("another element of the window").contains("Note");
        assertThat(keysSent(desktop)).isZero();
    }

    @Test
    void typingIsRefusedUnaskedInAWindowWithASecureFieldWhoseAppIsSilentAboutFocus() {
        SilentDesktop desktop = new SilentDesktop();
        desktop.add("password", new MemoryDesktop.Element("password text", "Password", null,
                new Rect(0, 250, 300, 30), PLAIN, List.of(), true));
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(desktop, approver);
        press(driver, "Planets", "Tab");

        var typed = driver.act(AGENT, new KeyArgs(ref(ok(driver.observe(AGENT,
                new ObserveArgs(null, null, null, null, null))), "Planets"), "a", null));

        assertThat(DriverHarness.err(typed).code()).isEqualTo(dev.countersign.core.ErrorCode.SECURE_FIELD_REFUSED);
        assertThat(approver.asked).isEmpty();
        assertThat(keysSent(desktop)).isEqualTo(1);
    }

    @Test
    void aSecureFieldThatAppearsBeforeTheKeysGoRefusesAKeyJudgedWithoutOne() {
        SilentDesktop desktop = new SilentDesktop();
        ComputerDriver driver = driver(desktop, new ScriptedApprover());
        desktop.duringFocus = () -> desktop.add("password", new MemoryDesktop.Element("password text", "Password",
                null, new Rect(0, 250, 300, 30), PLAIN, List.of(), true));

        Receipt down = press(driver, "Planets", "Down");

        assertThat(down.status()).isEqualTo("rejected");
        assertThat(down.code()).isEqualTo("SECURE_FIELD_REFUSED");
        assertThat(keysSent(desktop)).isZero();
    }
}
