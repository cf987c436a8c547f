package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code type} into a terminal, without a desktop: keyboard text at the cursor, printable only,
 * and the Return that runs the line is a {@code key} the person's policy asks about. The attacks
 * a hostile agent would try — a newline, a carriage return, ESC, Ctrl+C, bidi marks smuggled in
 * the text — are refused before anything is typed, and the observation stays usable.
 */
class TerminalTypingTest {
    private static final String AGENT = "agent-t";

    /** A terminal whose shell echoes typed text at its prompt, on a backend that proves keyboard focus. */
    static final class TerminalDesktop extends MemoryDesktop {
        volatile boolean echoes = true;

        TerminalDesktop() {
            add("term", new Element("terminal", "Terminal", "$ ", new Rect(0, 0, 400, 300),
                    Set.of("enabled", "focusable", "focused", "showing", "visible"), List.of("menu"), false));
        }

        @Override
        public FocusProof focusForTyping(ElementHandle element) {
            dispatched.add("focus-proof");
            return new FocusProof(true, true, "focused (test)");
        }

        @Override
        public Dispatch keys(KeyInput input) {
            if (echoes && input instanceof KeyInput.Text text) {
                elements.get("term").value += text.text();
            }
            return super.keys(input);
        }

        List<String> keysSent() {
            return dispatched.stream().filter(d -> d.startsWith("keys:")).toList();
        }
    }

    private final TestClock clock = new TestClock(Instant.parse("2026-11-29T12:00:00Z"));
    private final TerminalDesktop desktop = new TerminalDesktop();

    private ComputerDriver driver(ScriptedApprover approver) {
        DriverSettings settings = DriverSettings.defaults("sess-term");
        return new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new SequentialIds(), new Random(7), settings);
    }

    private static ObservationView observe(ComputerDriver driver) {
        return ok(driver.observe(AGENT, new ObserveArgs(null, null, null, null, null)));
    }

    @Test
    void typedTextGoesToTheTerminalAsKeyboardTextAtItsCursorAndIsConfirmedWhenItShows() {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = driver(approver);

        Receipt receipt = ok(driver.act(AGENT, ActArgs.type(ref(observe(driver), "Terminal"), "mv old new")));

        assertThat(receipt.status()).as("%s", receipt).isEqualTo("confirmed");
        assertThat(receipt.strategy()).isEqualTo("keyboard");
        assertThat(desktop.keysSent()).as("no ctrl+a (a key to the shell), no Return").containsExactly(
                "keys:" + new KeyInput.Text("mv old new"));
        assertThat(desktop.dispatched).as("never its accessible text").noneMatch(d -> d.startsWith("set:"));
        assertThat(desktop.dispatched.indexOf("focus-proof")).as("focus is proven before any key")
                .isLessThan(desktop.dispatched.indexOf("keys:" + new KeyInput.Text("mv old new")));
        assertThat(approver.asked).as("typing runs nothing, so it asks nobody").isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"mv old new\n", "mv old new\r", "\n", "ls\u001b[2J", "\u0003", "\u0004", "ls\tx",
            "rm -rf x\u2028", "echo \u202Esafe", "a\u0000b", "echo \u200Bhi", ""})
    void textThatCouldRunInterruptOrHideALineIsRefusedAndNothingIsTyped(String text) {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(approver);
        ObservationView view = observe(driver);
        String terminal = ref(view, "Terminal");

        var error = err(driver.act(AGENT, ActArgs.type(terminal, text)));

        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo("text");
        assertThat(desktop.dispatched).as("nothing reached the terminal").isEmpty();
        assertThat(approver.asked).isEmpty();
        // Refused before the observation was spent: the same ref still types printable text.
        assertThat(ok(driver.act(AGENT, ActArgs.type(terminal, "ls"))).status()).isEqualTo("confirmed");
    }

    @Test
    void anInsertIntoATerminalIsRefusedAlikeWhenItHoldsANewline() {
        ComputerDriver driver = driver(new ScriptedApprover());

        var error = err(driver.act(AGENT, ActArgs.insert(ref(observe(driver), "Terminal"), "ls\n")));

        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(desktop.dispatched).isEmpty();
    }

    @Test
    void returnOnTheTerminalAsksThePersonAndADenialSendsNoKey() {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(approver);
        ok(driver.act(AGENT, ActArgs.type(ref(observe(driver), "Terminal"), "mv old new")));

        Receipt receipt = ok(driver.act(AGENT, new KeyArgs(ref(observe(driver), "Terminal"), "Return", null)));

        assertThat(receipt.code()).isEqualTo("APPROVAL_DENIED");
        assertThat(approver.asked).singleElement().satisfies(r -> {
            assertThat(r.category()).isEqualTo("run");
            assertThat(r.matchedWords()).contains("Return");
            assertThat(r.summary()).as("the person reads the line Return would run")
                    .endsWith("its last line reads \u2018$ mv old new\u2019");
        });
        assertThat(desktop.keysSent()).as("only the typed text; no Return").containsExactly(
                "keys:" + new KeyInput.Text("mv old new"));
    }

    @Test
    void returnOnTheTerminalIsSentOnceThePersonAllows() {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = driver(approver);

        Receipt receipt = ok(driver.act(AGENT, new KeyArgs(ref(observe(driver), "Terminal"), "Return", null)));

        assertThat(receipt.approval().decision()).isEqualTo("allowed_once");
        assertThat(desktop.keysSent()).containsExactly("keys:" + new KeyInput.Keys("Return"));
    }

    @Test
    void theLineQuotedToThePersonHasItsCredentialsWithheld() {
        desktop.elements.get("term").value = "$ export GH=ghp_" + "a".repeat(36) + "\n\n\n";
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = driver(approver);

        ok(driver.act(AGENT, new KeyArgs(ref(observe(driver), "Terminal"), "Return", null)));

        assertThat(approver.asked).singleElement().satisfies(r -> assertThat(r.summary())
                .contains("its last line reads \u2018$ export GH=").doesNotContain("a".repeat(36)));
    }

    @Test
    void textThatDoesNotShowIsUnknownNotConfirmed() {
        // A program that does not echo (a password prompt), or a command already on screen: the
        // text typed must show once more than before, or the receipt says it does not know.
        desktop.elements.get("term").value = "$ ls\nfile\n$ ";
        desktop.echoes = false;
        ComputerDriver driver = driver(new ScriptedApprover());

        Receipt receipt = ok(driver.act(AGENT, ActArgs.type(ref(observe(driver), "Terminal"), "ls")));

        assertThat(receipt.status()).isEqualTo("unknown");
        assertThat(receipt.code()).isNull();
    }
}
