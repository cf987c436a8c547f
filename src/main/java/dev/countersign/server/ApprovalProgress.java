package dev.countersign.server;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.server.tools.AuditTrail;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoint's side of an approval wait: records the request and the decision in the audit log
 * before anything happens, sends MCP progress while the person thinks (when the client gave a
 * progress token, so it does not time out), and withdraws the request once the agent cancels the
 * call or its connection is gone, so that nothing is dispatched for a caller who is no longer there.
 * The same watch serves both revisions: the SDK's session (progress through its exchange) and the
 * stateless 2026-07-28 path ({@link StatelessCalls}, progress on the call's own {@link EventStream});
 * each hands it where progress goes and how to learn that the agent's connection is still there.
 */
final class ApprovalProgress implements ApprovalWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalProgress.class);
    private static final String CLOSED = "the agent closed the call's connection while the person was asked; "
            + "the request was withdrawn and nothing was done";

    private final String tool;
    /** Where progress goes; it throws an unchecked exception once the call's stream is gone. */
    private final Consumer<McpSchema.ProgressNotification> progress;
    private final Object progressToken;
    /** False once the agent's connection is known to be gone; null: nothing to learn. */
    private final BooleanSupplier line;
    private final CallBook.Call call;
    private final AuditTrail audit;
    private final Duration tick;
    private final UnaryOperator<String> redactor;
    private volatile String summary = "";
    private volatile String stopped;

    ApprovalProgress(String tool, Consumer<McpSchema.ProgressNotification> progress, Object progressToken,
            BooleanSupplier line, CallBook.Call call, AuditTrail audit, Duration tick, UnaryOperator<String> redactor) {
        this.tool = tool;
        this.progress = progress;
        this.progressToken = progressToken;
        this.line = line;
        this.call = call;
        this.audit = audit;
        this.tick = tick;
        this.redactor = redactor;
    }

    @Override
    public Duration tick() {
        return tick;
    }

    @Override
    public void asking(ApprovalRequest request) {
        // The summary names the target's window and labels; the agent reads it as it reads a result.
        summary = redactor.apply(request.summary());
        audit.approvalRequested(tool, request);
    }

    @Override
    public boolean keepWaiting(Duration waited, Duration left) {
        if (call != null && call.cancelled()) {
            LOG.info("an agent cancelled a call while the person was asked; withdrawing the approval request");
            stopped = "the agent cancelled the call (notifications/cancelled) while the person was asked; "
                    + "the request was withdrawn and nothing was done";
            return false;
        }
        if (progressToken != null && progress != null) {
            double total = (waited.toMillis() + left.toMillis()) / 1000.0;
            McpSchema.ProgressNotification note = new McpSchema.ProgressNotification(progressToken,
                    waited.toMillis() / 1000.0, total, "waiting for the person to allow or deny: " + summary, null);
            try {
                progress.accept(note);
            } catch (RuntimeException e) {
                // A failed send is reported unchecked (the SDK's reactive error, or EventStream's
                // UncheckedIOException): the stream is gone.
                LOG.debug("progress for an approval wait could not be sent: {}", e.getClass().getSimpleName());
                stopped = CLOSED;
                return false;
            }
        }
        boolean alive = line == null || line.getAsBoolean();
        if (!alive) {
            LOG.info("an agent disconnected while the person was asked; withdrawing the approval request");
            stopped = CLOSED;
        }
        return alive;
    }

    @Override
    public String withdrawnBecause() {
        String why = stopped;
        return why == null ? ApprovalWatch.super.withdrawnBecause() : why;
    }

    @Override
    public void decided(ApprovalRequest request, Decision decision, boolean withdrawn) {
        audit.approvalDecided(tool, request, decision, withdrawn);
    }
}
