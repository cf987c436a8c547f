package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.testkit.ScriptedApprover;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal before any of an act's input reaches the app is a receipt with status
 * {@code rejected}, its code, and the error flag, so an agent knows the act did not happen;
 * {@code unknown} is kept for "sent, effect unproven". One case per refusal code.
 */
class RefusalReceiptsTest {

    record Case(String code, Function<DriverHarness, Receipt> act) {
        @Override
        public String toString() {
            return code;
        }
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(new Case("TARGET_CHANGED", h -> {
                    // The target never takes keyboard focus: no key is sent.
                    h.desktop.elements.get("ok").takesFocus = false;
                    return ok(h.driver.act("agent-a", new KeyArgs(ref(h.observe("agent-a"), "OK"), "Tab", null)));
                })),
                Arguments.of(new Case("AGENT_PAUSED", h -> {
                    // Paused while focus moved: the keys wait for the last check, which refuses.
                    h.desktop.elements.get("ok").onFocus = e -> h.driver.pauseAll();
                    return ok(h.driver.act("agent-a", new KeyArgs(ref(h.observe("agent-a"), "OK"), "Tab", null)));
                })),
                Arguments.of(new Case("LEASE_INVALID", h -> {
                    String target = ref(h.observe("agent-a"), "OK");
                    h.driver.leases().current("agent-a");
                    h.driver.leases().revoke("agent-a");
                    return ok(h.driver.act("agent-a", ActArgs.click(target)));
                })),
                Arguments.of(new Case("APPROVAL_DENIED", h -> {
                    h.approver.answer = r -> java.util.concurrent.CompletableFuture.completedFuture(Decision.DENY);
                    return ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
                })));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void aRefusalBeforeDispatchIsRejectedWithItsCodeAndAnError(Case c) {
        DriverHarness h = new DriverHarness();

        Receipt receipt = c.act().apply(h);

        assertThat(receipt.code()).isEqualTo(c.code());
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(receipt.isError()).isTrue();
        assertThat(h.desktop.dispatched).noneMatch(d -> d.startsWith("keys:") || d.startsWith("press:")
                || d.startsWith("pointer:"));
    }
}
