package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Rect;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.SessionState;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ComputerDriverTest {

    @Nested
    class Observing {
        @Test
        void observationHasRefsFramesAndNoSecureValue() {
            DriverHarness h = new DriverHarness();
            h.desktop.elements.get("password").value = null;
            ObservationView view = h.observe("agent-a");
            assertThat(view.observationId()).startsWith("obs_");
            assertThat(view.nodes()).extracting(NodeView::name)
                    .contains("User name", "Password", "Remember me", "Delete", "OK");
            NodeView password = view.nodes().stream().filter(n -> n.name().equals("Password")).findFirst().orElseThrow();
            assertThat(password.secure()).isTrue();
            assertThat(password.value()).isNull();
            assertThat(view.nodes()).extracting(NodeView::ref).doesNotHaveDuplicates().allMatch(r -> r.startsWith("r"));
            assertThat(view.window().id()).startsWith("w_");
            assertThat(view.fingerprint()).matches("[0-9a-f]{64}");
        }

        @Test
        void fingerprintIgnoresRandomRefsButSeesChanges() {
            DriverHarness h = new DriverHarness();
            String first = h.observe("agent-a").fingerprint();
            assertThat(h.observe("agent-a").fingerprint()).isEqualTo(first);
            h.desktop.elements.get("user").value = "ana";
            assertThat(h.observe("agent-a").fingerprint()).isNotEqualTo(first);
        }

        @Test
        void lockedSessionRefusesObservation() {
            DriverHarness h = new DriverHarness();
            h.desktop.session = SessionState.LOCKED;
            assertThat(err(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, null))).code())
                    .isEqualTo(ErrorCode.SESSION_LOCKED);
        }

        @Test
        void unknownSessionFailsClosed() {
            DriverHarness h = new DriverHarness();
            h.desktop.session = SessionState.UNKNOWN;
            assertThat(err(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, null))).code())
                    .isEqualTo(ErrorCode.SESSION_LOCKED);
        }

        @Test
        void boundsAreReportedHonestly() {
            DriverHarness h = new DriverHarness();
            ObservationView view = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, 3, null, null)));
            assertThat(view.nodes()).hasSize(3);
            assertThat(view.truncated()).isTrue();
            assertThat(view.omittedCount()).isEqualTo(3);
        }

        @Test
        void aTypicalNodeStaysCompact() throws Exception {
            DriverHarness h = new DriverHarness();
            ObservationView view = h.observe("agent-a");
            int bytes = dev.countersign.core.Json.mapper().writeValueAsBytes(view.nodes()).length;
            assertThat(bytes / view.nodes().size()).as("bytes per node").isLessThanOrEqualTo(150);
        }
    }

    static Stream<Arguments> badArguments() {
        return Stream.of(
            Arguments.of(new ObserveArgs(null, null, 0, null, null), "max_nodes"),
            Arguments.of(new ObserveArgs(null, null, 2001, null, null), "max_nodes"),
            Arguments.of(new ObserveArgs(null, null, null, dev.countersign.desktop.SnapshotLimits.MAX_DEPTH + 1, null), "max_depth"),
            Arguments.of(new ObserveArgs(null, null, null, null, 999), "ttl_ms"),
            Arguments.of(new ObserveArgs(null, null, null, null, 30_001), "ttl_ms"),
            Arguments.of(new ObserveArgs(" ", null, null, null, null), "app"),
            Arguments.of(new ObserveArgs(null, "w_unknown", null, null, null), "window"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badArguments")
    void badObserveArgumentsNameTheField(ObserveArgs args, String field) {
        DriverHarness h = new DriverHarness();
        var error = err(h.driver.observe("agent-a", args));
        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo(field);
    }

    static Stream<Arguments> badActs() {
        return Stream.of(
            Arguments.of("{'ref':'REF','op':'hover'}", "op"),
            Arguments.of("{'ref':'REF','op':'drag'}", "to"),
            Arguments.of("{'ref':'REF','op':'menu','to':'r1'}", "to"),
            Arguments.of("{'ref':'REF'}", "op"),
            Arguments.of("{'ref':'REF','op':'type'}", "text"),
            Arguments.of("{'ref':'REF','op':'click','text':'x'}", "text"),
            Arguments.of("{'ref':'REF','op':'key'}", "keys"),
            Arguments.of("{'ref':'REF','op':'key','keys':'ctrl+'}", "keys"),
            Arguments.of("{'ref':'REF','op':'key','keys':'hyper+x'}", "keys"),
            Arguments.of("{'ref':'REF','op':'key','keys':'Return Return'}", "keys"),
            Arguments.of("{'ref':'REF','op':'scroll'}", "direction"),
            Arguments.of("{'ref':'REF','op':'scroll','direction':'sideways'}", "direction"),
            Arguments.of("{'ref':'REF','op':'scroll','direction':'down','amount':0}", "amount"),
            Arguments.of("{'ref':'REF','op':'click','amount':3}", "amount"),
            Arguments.of("{'ref':'REF','op':'focus','keys':'Tab'}", "keys"),
            Arguments.of("{'ref':'REF','op':'type','text':'x','direction':'up'}", "direction"),
            Arguments.of("{'ref':'','op':'click'}", "ref"));
    }

    /** Binds the wire arguments as the server does, then acts: a refused shape never reaches the driver. */
    private static ToolResult<Receipt> actOnWire(DriverHarness h, String json) {
        try {
            return h.driver.act("agent-a", Json.bind(Json.mapper().readTree(json.replace('\'', '"')), ActArgs.class));
        } catch (CountersignException e) {
            return ToolResult.error(e.error());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{1}: {0}")
    @MethodSource("badActs")
    void badActArgumentsNameTheFieldAndDispatchNothing(String template, String field) {
        DriverHarness h = new DriverHarness();
        String ref = ref(h.observe("agent-a"), "OK");
        var error = err(actOnWire(h, template.replace("REF", ref)));
        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo(field);
        assertThat(h.desktop.dispatched).isEmpty();
        // Nothing was accepted, so the observation is still usable.
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref))).status()).isNotNull();
    }

    @Nested
    class Refs {
        @Test
        void anotherAgentsRefIsUnknown() {
            DriverHarness h = new DriverHarness();
            String ref = ref(h.observe("agent-a"), "Remember me");
            h.observe("agent-b");
            var error = err(h.driver.act("agent-b", ActArgs.click(ref)));
            assertThat(error.code()).isEqualTo(ErrorCode.REF_UNKNOWN);
            assertThat(error.message()).isEqualTo(err(h.driver.act("agent-b", ActArgs.click("rNOTAREF"))).message());
            assertThat(h.desktop.dispatched).isEmpty();
        }

        @Test
        void aRefUsedAfterItsTtlIsExpired() {
            DriverHarness h = new DriverHarness();
            ObservationView view = ok(h.driver.observe("agent-a", new ObserveArgs(null, null, null, null, 1000)));
            h.clock.advance(Duration.ofMillis(1000));
            assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(view, "Remember me")))).code())
                    .isEqualTo(ErrorCode.REF_EXPIRED);
            assertThat(h.desktop.dispatched).isEmpty();
        }

        @Test
        void aSecondActOnAConsumedObservationIsRefused() {
            DriverHarness h = new DriverHarness();
            ObservationView view = h.observe("agent-a");
            ok(h.driver.act("agent-a", ActArgs.click(ref(view, "Remember me"))));
            assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(view, "OK")))).code())
                    .isEqualTo(ErrorCode.OBSERVATION_CONSUMED);
            assertThat(h.desktop.presses("ok")).isZero();
        }

        @Test
        void disposingAnAgentForgetsItsRefs() {
            DriverHarness h = new DriverHarness();
            String ref = ref(h.observe("agent-a"), "OK");
            h.driver.dispose("agent-a");
            assertThat(err(h.driver.act("agent-a", ActArgs.click(ref))).code()).isEqualTo(ErrorCode.REF_UNKNOWN);
            assertThat(h.driver.observationBytes("agent-a")).isZero();
        }

        @Test
        void missingAgentIdentityRunsNothing() {
            DriverHarness h = new DriverHarness();
            assertThat(err(h.driver.observe(null, new ObserveArgs(null, null, null, null, null))).code())
                    .isEqualTo(ErrorCode.INVALID_ARGUMENT);
        }
    }

    @Nested
    class Outcomes {
        @Test
        void clickThatFlipsTheCheckBoxIsConfirmed() {
            DriverHarness h = new DriverHarness();
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Remember me"))));
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(receipt.verification().outcome()).isEqualTo("verified");
            assertThat(receipt.verification().detail()).isNotBlank();
            assertThat(h.desktop.elements.get("remember").states).contains("checked");
            assertThat(receipt.strategy()).isEqualTo("memory.Press");
            assertThat(receipt.timings()).containsKeys("total_ms", "dispatch_ms");
        }

        @Test
        void clickWithNoVisibleChangeIsUnknown() {
            DriverHarness h = new DriverHarness();
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "OK"))));
            assertThat(receipt.status()).isEqualTo("unknown");
            assertThat(receipt.verification().outcome()).isEqualTo("committed_unverified");
            assertThat(h.desktop.presses("ok")).isEqualTo(1);
        }

        @Test
        void clickThatOnlyFocusesIsUnknown() {
            DriverHarness h = new DriverHarness();
            h.desktop.elements.get("ok").onPress = e -> e.states = MemoryDesktop.toggled(e.states, "focused");
            assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "OK")))).status())
                    .isEqualTo("unknown");
        }

        @Test
        void clickWhoseTargetMovesIsUnknown() {
            DriverHarness h = new DriverHarness();
            h.desktop.elements.get("remember").onPress = e -> {
                e.states = MemoryDesktop.toggled(e.states, "checked");
                e.frame = new Rect(300, 300, 120, 20);
            };
            assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Remember me")))).status())
                    .isEqualTo("unknown");
        }

        @Test
        void clickWhoseTargetDisappearsIsUnknown() {
            DriverHarness h = new DriverHarness();
            h.desktop.elements.get("ok").onPress = e -> h.desktop.elements.remove("ok");
            assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "OK")))).status())
                    .isEqualTo("unknown");
        }

        @Test
        void typeThatReadsBackIsConfirmed() {
            DriverHarness h = new DriverHarness();
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.type(ref(h.observe("agent-a"), "User name"), "ana")));
            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(h.desktop.elements.get("user").value).isEqualTo("ana");
        }

        @Test
        void typeWhoseReadBackContradictsTheDeclaredPostconditionFails() {
            DriverHarness h = new DriverHarness();
            ObservationView view = h.observe("agent-a");
            // The agent declares it expects "ANA"; the field reads back "ana": evidence contradicts.
            Receipt receipt = ok(h.driver.act("agent-a", new TypeArgs(ref(view, "User name"), "ana",
                    new Postcondition("ui_element", null,
                            EffectProbe.valueDigest("ANA"), null))));
            assertThat(receipt.status()).isEqualTo("failed");
            assertThat(receipt.verification().outcome()).isEqualTo("failed");
            // Its own code, not a missing one that a reader turns into INTERNAL.
            assertThat(receipt.code()).isEqualTo("VERIFICATION_FAILED");
            assertThat(receipt.hint()).contains("did not take effect");
        }

        @Test
        void scrollIsUnknownUntilReObserved() {
            DriverHarness h = new DriverHarness();
            Receipt receipt = ok(h.driver.act("agent-a",
                    new ScrollArgs(ref(h.observe("agent-a"), "User name"), "down", 2, null)));
            assertThat(receipt.status()).isEqualTo("unknown");
        }
    }

    @Nested
    class Refusals {
        @Test
        void typingIntoAPasswordFieldIsRefusedBeforeAnyApproval() {
            DriverHarness h = new DriverHarness();
            var error = err(h.driver.act("agent-a", ActArgs.type(ref(h.observe("agent-a"), "Password"), "hunter2")));
            assertThat(error.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
            assertThat(h.approver.asked).isEmpty();
            assertThat(h.desktop.dispatched).isEmpty();
        }

        @Test
        void anyActOnASecureFieldIsRefused() {
            DriverHarness h = new DriverHarness();
            assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Password")))).code())
                    .isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        }

        @Test
        void restartedAppBetweenObserveAndActIsTargetChanged() {
            DriverHarness h = new DriverHarness();
            String ref = ref(h.observe("agent-a"), "Remember me");
            h.desktop.launch = new LaunchIdentity(4243, 200);
            var error = err(h.driver.act("agent-a", ActArgs.click(ref)));
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(h.desktop.dispatched).isEmpty();
        }

        @Test
        void renamedTargetIsTargetChangedNamingTheField() {
            DriverHarness h = new DriverHarness();
            String ref = ref(h.observe("agent-a"), "OK");
            h.desktop.elements.get("ok").name = "Delete";
            var error = err(h.driver.act("agent-a", ActArgs.click(ref)));
            assertThat(error.code()).isEqualTo(ErrorCode.TARGET_CHANGED);
            assertThat(error.field()).isEqualTo("name");
        }

        @Test
        void pausedAgentsAreRefused() {
            DriverHarness h = new DriverHarness();
            String ref = ref(h.observe("agent-a"), "OK");
            h.driver.pauseAll();
            assertThat(err(h.driver.act("agent-a", ActArgs.click(ref))).code()).isEqualTo(ErrorCode.AGENT_PAUSED);
            h.driver.resumeAll();
            assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref))).status()).isEqualTo("unknown");
        }

        @Test
        void exhaustedBudgetIsRefused() {
            DriverHarness h = new DriverHarness();
            h.driver.leases().grant("agent-a", new LeaseBook.Terms(1, Duration.ofMinutes(5),
                    dev.countersign.core.LeaseBoundaries.unscoped()));
            ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "OK"))));
            Receipt second = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "OK"))));
            assertThat(second.status()).isEqualTo("rejected");
            assertThat(second.code()).isEqualTo("BUDGET_EXHAUSTED");
            assertThat(h.desktop.presses("ok")).isEqualTo(1);
        }
    }

    @Nested
    class Approvals {
        @Test
        void deniedDeleteIsNotDispatched() {
            DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), ScriptedApprover.always(Decision.DENY),
                    DriverSettings.defaults("s"));
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo("APPROVAL_DENIED");
            assertThat(receipt.hint()).contains("do not retry it unchanged");
            assertThat(receipt.approval().decision()).isEqualTo("denied");
            assertThat(h.desktop.presses("delete")).isZero();
            assertThat(h.approver.asked).singleElement().satisfies(r -> {
                assertThat(r.summary()).isEqualTo("Click \u2018Delete\u2019 in yad \u2014 window \u2018Login Form\u2019");
                assertThat(r.category()).isEqualTo("delete");
            });
        }

        @Test
        void allowedDeleteIsDispatchedOnce() {
            DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), ScriptedApprover.always(Decision.ALLOW_ONCE),
                    DriverSettings.defaults("s"));
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
            assertThat(h.desktop.presses("delete")).isEqualTo(1);
            assertThat(receipt.approval().decision()).isEqualTo("allowed_once");
            assertThat(receipt.approval().decidedAt()).isNotNull();
            assertThat(receipt.status()).isEqualTo("unknown");
        }

        @Test
        void headlessApproverNeverLetsARiskyActionRun() {
            DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), ScriptedApprover.always(Decision.UNAVAILABLE),
                    DriverSettings.defaults("s"));
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
            assertThat(receipt.code()).isEqualTo("APPROVAL_UNAVAILABLE");
            assertThat(h.desktop.presses("delete")).isZero();
        }

        @Test
        void targetThatChangesWhileThePersonDecidesIsNotDispatched() {
            ScriptedApprover approver = new ScriptedApprover();
            DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), approver, DriverSettings.defaults("s"));
            approver.answer = r -> {
                h.desktop.elements.get("delete").frame = new Rect(50, 150, 80, 28);
                return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            };
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
            assertThat(receipt.code()).isEqualTo("TARGET_CHANGED");
            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(h.desktop.presses("delete")).isZero();
        }

        @Test
        void pausingWhileThePersonDecidesWithdrawsTheRequestAndRunsNothing() throws Exception {
            ScriptedApprover approver = new ScriptedApprover();
            approver.answer = r -> new CompletableFuture<>();
            DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), approver, DriverSettings.defaults("s"));
            String ref = ref(h.observe("agent-a"), "Delete");
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                var pending = pool.submit(() -> h.driver.act("agent-a", ActArgs.click(ref)));
                while (approver.asked.isEmpty()) {
                    Thread.sleep(5);
                }
                h.driver.pauseAll();
                // The approval window is 60 s; the pause ends the wait instead of letting it run out.
                Receipt receipt = ok(pending.get(5, java.util.concurrent.TimeUnit.SECONDS));
                assertThat(receipt.code()).isEqualTo("AGENT_PAUSED");
                assertThat(approver.withdrawn).hasSize(1);
                assertThat(h.desktop.presses("delete")).isZero();
            } finally {
                pool.shutdownNow();
            }
        }

        @Test
        void unansweredApprovalExpiresAndIsWithdrawn() {
            ScriptedApprover approver = new ScriptedApprover();
            approver.answer = r -> new CompletableFuture<>();
            DriverHarness h = new DriverHarness(MemoryDesktop.loginForm(), approver,
                    DriverSettings.defaults("s").withApprovalWindow(Duration.ofMillis(200)));
            // The test clock does not move, so the wait is bounded by the real 200 ms window.
            Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Delete"))));
            assertThat(receipt.code()).isEqualTo("APPROVAL_EXPIRED");
            assertThat(approver.withdrawn).hasSize(1);
            assertThat(h.desktop.presses("delete")).isZero();
        }
    }

    @Test
    void evidenceCountsThisAgentsReceiptsOnly() {
        DriverHarness h = new DriverHarness();
        ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "OK"))));
        ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Remember me"))));
        EvidenceView a = h.driver.evidence("agent-a");
        assertThat(a.receiptsTotal()).isEqualTo(2);
        assertThat(a.receiptsReturned()).isEqualTo(2);
        assertThat(a.receipts().get(0).status()).isEqualTo("confirmed");
        assertThat(a.bounded()).isTrue();
        assertThat(a.contractVersion()).isEqualTo(1);
        assertThat(a.sessionState()).isEqualTo("available");
        assertThat(h.driver.evidence("agent-b").receiptsTotal()).isZero();
        // What the tray and the activity window poll: the same receipts, without the desktop probes.
        assertThat(h.driver.receipts("agent-a")).isEqualTo(a.receipts());
        assertThat(h.driver.receipts("agent-b")).isEmpty();
    }
}
