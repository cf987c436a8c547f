package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.graph.TestClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the checkpoint directory may hold: per agent and in all, in scripts and bytes, and for how long. */
class ScriptCheckpointStoreTest {
    private static final Predicate<String> NONE_CALLING = id -> false;

    @TempDir
    Path dir;
    final TestClock clock = new TestClock(Instant.now());

    ScriptCheckpointStore store(int perAgent, int inAll) {
        return new ScriptCheckpointStore(dir, new CheckpointQuota.Bounds(perAgent, 64L << 20, inAll, 256L << 20, 8 << 20,
                Duration.ofHours(1)), clock);
    }

    static ScriptCheckpoint checkpoint(String scriptId, String agentId, int snapshotBytes) {
        return new ScriptCheckpoint(scriptId, agentId, "t", ScriptCheckpoint.Phase.AFTER, "computer_evidence", null,
                new byte[snapshotBytes], "", 1, null, null, null, null);
    }

    /** Admits and saves one script, as a run that suspends does. */
    static void suspended(ScriptCheckpointStore store, String scriptId, String agentId, int snapshotBytes) {
        store.admit(agentId, scriptId, NONE_CALLING);
        store.save(checkpoint(scriptId, agentId, snapshotBytes));
    }

    static void refusedWithBudgetExhausted(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isEqualTo(ErrorCode.BUDGET_EXHAUSTED));
    }

    List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".script")).toList();
        }
    }

    @Nested
    class Scripts {
        @Test
        void anAgentAtItsShareIsRefusedWithACodeAndAnotherAgentIsNot() {
            ScriptCheckpointStore store = store(2, 8);
            suspended(store, "scr_a1", "agent-a", 100);
            suspended(store, "scr_a2", "agent-a", 100);

            refusedWithBudgetExhausted(() -> store.admit("agent-a", "scr_a3", NONE_CALLING));
            store.admit("agent-b", "scr_b1", NONE_CALLING);
        }

        @Test
        void theWholeStoreIsBoundedAcrossAgents() throws IOException {
            ScriptCheckpointStore store = store(2, 4);
            for (String agent : List.of("agent-a", "agent-b")) {
                suspended(store, "scr_" + agent.charAt(6) + "1", agent, 100);
                suspended(store, "scr_" + agent.charAt(6) + "2", agent, 100);
            }

            refusedWithBudgetExhausted(() -> store.admit("agent-c", "scr_c1", NONE_CALLING));
            assertThat(files()).hasSize(4);
        }

        @Test
        void aScriptAdmittedButNotSavedHoldsItsPlaceUntilItEnds() {
            ScriptCheckpointStore store = store(1, 8);
            store.admit("agent-a", "scr_running", NONE_CALLING);

            refusedWithBudgetExhausted(() -> store.admit("agent-a", "scr_next", NONE_CALLING));
            store.delete("scr_running");
            store.admit("agent-a", "scr_next", NONE_CALLING);
        }

        @Test
        void reopeningTheStoreCountsWhatIsAlreadyOnDisk() {
            ScriptCheckpointStore before = store(2, 8);
            suspended(before, "scr_a1", "agent-a", 100);
            suspended(before, "scr_a2", "agent-a", 100);

            ScriptCheckpointStore after = store(2, 8);

            refusedWithBudgetExhausted(() -> after.admit("agent-a", "scr_a3", NONE_CALLING));
            after.admit("agent-b", "scr_b1", NONE_CALLING);
        }
    }

    @Nested
    class Bytes {
        ScriptCheckpointStore store() {
            return new ScriptCheckpointStore(dir, new CheckpointQuota.Bounds(16, 4L << 20, 64, 64L << 20, 2 << 20,
                    Duration.ofHours(1)), clock);
        }

        @Test
        void anAgentsBytesAreBoundedWithRoomForOneMoreCheckpoint() {
            ScriptCheckpointStore store = store();
            suspended(store, "scr_a1", "agent-a", 1 << 20);
            suspended(store, "scr_a2", "agent-a", 1 << 20);

            // 2 × 1.3 MiB on disk, and one more could take 2 MiB: more than the agent's 4 MiB.
            refusedWithBudgetExhausted(() -> store.admit("agent-a", "scr_a3", NONE_CALLING));
        }

        @Test
        void aCheckpointLargerThanOneScriptMayKeepIsRefusedAndNotWritten() throws IOException {
            ScriptCheckpointStore store = store();
            store.admit("agent-a", "scr_big", NONE_CALLING);

            refusedWithBudgetExhausted(() -> store.save(checkpoint("scr_big", "agent-a", 2 << 20)));
            assertThat(files()).isEmpty();
        }
    }

    @Nested
    class Abandoned {
        @Test
        void aCheckpointUntouchedForAnHourIsDeletedWhenTheNextScriptIsAdmitted() throws IOException {
            ScriptCheckpointStore store = store(1, 8);
            suspended(store, "scr_old", "agent-a", 100);
            clock.advance(Duration.ofMinutes(61));

            assertThat(store.admit("agent-a", "scr_new", NONE_CALLING)).containsExactly("scr_old");
            assertThat(files()).isEmpty();
            assertThat(store.load("agent-a", "scr_old")).isEmpty();
        }

        @Test
        void aResumeKeepsAScriptAlive() {
            ScriptCheckpointStore store = store(1, 8);
            suspended(store, "scr_old", "agent-a", 100);
            clock.advance(Duration.ofMinutes(50));
            assertThat(store.load("agent-a", "scr_old")).isPresent();
            clock.advance(Duration.ofMinutes(50));

            refusedWithBudgetExhausted(() -> store.admit("agent-a", "scr_new", NONE_CALLING));
        }

        @Test
        void aScriptWhoseCallStillRunsIsNotAbandoned() {
            ScriptCheckpointStore store = store(1, 8);
            suspended(store, "scr_old", "agent-a", 100);
            clock.advance(Duration.ofHours(2));

            refusedWithBudgetExhausted(() -> store.admit("agent-a", "scr_new", "scr_old"::equals));
            assertThat(store.load("agent-a", "scr_old")).isPresent();
        }
    }
}
