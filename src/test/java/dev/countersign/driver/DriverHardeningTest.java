package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.countersign.approval.Decision;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.desktop.PointHit;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The cases a review found: races, raw clicks, focus, revocation, policy edits, failures while asking. */
class DriverHardeningTest {

    @AfterEach
    void restorePolicy() {
        DriverHarness.CURRENT.set(DriverHarness.POLICY);
    }

    @Test
    void anInternalInvariantFailureAnswersInternalLoggedOnceNotTheAgentsBadArgument() {
        DriverHarness h = new DriverHarness();
        h.desktop.inconsistentSnapshot = true;
        Logger logger = (Logger) LoggerFactory.getLogger(ComputerDriver.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        try {
            var error = err(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, null)));
            // The agent's arguments were fine: the fault is ours, and says so without our message.
            assertThat(error.code()).isEqualTo(ErrorCode.INTERNAL);
            assertThat(error.message()).isEqualTo("observe failed: IllegalArgumentException")
                    .doesNotContain("truncated");
            assertThat(logged.list).singleElement().satisfies(e -> {
                assertThat(e.getLevel()).isEqualTo(Level.ERROR);
                assertThat(e.getThrowableProxy().getMessage()).contains("truncated must be true");
            });

            // An agent's bad argument is still its own error, named, and nothing is logged for it.
            logged.list.clear();
            h.desktop.inconsistentSnapshot = false;
            var bad = err(h.driver.observe("agent-a", new ObserveArgs(null, null, 0, null, null)));
            assertThat(bad.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(logged.list).isEmpty();
        } finally {
            logger.detachAppender(logged);
        }
    }

