package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.driver.TypeArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.security.SecureRandom;
import java.time.Clock;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code type} on the macOS backend over the framework harness (text-entry.json), where
 * {@code AXValue} cannot be set whole: a replace sets {@code AXSelectedTextRange} to the whole
 * value and then {@code AXSelectedText}; an insert collapses the selection to its end and sets
 * {@code AXSelectedText} at the caret. No key is posted on either route (on a Mac Control+A is
 * "start of line"). The receipt is confirmed only when the value reads back as it should, else
 * unknown. Fields named only by their {@code AXTitleUIElement} take that name, and one named
 * "Password" so is secure: its value is never read.
 */
@Tag("macos-sim")
class MacTextEntryHarnessTest extends HarnessBackendFixture {
    MacTextEntryHarnessTest() {
        super("text-entry.json", "Mail", "com.example.mail");
    }

    /** The text field of this name (a label's static text may carry the same words). */
    private static ElementNode named(TreeSnapshot snapshot, String name) {
        return snapshot.nodes().stream().filter(n -> name.equals(n.name()) && "AXTextField".equals(n.role())).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name + " in " + snapshot.nodes()));
    }

    private String valueOf(ElementNode node) {
        return ((Recheck.Present) backend.recheck(node.handle())).current().value();
    }

    @Nested
    class Backend {
        @Test
        void aReplaceSelectsTheWholeValueInUtf16UnitsThenSetsTheSelectedText() {
            ElementNode subject = named(snapshot(), "Subject");
            int id = desktop.node("0/0");

            Dispatch d = backend.perform(subject.handle(), new ElementAction.SetValue("Quarterly report"));

            // "Draft 👍" is seven characters but eight UTF-16 units.
            assertThat(sim.calls()).contains("set " + id + " AXSelectedTextRange range(0,8)",
                    "set " + id + " AXSelectedText 'Quarterly report'");
            assertThat(sim.calls()).doesNotContain("set " + id + " AXValue");
            assertThat(d.strategy()).isEqualTo("ax.AXUIElementSetAttributeValue");
            assertThat(valueOf(subject)).isEqualTo("Quarterly report");
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void anInsertCollapsesTheSelectionToItsEndAndErasesNothing() {
            ElementNode greeting = named(snapshot(), "Greeting");
            int id = desktop.node("0/1");

            Dispatch d = backend.perform(greeting.handle(), new ElementAction.InsertText(","));

            assertThat(sim.calls()).contains("set " + id + " AXSelectedTextRange range(5,0)",
                    "set " + id + " AXSelectedText ','");
            assertThat(d.detail()).contains("UTF-16 offset 5");
            assertThat(valueOf(greeting)).isEqualTo("Hello, world");
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void anElementWithoutASettableSelectionIsRefusedAsInvalidBeforeAnythingIsSent() {
            ElementNode city = named(snapshot(), "City");
            assertThatThrownBy(() -> backend.perform(city.handle(), new ElementAction.InsertText("x")))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
            assertThat(sim.calls()).doesNotContain("set " + desktop.node("0/6") + " ");
        }

        @Test
        void aFieldNamedOnlyByItsTitleElementTakesThatName() {
            ElementNode city = named(snapshot(), "City");
            assertThat(city.secure()).isFalse();
            assertThat(city.value()).isEqualTo("Lisbon");
        }

        @Test
        void aFieldNamedPasswordOnlyByItsTitleElementIsSecureAndItsValueIsNeverRead() {
            TreeSnapshot tree = snapshot();
            ElementNode password = tree.nodes().stream().filter(n -> n.secure()).findFirst()
                    .orElseThrow(() -> new AssertionError("no secure node in " + tree.nodes()));
            assertThat(password.name()).isEqualTo("Password");
            assertThat(password.value()).isNull();

            for (ElementAction action : new ElementAction[] {new ElementAction.InsertText("x"),
                new ElementAction.SetValue("x")}) {
                assertThatThrownBy(() -> backend.perform(password.handle(), action))
                        .isInstanceOfSatisfying(CountersignException.class,
                                e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
            }
            assertThatThrownBy(() -> backend.focusForTyping(password.handle()))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
            int id = desktop.node("0/4");
            assertThat(sim.calls()).doesNotContain("set " + id + " AXFocused");
            assertThat(sim.calls()).doesNotContain("read " + id + " AXValue\n").doesNotContain("set " + id + " ")
                    .doesNotContain("read " + id + " AXSelectedText\n");
            assertThat(sim.calls()).contains("read " + id + " AXTitleUIElement");
        }
    }

    @Nested
    class Driver {
        private final ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);

        private ComputerDriver driver() {
            DriverSettings settings = DriverSettings.defaults("sess-mac");
            Clock clock = Clock.systemUTC();
            return new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                    new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                    clock, new RandomIds(), new SecureRandom(), settings);
        }

        private ObservationView observe(ComputerDriver driver) {
            return ok(driver.observe("agent-a", new ObserveArgs(null, null, null, null, null)));
        }

        private static String ref(ObservationView view, String name) {
            return view.nodes().stream().filter(n -> name.equals(n.name())).map(NodeView::ref).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + name));
        }

        @SuppressWarnings("unchecked")
        private static <T> T ok(ToolResult<T> result) {
            assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
            return ((ToolResult.Ok<T>) result).value();
        }

        @Test
        void aReplaceThroughTheSelectionIsConfirmedByItsReadBackAndPostsNoKey() {
            ComputerDriver driver = driver();
            Receipt receipt = ok(driver.act("agent-a", new TypeArgs(ref(observe(driver), "Subject"),
                    "Quarterly report", null)));

            assertThat(receipt.status()).as("%s", receipt).isEqualTo("confirmed");
            assertThat(receipt.strategy()).isEqualTo("ax.AXUIElementSetAttributeValue");
            assertThat(sim.calls()).contains("AXSelectedText 'Quarterly report'");
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void anInsertAtTheCaretIsConfirmedWhenTheValueReadsBackWithOnlyTheTextInserted() {
            ComputerDriver driver = driver();
            Receipt receipt = ok(driver.act("agent-a", new TypeArgs(ref(observe(driver), "Greeting"), ",",
                    null, "insert")));

            assertThat(receipt.status()).as("%s", receipt).isEqualTo("confirmed");
            assertThat(receipt.strategy()).isEqualTo("ax.AXUIElementSetAttributeValue");
            assertThat(sim.events()).isEmpty();
        }

        @Test
        void anInsertTheFieldAcceptsButDoesNotShowIsUnknownAndNothingIsTypedOnTheKeyboard() {
            ComputerDriver driver = driver();
            Receipt receipt = ok(driver.act("agent-a", new TypeArgs(ref(observe(driver), "Search"), " and dogs",
                    null, "insert")));

            assertThat(receipt.status()).as("%s", receipt).isEqualTo("unknown");
            assertThat(sim.calls()).contains("set " + desktop.node("0/2") + " AXSelectedText ' and dogs'");
            assertThat(sim.events()).isEmpty();
        }
    }
}
