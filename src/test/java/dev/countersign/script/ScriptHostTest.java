package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.testkit.ScriptedApprover;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The host's durability on a pretend window: suspension, restarts, kill points, checkpoint integrity. */
class ScriptHostTest {
    static final String CHECK_BOX = """
            var view = call_tool("computer_observe", {app: "fake"});
            var box = null;
            for (var i = 0; i < view.nodes.length; i++) {
              if (view.nodes[i].name === "Remember me") box = view.nodes[i];
            }
            var receipt = call_tool("computer_act", {ref: box.ref, op: "click"});
            var again = call_tool("computer_observe", {app: "fake"});
            for (var j = 0; j < again.nodes.length; j++) {
              if (again.nodes[j].name === "Remember me") {
                return {final_result: {status: receipt.status, states: again.nodes[j].states || []}};
              }
            }
            """;
    static final String DELETE = """
            var view = call_tool("computer_observe", {app: "fake"});
            var del = view.nodes.filter(function (n) { return n.name === "Delete"; })[0];
            try {
              var receipt = call_tool("computer_act", {ref: del.ref, op: "click"});
              return {final_result: {deleted: receipt.status}};
            } catch (e) {
              return {final_result: {refused: e.code}};
            }
            """;

    @TempDir
    Path dir;
    final FakeDesktopTools.Screen screen = new FakeDesktopTools.Screen();
    final List<ScriptHost> hosts = new ArrayList<>();

    /** One "process": its own approver, tools (refs), runtime and host over the shared checkpoint dir. */
    final class Proc {
        final ScriptedApprover person = new ScriptedApprover();
        final ApprovalTap approvals = new ApprovalTap(person);
        final ScriptHost host;

        Proc(ScriptFaults faults) {
            this(faults, ScriptLimits.defaults(), UnaryOperator.identity());
        }

        /** A process whose tools are the pretend window's as {@code tools} wraps them. */
        Proc(ScriptFaults faults, ScriptLimits limits, UnaryOperator<ToolPort> tools) {
            host = new ScriptHost(tools.apply(new FakeDesktopTools(screen, approvals)), approvals,
                    new CodeRuntime(limits), new ScriptCheckpointStore(dir.resolve("checkpoints")),
                    faults, Duration.ofMillis(100));
            hosts.add(host);
        }

        Proc() {
            this(ScriptFaults.NONE);
        }

        Proc answering(Decision decision) {
            person.answer = r -> CompletableFuture.completedFuture(decision);
            return this;
        }

        Proc neverAnswering() {
            person.answer = r -> new CompletableFuture<>();
            return this;
        }
    }

    /** Stands for the process dying at a fault point: nothing runs after it. */
    static final class Crash extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    static ScriptFaults crashAt(ScriptFaults.Point point, int onCall) {
        int[] seen = new int[1];
        return (p, id) -> {
            if (p == point && ++seen[0] == onCall) {
                throw new Crash();
            }
        };
    }

    /** Threads for runs a test starts in the background (the common pool may have one thread). */
    final ExecutorService runs = Executors.newCachedThreadPool();

    @AfterEach
    void close() {
        hosts.forEach(ScriptHost::close);
        runs.shutdownNow();
    }

    static Object finalResult(ScriptOutcome outcome) {
        assertThat(outcome).isInstanceOf(ScriptOutcome.FinalResult.class);
        return ((ScriptOutcome.FinalResult) outcome).value().toString();
    }

    String suspend(Proc proc, String script) {
        ScriptOutcome outcome = proc.host.run("agent-a", script, "cleanup");
        assertThat(outcome).isInstanceOf(ScriptOutcome.Suspended.class);
        assertThat(((ScriptOutcome.Suspended) outcome).waitingFor()).contains("Delete");
        return ((ScriptOutcome.Suspended) outcome).scriptId();
    }

    @Nested
    class Suspension {
        @Test
        void aScriptThatNeedsNoApprovalRunsInOneCall() {
            Proc proc = new Proc();
            assertThat(finalResult(proc.host.run("agent-a", CHECK_BOX, "tick")))
                    .isEqualTo("{\"status\":\"confirmed\",\"states\":[\"checked\"]}");
            assertThat(screen.toggles).hasValue(1);
        }

