package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.TextRange;
import dev.countersign.policy.Operation;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code computer_act select}: a range of an element's text or an item of its list, changing no
 * data, never asking, never on a secure field; evidence is the selection read back.
 */
class SelectTest {
    /** The login form, its user name holding text, plus two rows of a list. */
    private static DriverHarness harness() {
        MemoryDesktop d = MemoryDesktop.loginForm();
        d.elements.get("user").value = "The quick brown fox";
        d.add("inbox", new MemoryDesktop.Element("list item", "Inbox", null, new Rect(10, 140, 200, 20),
                Set.of("enabled", "selectable", "selected", "showing", "visible"), List.of(), false));
        d.add("drafts", new MemoryDesktop.Element("list item", "Drafts", null, new Rect(10, 160, 200, 20),
                Set.of("enabled", "selectable", "showing", "visible"), List.of(), false));
        return new DriverHarness(d, new ScriptedApprover(), DriverSettings.defaults("sess-test"));
    }

    private static ActArgs bind(String json) {
        try {
            return Json.bind(Json.mapper().readValue(json, ObjectNode.class), ActArgs.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    @Nested
    class Text {
        @Test
        void byOffsetsTheRangeIsSelectedAndReadsBack() {
            DriverHarness h = harness();
            Receipt receipt = ok(h.driver.act("agent-a", SelectArgs.span(ref(h.observe("agent-a"), "User name"), 4, 9)));
            assertThat(h.desktop.dispatched).containsExactly("selecttext:user");
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(receipt.verification().detail()).contains("the selection reads back [4, 9)");
        }

        @Test
        void byTextTheFirstOccurrenceIsSelected() {
            DriverHarness h = harness();
            Receipt receipt = ok(h.driver.act("agent-a", SelectArgs.text(ref(h.observe("agent-a"), "User name"),
                    "brown")));
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(h.desktop.elements.get("user").selection).containsExactly(new TextRange.Span(10, 15));
        }

        @Test
        void fromStartZeroAllOfTheTextIsSelected() {
            DriverHarness h = harness();
            Receipt receipt = ok(h.driver.act("agent-a", SelectArgs.all(ref(h.observe("agent-a"), "User name"))));
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(h.desktop.elements.get("user").selection).containsExactly(new TextRange.Span(0, 19));
        }

        @Test
        void aTextTheFieldDoesNotHoldIsRefusedBeforeTheObservationIsSpent() {
            DriverHarness h = harness();
            ObservationView view = h.observe("agent-a");
            var error = err(h.driver.act("agent-a", SelectArgs.text(ref(view, "User name"), "lazy dog")));
            assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(error.field()).isEqualTo("text");
            // The agent's own text is never quoted back, nor the element's.
            assertThat(error.message()).doesNotContain("lazy").doesNotContain("quick");
            assertThat(h.desktop.dispatched).isEmpty();
            ok(h.driver.act("agent-a", SelectArgs.span(ref(view, "User name"), 0, 3)));
        }

        @Test
        void aRangePastTheEndOfTheTextIsRefusedAndNothingIsSelected() {
            DriverHarness h = harness();
            var error = err(h.driver.act("agent-a", SelectArgs.span(ref(h.observe("agent-a"), "User name"), 4, 40)));
            assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(error.field()).isEqualTo("end");
            assertThat(h.desktop.dispatched).isEmpty();
        }

        @Test
        void aTextThatChangedUnderTheRangeBeforeDispatchIsRefusedThereNotSelectedPastItsEnd() {
            DriverHarness h = harness();
            String ref = ref(h.observe("agent-a"), "User name");
            h.desktop.elements.get("user").value = "short";
            Receipt receipt = ok(h.driver.act("agent-a", SelectArgs.span(ref, 4, 9)));
            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo("INVALID_ARGUMENT");
            assertThat(h.desktop.dispatched).isEmpty();
        }

        @Test
        void offsetsCountCharactersNotUtf16Units() {
            // "👍 ok": the thumb is one character (two UTF-16 units); "ok" is characters 2-4.
            assertThat(new TextRange.First("ok").resolve("\uD83D\uDC4D ok")).isEqualTo(new TextRange.Span(2, 4));
            assertThat(new TextRange.From(0).resolve("\uD83D\uDC4D ok")).isEqualTo(new TextRange.Span(0, 4));
        }
    }

    @Nested
    class Items {
        @Test
        void selectingAnItemReplacesItsContainersSelection() {
            DriverHarness h = harness();
            Receipt receipt = ok(h.driver.act("agent-a", SelectArgs.item(ref(h.observe("agent-a"), "Drafts"), false)));
            assertThat(h.desktop.dispatched).containsExactly("select:drafts");
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(receipt.verification().detail()).contains("the element is selected");
            assertThat(h.desktop.elements.get("inbox").states).doesNotContain("selected");
        }

        @Test
        void extendAddsTheItemToTheSelection() {
            DriverHarness h = harness();
            ok(h.driver.act("agent-a", SelectArgs.item(ref(h.observe("agent-a"), "Drafts"), true)));
            assertThat(h.desktop.dispatched).containsExactly("extend:drafts");
            assertThat(h.desktop.elements.get("inbox").states).contains("selected");
            assertThat(h.desktop.elements.get("drafts").states).contains("selected");
        }

        @Test
        void anElementThatIsNoItemOfASelectionIsRefusedBeforeTheObservationIsSpent() {
            DriverHarness h = harness();
            var error = err(h.driver.act("agent-a", SelectArgs.item(ref(h.observe("agent-a"), "OK"), false)));
            assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(error.message()).contains("not an item, row or cell");
            assertThat(h.desktop.dispatched).isEmpty();
        }
    }

    @Nested
    class Refusals {
        @Test
        void selectingInAPasswordFieldIsRefusedAndNothingIsSelected() {
            DriverHarness h = harness();
            ObservationView view = h.observe("agent-a");
            var error = err(h.driver.act("agent-a", SelectArgs.all(ref(view, "Password"))));
            assertThat(error.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
            assertThat(h.desktop.dispatched).isEmpty();
            // Refused before anything was spent: the observation still carries an act.
            ok(h.driver.act("agent-a", ActArgs.click(ref(view, "Remember me"))));
        }

        @Test
        void thePolicyRefusesASecureTargetWhateverElseSaysSo() {
            ElementNode password = new ElementNode(new ElementHandle() { }, "password text", null, "Password", "", null,
                    null, new Rect(0, 0, 40, 20), Set.of("editable"), List.of(), true, 1, 0);
            PolicyApprovals policy = new PolicyApprovals(RiskPolicy.defaults());
            try {
                policy.requirementFor(SelectArgs.all("r1"), password);
                throw new AssertionError("a secure field was not refused");
            } catch (CountersignException e) {
                assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
            }
        }

        @ParameterizedTest(name = "{0} is refused naming {1}")
        @CsvSource(delimiter = '|', value = {
            "{\"ref\":\"r1\",\"op\":\"select\",\"start\":5,\"end\":2}|end",
            "{\"ref\":\"r1\",\"op\":\"select\",\"start\":5,\"end\":5}|end",
            "{\"ref\":\"r1\",\"op\":\"select\",\"start\":-1}|start",
            "{\"ref\":\"r1\",\"op\":\"select\",\"end\":4}|start",
            "{\"ref\":\"r1\",\"op\":\"select\",\"text\":\"\"}|text",
            "{\"ref\":\"r1\",\"op\":\"select\",\"start\":0,\"text\":\"fox\"}|text",
            "{\"ref\":\"r1\",\"op\":\"select\",\"text\":\"fox\",\"extend\":true}|extend",
            "{\"ref\":\"r1\",\"op\":\"select\",\"start\":0,\"end\":200000000}|end",
            "{\"ref\":\"r1\",\"op\":\"select\",\"keys\":\"Tab\"}|keys",
            "{\"ref\":\"r1\",\"op\":\"select\",\"all\":true}|all",
            "{\"ref\":\"r1\",\"op\":\"click\",\"start\":1}|start"})
        void argumentsThatDoNotFitAreInvalidAndNameTheirField(String json, String field) {
            CountersignException e;
            try {
                ActArgs args = bind(json);
                var problem = args.validate();
                assertThat(problem).as(json).isPresent();
                assertThat(problem.get().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                assertThat(problem.get().field()).isEqualTo(field);
                return;
            } catch (CountersignException bound) {
                e = bound;
            }
            assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.error().field()).isEqualTo(field);
        }

        @Test
        void anInvalidRangeChangesNothingAndLeavesTheObservationUsable() {
            DriverHarness h = harness();
            ObservationView view = h.observe("agent-a");
            var error = err(h.driver.act("agent-a", new SelectArgs(ref(view, "User name"), 9, 4, null, null, null)));
            assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(h.desktop.dispatched).isEmpty();
            ok(h.driver.act("agent-a", SelectArgs.span(ref(view, "User name"), 4, 9)));
        }
    }

    @Nested
    class Governed {
        private final PolicyApprovals policy = new PolicyApprovals(RiskPolicy.defaults());

        @Test
        void selectingNeverAsksEvenAnItemNamedDelete() {
            ElementNode row = new ElementNode(new ElementHandle() { }, "list item", null, "Delete all", "", null, null,
                    new Rect(0, 0, 40, 20), Set.of("selectable"), List.of(), false, 1, 0);
            ActArgs select = SelectArgs.item("r1", false);
            assertThat(select.facts(row).operation()).isEqualTo(Operation.SELECT);
            assertThat(policy.requirementFor(select, row).required()).isFalse();
            assertThat(select.mutates()).isFalse();
        }

        @Test
        void theDigestBindsTheRangeAndTheSearchedTextOnlyAsItsDigest() {
            assertThat(SelectArgs.span("r1", 2, 5).boundArguments()).containsEntry("start", 2).containsEntry("end", 5);
            assertThat(SelectArgs.text("r1", "hunter2").boundArguments()).containsOnlyKeys("text_sha256")
                    .containsEntry("text_sha256", EffectProbe.valueDigest("hunter2"));
            assertThat(SelectArgs.item("r1", true).boundArguments()).containsEntry("extend", true);
        }

        @Test
        void theOperationBindsFromItsWireName() {
            ActArgs args = bind("{\"ref\":\"r1\",\"op\":\"select\",\"start\":2,\"end\":5}");
            assertThat(args).isEqualTo(SelectArgs.span("r1", 2, 5));
            assertThat(Operation.of("computer_act", "select")).contains(Operation.SELECT);
        }
    }
}
