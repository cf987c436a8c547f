package dev.countersign.driver;

import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphStep;
import dev.countersign.graph.ResumeInput;
import java.util.function.Supplier;

/**
 * The one owner of a run: starts one accepted act on the governed graph with its local runtime,
 * asks the person when the graph interrupts, resumes it with the decision, and records the
 * receipt in the agent's ring. Shared by ref acts and
 * visual acts, which differ only in their runtime and in what the person is shown.
 */
final class GovernedRun {
    private final DriverContext ctx;
    private final ApprovalFlow approvals;

    GovernedRun(DriverContext ctx, ApprovalFlow approvals) {
        this.ctx = ctx;
        this.approvals = approvals;
    }

    Receipt run(String agentId, LocalRuntime runtime, ApprovalRequirement requirement, ActionRequest request,
            Supplier<ApprovalFlow.Ask> ask, long started, ApprovalWatch watch) {
        GovernedGraph graph = new GovernedGraph(runtime, envelope -> requirement, ctx.clock, ctx.ids);
        GraphStep step = graph.start(request);
        long approvalNanos = 0;
        String decidedAt = null;
        if (step instanceof GraphStep.Interrupted wait) {
            // The approval code only decides; resuming the graph is this run's alone.
            long asked = System.nanoTime();
            ApprovalFlow.Answered answered = approvals.ask(wait.pending(), ask.get(), watch);
            decidedAt = answered.decidedAt();
            approvalNanos = System.nanoTime() - asked;
            step = graph.resume(wait.checkpoint(), ResumeInput.decision(answered.decision()));
        }
        ActionResult result = ((GraphStep.Finished) step).result();
        Receipt receipt = Receipts.of(result, runtime.delivery(), runtime.verifyNanos(), started, approvalNanos,
                decidedAt);
        ctx.receipts.add(agentId, receipt);
        return receipt;
    }
}