        @Test
        void anApprovalSuspendsAndTheDecisionResumesInTheSameProcess() {
            Proc proc = new Proc();
            CompletableFuture<Decision> decision = new CompletableFuture<>();
            proc.person.answer = r -> decision;
            String id = suspend(proc, DELETE);
            assertThat(proc.host.resume("agent-a", id, Duration.ofMillis(50))).isInstanceOf(ScriptOutcome.Suspended.class);

            decision.complete(Decision.ALLOW_ONCE);

            assertThat(finalResult(proc.host.resume("agent-a", id, Duration.ofSeconds(5))))
                    .isEqualTo("{\"deleted\":\"unknown\"}");
            assertThat(screen.deletes).hasValue(1);
            assertThat(proc.host.resume("agent-a", id, Duration.ZERO)).isInstanceOf(ScriptOutcome.HostFault.class);
        }

        @Test
        void afterARestartThePersonIsAskedAgainAndTheDeleteHappensOnce() {
            String id = suspend(new Proc().neverAnswering(), DELETE);
            Proc restarted = new Proc().answering(Decision.ALLOW_ONCE);

            assertThat(finalResult(restarted.host.resume("agent-a", id, Duration.ofSeconds(5))))
                    .isEqualTo("{\"deleted\":\"unknown\"}");
            assertThat(restarted.person.asked).singleElement().satisfies(r -> assertThat(r.category()).isEqualTo("delete"));
            assertThat(screen.deletes).hasValue(1);
        }

        @Test
        void aDenialAfterARestartIsAToolErrorTheScriptHandles() {
            String id = suspend(new Proc().neverAnswering(), DELETE);
            Proc restarted = new Proc().answering(Decision.DENY);

            assertThat(finalResult(restarted.host.resume("agent-a", id, Duration.ofSeconds(5))))
                    .isEqualTo("{\"refused\":\"APPROVAL_DENIED\"}");
            assertThat(screen.deletes).hasValue(0);
        }

        @Test
        void anotherAgentsScriptIdIsUnknown() {
            String id = suspend(new Proc().neverAnswering(), DELETE);
            ScriptOutcome outcome = new Proc().answering(Decision.ALLOW_ONCE).host.resume("agent-b", id, Duration.ZERO);
            assertThat(((ScriptOutcome.HostFault) outcome).error().message()).contains("unknown script_id");
            assertThat(screen.deletes).hasValue(0);
        }

        @Test
        void anUntaggedResultIsAnErrorThatSaysHowToTagIt() {
            ScriptOutcome outcome = new Proc().host.run("agent-a", "return {answer: 42};", "t");
            assertThat(((ScriptOutcome.Error) outcome).message()).contains("{final_result: …}");
        }

        @Test
        void anObservationGoesBackToTheAgent() {
            ScriptOutcome outcome = new Proc().host.run("agent-a", "return {observation: [1, 2]};", "t");
            assertThat(((ScriptOutcome.Observation) outcome).value().toString()).isEqualTo("[1,2]");
        }
    }

    @Nested
    class KillPoints {
        /** Call 2 of CHECK_BOX is the click. */
        ScriptOutcome crashDuringClick(ScriptFaults.Point point, Decision question) {
            Proc dying = new Proc(crashAt(point, 2));
            String[] id = new String[1];
            try {
                dying.host.run("agent-a", CHECK_BOX, "tick");
            } catch (Crash expected) {
                id[0] = onlyCheckpoint();
            }
            assertThat(id[0]).as("the crash happened").isNotNull();
            Proc restarted = new Proc().answering(question);
            ScriptOutcome outcome = restarted.host.resume("agent-a", id[0], Duration.ofSeconds(5));
            asked = restarted.person.asked.size();
            return outcome;
        }

        int asked;

        @Test
        void betweenSaveBeforeAndDispatchTheActionIsInterruptedAskedAboutAndNotRun() {
            assertThat(finalResult(crashDuringClick(ScriptFaults.Point.SAVED_BEFORE, Decision.ALLOW_ONCE)))
                    .isEqualTo("{\"status\":\"unknown\",\"states\":[]}");
            assertThat(asked).isEqualTo(1);
            assertThat(screen.toggles).as("never dispatched, never re-run").hasValue(0);
        }