    @Test
    void aClickOnAnElementWithoutAnActionWhoseCentreLandsElsewhereIsRefusedNotTurnedIntoARawClick() {
        DriverHarness h = new DriverHarness();
        // A logo has no action, takes no focus and is in no selection: only a pointer click would
        // reach it, and at its centre the hit test finds another element.
        h.desktop.add("logo", new MemoryDesktop.Element("panel", "Logo", null, new dev.countersign.core.Rect(300, 10,
                60, 60), java.util.Set.of("enabled", "showing", "visible"), List.of(), false));
        h.desktop.hits = (id, point) -> PointHit.elsewhere("push button 'Delete'");
        var error = err(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Logo"))));
        assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
        assertThat(error.message()).contains("lands on push button 'Delete', not on the element");
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void twoConcurrentActsOnOneObservationDispatchOnlyOnce() throws Exception {
        DriverHarness h = new DriverHarness();
        ObservationView view = h.observe("agent-a");
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<ToolResult<Receipt>> a = pool.submit(() -> {
                go.await();
                return h.driver.act("agent-a", ActArgs.click(ref(view, "OK")));
            });
            Future<ToolResult<Receipt>> b = pool.submit(() -> {
                go.await();
                return h.driver.act("agent-a", ActArgs.click(ref(view, "Remember me")));
            });
            go.countDown();
            long accepted = List.of(a.get(), b.get()).stream().filter(r -> r instanceof ToolResult.Ok).count();
            assertThat(accepted).isEqualTo(1);
            assertThat(h.desktop.dispatched).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void concurrentActsNeverOverspendTheLease() throws Exception {
        DriverHarness h = new DriverHarness();
        h.driver.leases().grant("agent-a", new LeaseBook.Terms(1, Duration.ofMinutes(5), LeaseBoundaries.unscoped()));
        ObservationView first = h.observe("agent-a");
        ObservationView second = h.observe("agent-a");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<ToolResult<Receipt>> a = pool.submit(() -> h.driver.act("agent-a", ActArgs.click(ref(first, "OK"))));
            Future<ToolResult<Receipt>> b = pool.submit(() -> h.driver.act("agent-a",
                    ActArgs.click(ref(second, "Remember me"))));
            a.get();
            b.get();
            assertThat(h.desktop.dispatched).hasSize(1);
            assertThat(h.driver.leases().current("agent-a").actionsUsed()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRevokedLeaseRefusesTheNextAct() {
        DriverHarness h = new DriverHarness();
        String ref = ref(h.observe("agent-a"), "OK");
        h.driver.leases().current("agent-a");
        h.driver.leases().revoke("agent-a");
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref)));
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(receipt.code()).isEqualTo("LEASE_INVALID");
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void keysAreWithheldWhenTheTargetDoesNotTakeFocus() {
        DriverHarness h = new DriverHarness();
        h.desktop.elements.get("ok").takesFocus = false;
        Receipt receipt = ok(h.driver.act("agent-a",
                new KeyArgs(ref(h.observe("agent-a"), "OK"), "Tab", null)));
        // None of the act's keys went: rejected with its code and an error, never "maybe it happened".
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(receipt.isError()).isTrue();
        assertThat(receipt.code()).isEqualTo("TARGET_CHANGED");
        assertThat(receipt.detail()).contains("no keys were sent");
        assertThat(h.desktop.dispatched).noneMatch(d -> d.startsWith("keys:"));
    }

    @Test
    void anElementThatLosesItsActionWhileThePersonDecidesIsRefusedAndNoPointerInputIsSent() {
        DriverHarness h = new DriverHarness();
        MemoryDesktop.Element delete = h.desktop.elements.get("delete");
        // The person is asked about a press on "Delete"; while they decide, the live element loses
        // its action (IdentityCheck ignores actions), so it would be reached another way: a pointer
        // click nobody judged.
        h.approver.answer = request -> {
            delete.actions = List.of();
            delete.states = java.util.Set.of("enabled", "showing", "visible");
            return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        };
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
        assertThat(h.approver.asked).hasSize(1);
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(receipt.code()).isEqualTo("TARGET_CHANGED");
        assertThat(receipt.detail()).contains("changed how it is reached").contains("press, now pointer");
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void theLastCheckRunsAgainAfterTheFocusWaitSoAPauseThenWithholdsTheKeys() {
        DriverHarness h = new DriverHarness();
        h.desktop.elements.get("ok").onFocus = e -> h.driver.pauseAll();
        Receipt receipt = ok(h.driver.act("agent-a", new KeyArgs(ref(h.observe("agent-a"), "OK"), "Tab", null)));
        assertThat(receipt.code()).isEqualTo("AGENT_PAUSED");
        // Focus moved, but the act's keys never went: rejected, an error the agent can read.
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(receipt.isError()).isTrue();
        assertThat(h.desktop.dispatched).containsExactly("focus:ok");
    }

    @Test
    void keysGoOnceTheTargetHasFocus() {
        DriverHarness h = new DriverHarness();
        ok(h.driver.act("agent-a", new KeyArgs(ref(h.observe("agent-a"), "OK"), "Tab", null)));
        assertThat(h.desktop.dispatched).containsExactly("focus:ok", "keys:Keys[combo=Tab]");
    }

    @Test
    void anElementThatShouldBeGoneButIsStillThereFails() {
        DriverHarness h = new DriverHarness();
        h.desktop.elements.get("remember").onPress = e -> e.states = MemoryDesktop.toggled(e.states, "checked");
        Receipt receipt = ok(h.driver.act("agent-a", new ClickArgs(ref(h.observe("agent-a"), "Remember me"),
                new Postcondition("ui_element", false, null, null))));
        assertThat(receipt.status()).isEqualTo("failed");
    }

    @Test
    void anElementThatShouldBeGoneAndIsGoneIsConfirmed() {
        DriverHarness h = new DriverHarness();
        h.desktop.elements.get("ok").onPress = e -> h.desktop.elements.remove("ok");
        Receipt receipt = ok(h.driver.act("agent-a", new ClickArgs(ref(h.observe("agent-a"), "OK"),
                new Postcondition("ui_element", false, null, null))));
        assertThat(receipt.status()).isEqualTo("confirmed");
    }

    @Test
    void aBackendFaultWhileTheAfterPictureIsTakenLeavesTheActsEvidenceAlone() {
        DriverHarness h = new DriverHarness();
        // After the press, every read of the whole window fails (an IllegalArgumentException from a
        // wrongly rebuilt snapshot): the "after" picture's live read hits it, the evidence does not.
        h.desktop.elements.get("ok").onPress = e -> {
            h.desktop.elements.remove("ok");
            h.desktop.inconsistentSnapshot = true;
        };
        Receipt receipt = ok(h.driver.act("agent-a", new ClickArgs(ref(h.observe("agent-a"), "OK"),
                new Postcondition("ui_element", false, null, null))));
        assertThat(receipt.status()).as("%s", receipt).isEqualTo("confirmed");
    }

    @Test
    void editingThePolicyWhileThePersonDecidesInvalidatesTheGrant() {
        ScriptedApprover approver = new ScriptedApprover();
        approver.answer = r -> {
            DriverHarness.CURRENT.set("edited-policy");
            return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        };
        DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), approver, DriverSettings.defaults("s"));
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(receipt.code()).isEqualTo("IDENTITY_MISMATCH");
        assertThat(h.desktop.presses("delete")).isZero();
    }

    @Test
    void disposingTheAgentWhileThePersonDecidesRunsNothing() {
        ScriptedApprover approver = new ScriptedApprover();
        DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), approver, DriverSettings.defaults("s"));
        approver.answer = r -> {
            h.driver.dispose("agent-a");
            return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        };
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
        assertThat(receipt.status()).isEqualTo("rejected");
        assertThat(h.desktop.presses("delete")).isZero();
    }

    @Test
    void aFailureWhileAskingReleasesTheWindow() {
        ScriptedApprover approver = new ScriptedApprover();
        approver.answer = r -> {
            throw new IllegalStateException("the dialog could not open");
        };
        DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), approver, DriverSettings.defaults("s"));
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
        assertThat(receipt.code()).isEqualTo("APPROVAL_UNAVAILABLE");
        // The window is free again: the next act on it runs instead of waiting for the reservation.
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Remember me")))).status())
                .isEqualTo("confirmed");
        assertThat(h.driver.evidence("agent-a").receiptsTotal()).isEqualTo(2);
    }

    @Test
    void aMissingAgentGetsACodeFromEveryEntryPoint() {
        DriverHarness h = new DriverHarness();
        assertThat(org.assertj.core.api.Assertions.catchThrowableOfType(() -> h.driver.evidence(null),
                dev.countersign.core.CountersignException.class).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }
}
