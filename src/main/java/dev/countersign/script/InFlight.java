package dev.countersign.script;

import dev.countersign.approval.ApprovalTap;
import java.util.concurrent.CompletableFuture;

/**
 * One tool call of a script running on the dispatch executor: its eventual answer, whether the
 * person is being asked, and the latest checkpoint written for it. Lives in memory only; after a
 * restart the checkpoint's phase stands in for it.
 */
final class InFlight implements ApprovalTap.Listener {
    final CompletableFuture<ResumeWith> answer = new CompletableFuture<>();
    final CompletableFuture<String> asking = new CompletableFuture<>();
    private final ScriptCheckpointStore store;
    private volatile ScriptCheckpoint checkpoint;

    InFlight(ScriptCheckpointStore store, ScriptCheckpoint checkpoint) {
        this.store = store;
        this.checkpoint = checkpoint;
    }

    ScriptCheckpoint checkpoint() {
        return checkpoint;
    }

    @Override
    public synchronized void asking(String summary) {
        ScriptCheckpoint next = checkpoint.waitingFor(summary);
        store.save(next);
        checkpoint = next;
        asking.complete(summary);
    }

    @Override
    public synchronized void allowed() {
        ScriptCheckpoint next = checkpoint.with(ScriptCheckpoint.Phase.DISPATCHING, null);
        store.save(next);
        checkpoint = next;
    }

    /** Marks that the person is being asked outside the driver (the interrupted-action question). */
    void askingDirectly(String summary) {
        asking.complete(summary);
    }
}