        @Test
        void betweenDispatchAndSaveAfterTheOutcomeIsUnknownAndTheActionIsNotRepeated() {
            assertThat(finalResult(crashDuringClick(ScriptFaults.Point.DISPATCHED, Decision.ALLOW_ONCE)))
                    .isEqualTo("{\"status\":\"unknown\",\"states\":[\"checked\"]}");
            assertThat(asked).isEqualTo(1);
            assertThat(screen.toggles).as("exactly one execution").hasValue(1);
        }

        @Test
        void afterSaveAfterRecoveryUsesTheStoredResultWithoutAsking() {
            assertThat(finalResult(crashDuringClick(ScriptFaults.Point.SAVED_AFTER, Decision.DENY)))
                    .isEqualTo("{\"status\":\"confirmed\",\"states\":[\"checked\"]}");
            assertThat(asked).isZero();
            assertThat(screen.toggles).hasValue(1);
        }

        @Test
        void aDeniedInterruptionQuestionIsAToolErrorAndNothingRuns() {
            ScriptOutcome outcome = crashDuringClick(ScriptFaults.Point.DISPATCHED, Decision.DENY);
            assertThat(((ScriptOutcome.Error) outcome).message()).startsWith("ToolError: APPROVAL_DENIED");
            assertThat(screen.toggles).hasValue(1);
        }

        @ParameterizedTest
        @EnumSource(value = ScriptFaults.Point.class, names = {"SAVED_BEFORE", "DISPATCHED"})
        void aReadOnlyCallIsSimplyRunAgain(ScriptFaults.Point point) {
            Proc restarted = restartAfterFirstObserveCrashesAt(point);
            assertThat(finalResult(restarted.host.resume("agent-a", onlyCheckpoint(), Duration.ofSeconds(5))))
                    .isEqualTo("{\"status\":\"confirmed\",\"states\":[\"checked\"]}");
            assertThat(restarted.person.asked).isEmpty();
            assertThat(screen.observes).as("the observe ran (again) in the new process")
                    .hasValue(point == ScriptFaults.Point.SAVED_BEFORE ? 2 : 3);
            assertThat(screen.toggles).hasValue(1);
        }

        @Test
        void aStoredObservationIsNotRunAgainButItsRefsDiedWithTheProcess() {
            Proc restarted = restartAfterFirstObserveCrashesAt(ScriptFaults.Point.SAVED_AFTER);
            ScriptOutcome outcome = restarted.host.resume("agent-a", onlyCheckpoint(), Duration.ofSeconds(5));
            assertThat(((ScriptOutcome.Error) outcome).message()).startsWith("ToolError: REF_UNKNOWN");
            assertThat(screen.observes).as("not run again").hasValue(1);
            assertThat(screen.toggles).hasValue(0);
        }

        Proc restartAfterFirstObserveCrashesAt(ScriptFaults.Point point) {
            Proc dying = new Proc(crashAt(point, 1));
            try {
                dying.host.run("agent-a", CHECK_BOX, "tick");
            } catch (Crash expected) {
                // the process died at the first observe
            }
            return new Proc();
        }

        @Test
        void aCrashAfterAnAllowedDeleteIsNeverDispatchedAgain() {
            Proc dying = new Proc(crashAt(ScriptFaults.Point.DISPATCHED, 2)).answering(Decision.ALLOW_ONCE);
            try {
                dying.host.run("agent-a", DELETE, "cleanup");
            } catch (Crash expected) {
                // died after the delete ran, before SAVE-AFTER
            }
            assertThat(screen.deletes).hasValue(1);
            Proc restarted = new Proc().answering(Decision.ALLOW_ONCE);
            assertThat(finalResult(restarted.host.resume("agent-a", onlyCheckpoint(), Duration.ofSeconds(5))))
                    .isEqualTo("{\"deleted\":\"unknown\"}");
            assertThat(restarted.person.asked).singleElement()
                    .satisfies(r -> assertThat(r.category()).isEqualTo("interrupted"));
            assertThat(screen.deletes).hasValue(1);
        }
    }

