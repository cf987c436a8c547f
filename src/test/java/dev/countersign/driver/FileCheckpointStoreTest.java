package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.ApprovalGate;
import dev.countersign.graph.Fixtures;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphState;
import dev.countersign.graph.GraphStep;
import dev.countersign.graph.Node;
import dev.countersign.graph.ResumeInput;
import dev.countersign.graph.ScriptedRuntime;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.PendingApproval;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileCheckpointStoreTest {
    @TempDir
    Path dir;

    private GraphStep.Interrupted interruptedAction() {
        TestClock clock = new TestClock(Fixtures.NOW);
        SequentialIds ids = new SequentialIds();
        ApprovalGate gate = Fixtures.approvalRequired();
        GraphStep step = new GovernedGraph(new ScriptedRuntime(clock, ids), gate, clock, ids).start(Fixtures.request());
        return (GraphStep.Interrupted) step;
    }

    @Test
    void aPendingApprovalSurvivesARestart() {
        GraphStep.Interrupted wait = interruptedAction();
        new FileCheckpointStore(dir).save("act_1", wait.checkpoint());

        // A new process: new store, new graph, new runtime.
        GraphState restored = new FileCheckpointStore(dir).load("act_1").orElseThrow();
        assertThat(restored.node()).isEqualTo(Node.AWAIT_APPROVAL);
        TestClock clock = new TestClock(Fixtures.NOW.plusSeconds(2));
        SequentialIds ids = new SequentialIds();
        ScriptedRuntime runtime = new ScriptedRuntime(clock, ids);
        PendingApproval p = restored.pendingApproval().orElseThrow();
        GraphStep done = new GovernedGraph(runtime, Fixtures.approvalRequired(), clock, ids).resume(restored,
                ResumeInput.decision(new ApprovalDecision.AllowedOnce(new ApprovalGrant("grant-9", null,
                        p.actionId(), p.route(), p.actionDigest(), p.policyDigest(), p.nonce(), "2026-11-29T12:00:02Z"))));

        assertThat(((GraphStep.Finished) done).result().status()).isEqualTo(ActionResult.CONFIRMED);
        assertThat(runtime.calls).containsExactly("lease", "execute", "verify", "release");
    }

    @Test
    void aTruncatedCheckpointFailsLoudly() throws Exception {
        FileCheckpointStore store = new FileCheckpointStore(dir);
        store.save("act_1", interruptedAction().checkpoint());
        Path file = dir.resolve("act_1.checkpoint.json");
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> store.load("act_1"))
                .isInstanceOf(CountersignException.class)
                .hasMessageContaining("not a complete checkpoint")
                .satisfies(e -> assertThat(((CountersignException) e).error().code()).isEqualTo(ErrorCode.INTERNAL));
    }

    @Test
    void anAlteredCheckpointFailsLoudly() throws Exception {
        FileCheckpointStore store = new FileCheckpointStore(dir);
        store.save("act_1", interruptedAction().checkpoint());
        Path file = dir.resolve("act_1.checkpoint.json");
        String text = Files.readString(file).replace("\"AWAIT_APPROVAL\"", "\"EXECUTE\"");
        Files.writeString(file, text);

        assertThatThrownBy(() -> store.load("act_1")).isInstanceOf(CountersignException.class)
                .hasMessageContaining("digest does not match");
    }

    @Test
    void saveReplacesAtomicallyAndLeavesNoTempFiles() throws Exception {
        FileCheckpointStore store = new FileCheckpointStore(dir);
        GraphState state = interruptedAction().checkpoint();
        store.save("act_1", state);
        store.save("act_1", state);
        store.save("act_2", state);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("act_1.checkpoint.json", "act_2.checkpoint.json");
        }
        assertThat(store.ids()).containsExactly("act_1", "act_2");
        store.delete("act_1");
        assertThat(store.load("act_1")).isEmpty();
        assertThat(store.ids()).containsExactly("act_2");
    }

    @Test
    void idsThatCouldLeaveTheDirectoryAreRefused() {
        FileCheckpointStore store = new FileCheckpointStore(dir);
        assertThatThrownBy(() -> store.load("../etc/passwd")).isInstanceOf(CountersignException.class)
                .satisfies(e -> assertThat(((CountersignException) e).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }
}
