package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.driver.ClickArgs;
import dev.countersign.driver.ScrollArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Postcondition;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.graph.SequentialIds;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A remote act runs through the driver's one run owner, like a local act: the person is asked
 * through the one approval path (the watch hears the question and the answer, and can withdraw
 * it), the kill switch here wins over an allow, the lease here is charged only at dispatch, and
 * the receipt carries its id and timings into the agent's ring. The far side is a scripted
 * runtime reached in this process; the governing side is the real driver.
 */
class RemoteActTest {
    private final Clock clock = Clock.systemUTC();
    private final ScriptedRuntimePort port = new ScriptedRuntimePort();
    private final ScriptedApprover approver = new ScriptedApprover();
    private final RecordingWatch watch = new RecordingWatch();
    private LeaseBook leases;
    private ComputerDriver driver;
    private RemoteMachine machine;

    @BeforeEach
    void setUp() {
        port.current = new ScriptedRuntime(clock, new SequentialIds());
        port.observation = ScriptedRuntimePort.window("4242", "w1", List.of(
                Map.of("ref", "r_delete", "role", "push button", "name", "Delete"),
                Map.of("ref", "r_notes", "role", "text", "name", "Notes")));
        DriverSettings settings = DriverSettings.defaults("sess_laptop");
        leases = new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults());
        driver = new ComputerDriver(MemoryDesktop.loginForm(), new PolicyApprovals(RiskPolicy.defaults()), approver, leases,
                clock, new RandomIds(), new Random(1), settings);
        machine = new RemoteMachine("desk2", new PortLink(port, "laptop"), driver, clock);
        assertThat(machine.observe("claude", "4242", null).error()).isNull();
    }

    private ToolResult<Receipt> clickDelete() {
        return machine.act("claude", new ClickArgs("r_delete", null), watch);
    }

    private static Receipt ok(ToolResult<Receipt> result) {
        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok<Receipt>) result).value();
    }

    @Nested
    class AskingThePerson {
        @Test
        void theWatchHearsTheQuestionAndTheAnswerAndTheDialogNamesTheMachine() {
            approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.status()).isIn("confirmed", "unknown");
            assertThat(watch.asked).hasSize(1);
            assertThat(watch.asked.get(0).remoteMachine()).contains("desk2");
            assertThat(watch.asked.get(0).agentId()).isEqualTo("claude");
            assertThat(watch.decided).containsExactly(Decision.ALLOW_ONCE + " withdrawn=false");
            assertThat(approver.asked).hasSize(1);
            assertThat(port.current.calls).contains("execute");
        }

        @Test
        void theAgentGoingAwayWithdrawsTheQuestionAndNothingIsSent() {
            approver.answer = r -> new CompletableFuture<>();
            watch.keepWaiting = false;

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo(ErrorCode.APPROVAL_UNAVAILABLE.name());
            assertThat(receipt.detail()).contains("withdrawn");
            assertThat(approver.withdrawn).containsExactly(approver.asked.get(0).nonce());
            assertThat(watch.decided).containsExactly(Decision.UNAVAILABLE + " withdrawn=true");
            assertThat(port.current.calls).doesNotContain("execute");
        }

        @Test
        void aDenialIsRecordedAndNothingIsSent() {
            approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.code()).isEqualTo(ErrorCode.APPROVAL_DENIED.name());
            assertThat(watch.decided).containsExactly(Decision.DENY + " withdrawn=false");
            assertThat(port.current.calls).doesNotContain("execute");
        }

        @Test
        void theKillSwitchHereWinsOverAnAllow() {
            approver.answer = r -> {
                driver.pauseAll();
                return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            };

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.code()).isEqualTo(ErrorCode.AGENT_PAUSED.name());
            assertThat(port.current.calls).doesNotContain("execute");
        }

        @Test
        void aWatchThatCannotRecordTheQuestionMeansNobodyIsAsked() {
            watch.failAsking = true;

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.code()).isEqualTo(ErrorCode.APPROVAL_UNAVAILABLE.name());
            assertThat(approver.asked).isEmpty();
            assertThat(port.current.calls).doesNotContain("execute");
        }
    }

    @Nested
    class TheLease {
        @Test
        void aDeniedActSpendsNothingOfTheAgentsLease() {
            int before = leases.current("claude").actionsUsed();
            approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);

            clickDelete();

            assertThat(leases.current("claude").actionsUsed()).isEqualTo(before);
        }

        @Test
        void anActSentToTheRemoteSpendsOneAction() {
            int before = leases.current("claude").actionsUsed();
            approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

            clickDelete();

            assertThat(leases.current("claude").actionsUsed()).isEqualTo(before + 1);
        }

        @Test
        void aRevokedLeaseStopsTheActAfterTheAllowAndBeforeTheRemote() {
            leases.current("claude");
            approver.answer = r -> {
                leases.revoke("claude");
                return CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
            };

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.status()).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo(ErrorCode.LEASE_INVALID.name());
            assertThat(port.current.calls).doesNotContain("execute");
        }
    }

    @Nested
    class TheReceipt {
        @Test
        void carriesItsIdAndTimingsAndIsInTheAgentsRingAndEvidence() {
            approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

            Receipt receipt = ok(clickDelete());

            assertThat(receipt.receiptId()).isEqualTo("rcpt_" + receipt.actionId());
            assertThat(receipt.timings()).containsKeys("total_ms", "dispatch_ms", "verify_ms", "approval_ms");
            assertThat(receipt.strategy()).isEqualTo("pressed");
            assertThat(receipt.approval().decision()).isNotNull();
            assertThat(driver.receipts("claude")).containsExactly(receipt);
            assertThat(driver.evidence("claude").receipts()).containsExactly(receipt);
            assertThat(driver.receipts("another")).isEmpty();
        }
    }

    @Nested
    class RefusedBeforeAnythingIsSent {
        @Test
        void aRefTheAgentNeverSawOnThatMachine() {
            ToolResult<Receipt> result = machine.act("claude", new ClickArgs("r_elsewhere", null), watch);

            assertThat(result).isInstanceOf(ToolResult.Err.class);
            assertThat(((ToolResult.Err<Receipt>) result).error().code()).isEqualTo(ErrorCode.REF_UNKNOWN);
            assertThat(port.current.calls).isEmpty();
        }

        @Test
        void anotherAgentsRef() {
            ToolResult<Receipt> result = machine.act("mallory", new ClickArgs("r_delete", null), watch);

            assertThat(((ToolResult.Err<Receipt>) result).error().code()).isEqualTo(ErrorCode.REF_UNKNOWN);
            assertThat(port.current.calls).isEmpty();
        }

        @Test
        void whileAgentsArePaused() {
            driver.pauseAll();

            ToolResult<Receipt> result = clickDelete();

            assertThat(((ToolResult.Err<Receipt>) result).error().code()).isEqualTo(ErrorCode.AGENT_PAUSED);
            assertThat(port.current.calls).isEmpty();
        }

        @Test
        void aPostconditionTheFarSideCannotHold() {
            ToolResult<Receipt> result = machine.act("claude",
                    new ClickArgs("r_delete", new Postcondition("ui_element", false, null, null)), watch);

            assertThat(((ToolResult.Err<Receipt>) result).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(((ToolResult.Err<Receipt>) result).error().field()).isEqualTo("postcondition");
            assertThat(port.current.calls).isEmpty();
        }

        @Test
        void badArgumentsOfTheOperation() {
            ToolResult<Receipt> result = machine.act("claude", new ScrollArgs("r_notes", "sideways", null, null),
                    watch);

            assertThat(((ToolResult.Err<Receipt>) result).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(port.current.calls).isEmpty();
        }
    }

    /** The caller's side of an approval wait, as the endpoint's watch would record it. */
    static final class RecordingWatch implements ApprovalWatch {
        final List<ApprovalRequest> asked = new CopyOnWriteArrayList<>();
        final List<String> decided = new CopyOnWriteArrayList<>();
        volatile boolean keepWaiting = true;
        volatile boolean failAsking;

        @Override
        public Duration tick() {
            return Duration.ofMillis(10);
        }

        @Override
        public void asking(ApprovalRequest request) {
            if (failAsking) {
                throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "the audit log is full"));
            }
            asked.add(request);
        }

        @Override
        public boolean keepWaiting(Duration waited, Duration left) {
            return keepWaiting;
        }

        @Override
        public void decided(ApprovalRequest request, Decision decision, boolean withdrawn) {
            decided.add(decision + " withdrawn=" + withdrawn);
        }
    }
}