    @Nested
    class Bounds {
        static final String DOUBLING = """
                var s = 'x';
                for (var i = 0; i < 27; i++) { s = s + s; }
                call_tool("computer_evidence", {});
                return {final_result: s.length};
                """;

        @Test
        void aScriptWhoseStateOutgrowsItsBudgetEndsWithALimitErrorAndLeavesNoCheckpoint() throws IOException {
            ScriptOutcome outcome = new Proc().host.run("agent-a", DOUBLING, "grow");

            assertThat(outcome).isInstanceOf(ScriptOutcome.Error.class);
            assertThat(((ScriptOutcome.Error) outcome).message()).startsWith("LimitError");
            assertThat(checkpointFiles()).isEmpty();
        }

        @Test
        void suspendedRunsOfOneAgentAreBoundedOnDiskAndTheNextIsRefusedWithACode() throws IOException {
            // One process per run: the pretend window answers one call at a time, and a restart
            // must see what earlier processes left on disk.
            List<ScriptOutcome> outcomes = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                outcomes.add(new Proc().neverAnswering().host.run("agent-a", DELETE, "cleanup " + i));
            }

            assertThat(checkpointFiles()).hasSizeLessThanOrEqualTo(16);
            assertThat(outcomes.get(outcomes.size() - 1)).isInstanceOfSatisfying(ScriptOutcome.HostFault.class,
                    f -> assertThat(f.error().code()).isEqualTo(ErrorCode.BUDGET_EXHAUSTED));
            assertThat(new Proc().neverAnswering().host.run("agent-b", DELETE, "other agent"))
                    .as("another agent has its own share").isInstanceOf(ScriptOutcome.Suspended.class);
        }

        @Test
        void resumingSuspendedRunsToTheirEndGivesTheAgentItsShareBack() throws IOException {
            Proc proc = new Proc().neverAnswering();
            List<String> ids = new ArrayList<>();
            ScriptOutcome outcome;
            while ((outcome = proc.host.run("agent-a", DELETE, "cleanup")) instanceof ScriptOutcome.Suspended s) {
                ids.add(s.scriptId());
            }
            assertThat(((ScriptOutcome.HostFault) outcome).error().code()).isEqualTo(ErrorCode.BUDGET_EXHAUSTED);

            proc.person.asked.forEach(r -> proc.person.withdraw(r.nonce()));
            for (String id : ids) {
                assertThat(finalResult(proc.host.resume("agent-a", id, Duration.ofSeconds(5))))
                        .isEqualTo("{\"refused\":\"APPROVAL_DENIED\"}");
            }

            assertThat(checkpointFiles()).as("finished runs leave nothing").isEmpty();
            assertThat(proc.host.run("agent-a", DELETE, "again")).isInstanceOf(ScriptOutcome.Suspended.class);
        }

        @Test
        void aRunThatStopsOnAHostFaultLeavesNoCheckpoint() throws IOException {
            Proc proc = new Proc(ScriptFaults.NONE, ScriptLimits.defaults(), fake -> (agent, tool, args, audit) -> {
                if (ToolCatalog.EVIDENCE.equals(tool)) {
                    throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "the desktop went away"));
                }
                return fake.call(agent, tool, args, audit);
            });

            ScriptOutcome outcome = proc.host.run("agent-a", "call_tool(\"computer_evidence\", {});\nreturn {final_result: 1};", "t");

            assertThat(((ScriptOutcome.HostFault) outcome).error().message()).contains("the desktop went away");
            assertThat(checkpointFiles()).isEmpty();
        }
    }

    /** One agent's scripts, running or waiting for the person, never hold up another agent's. */
    @Nested
    class Agents {
        @Test
        void anotherAgentsScriptCompletesWhileOneWaitsForThePerson() {
            Proc proc = new Proc().neverAnswering();
            suspend(proc, DELETE);

            assertThat(finalResult(proc.host.run("agent-b", CHECK_BOX, "tick")))
                    .isEqualTo("{\"status\":\"confirmed\",\"states\":[\"checked\"]}");
        }

        @Test
        void aLongRunningScriptOfOneAgentDoesNotHoldUpAnothersScript() throws Exception {
            CountDownLatch aCalled = new CountDownLatch(1);
            ScriptLimits d = ScriptLimits.defaults();
            ScriptLimits slow = new ScriptLimits(Long.MAX_VALUE, Duration.ofSeconds(4), d.maxAllocatedBytes(),
                    d.maxElements(), d.maxStdoutChars(), d.maxToolCalls(), d.maxStateBytes());
            Proc proc = new Proc(ScriptFaults.NONE, slow, fake -> (agent, tool, args, audit) -> {
                ResumeWith answer = fake.call(agent, tool, args, audit);
                if ("agent-a".equals(agent)) {
                    aCalled.countDown();
                }
                return answer;
            });
            // After its tool call, agent A's script computes until its 4 s run out.
            CompletableFuture<ScriptOutcome> a = CompletableFuture.supplyAsync(() -> proc.host.run("agent-a",
                    "call_tool(\"computer_evidence\", {});\nwhile (true) {}", "busy"), runs);
            assertThat(aCalled.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(500);

            ScriptOutcome b = proc.host.run("agent-b", "return {final_result: 'b'};", "quick");

            // B's script ended while A's still computes: A's segment held nothing B needed.
            assertThat(finalResult(b)).isEqualTo("\"b\"");
            assertThat(a).as("agent A's script is still computing").isNotDone();
            assertThat(((ScriptOutcome.Error) a.get(20, TimeUnit.SECONDS)).message()).contains("compute time limit");
        }
    }

    List<Path> checkpointFiles() throws IOException {
        Path checkpoints = dir.resolve("checkpoints");
        if (!Files.isDirectory(checkpoints)) {
            return List.of();
        }
        try (var files = Files.list(checkpoints)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".script")).toList();
        }
    }

    @Nested
    class Integrity {
        @Test
        void aTamperedCheckpointIsRefused() throws IOException {
            String id = suspend(new Proc().neverAnswering(), DELETE);
            Path file = dir.resolve("checkpoints").resolve(id + ".script");
            byte[] bytes = Files.readAllBytes(file);
            bytes[bytes.length / 2] ^= 1;
            Files.write(file, bytes);

            ScriptOutcome outcome = new Proc().answering(Decision.ALLOW_ONCE).host.resume("agent-a", id, Duration.ZERO);

            assertThat(((ScriptOutcome.HostFault) outcome).error().message()).contains("refused").contains("MAC");
            assertThat(screen.deletes).hasValue(0);
        }

        @Test
        void aCheckpointFromAnotherInstallationIsRefused() throws IOException {
            Path elsewhere = dir.resolve("elsewhere");
            ScriptCheckpointStore foreign = new ScriptCheckpointStore(elsewhere);
            foreign.save(new ScriptCheckpoint("scr_foreign", "agent-a", "x", ScriptCheckpoint.Phase.AFTER,
                    "computer_evidence", null, new byte[] {1, 2, 3}, "", 1, null, null, null, null));
            Files.createDirectories(dir.resolve("checkpoints"));
            new ScriptCheckpointStore(dir.resolve("checkpoints"));
            Files.copy(elsewhere.resolve("scr_foreign.script"), dir.resolve("checkpoints").resolve("scr_foreign.script"));

            ScriptOutcome outcome = new Proc().host.resume("agent-a", "scr_foreign", Duration.ZERO);

            assertThat(((ScriptOutcome.HostFault) outcome).error().message()).contains("MAC");
        }

        @Test
        void theKeyFileIsPrivate() throws IOException {
            new ScriptCheckpointStore(dir.resolve("k"));
            assertThat(Files.getPosixFilePermissions(dir.resolve("k").resolve("checkpoint-mac.key")))
                    .containsExactlyInAnyOrder(java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                            java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
        }
    }

    String onlyCheckpoint() {
        try (var files = Files.list(dir.resolve("checkpoints"))) {
            List<String> ids = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".script"))
                    .map(n -> n.substring(0, n.length() - ".script".length())).toList();
            assertThat(ids).hasSize(1);
            return ids.get(0);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
