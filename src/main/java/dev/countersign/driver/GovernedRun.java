package dev.countersign.driver;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignException;
import dev.countersign.graph.ActionResult;
import dev.countersign.graph.GovernedGraph;
import dev.countersign.graph.GraphStep;
import dev.countersign.graph.ResumeInput;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one owner of a run: starts one accepted act on the governed graph with its runtime, asks the
 * person through {@link ApprovalFlow} when the graph interrupts, resumes it with the decision,
 * times the phases, and records the receipt in the agent's ring and its account (the act in words,
 * who allowed it, its pictures) for the audit log. Its runtime is behind the {@link ActJournal},
 * so the act's intent is on disk before it is dispatched. Every act runs here, whatever carries
 * it — a ref act, a visual act, a governed server's forwarded act, a remote Countersign's act —
 * and they differ only in their runtime and in what the person is shown.
 */
final class GovernedRun {
    private final DriverContext ctx;
    private final ApprovalFlow approvals;

    GovernedRun(DriverContext ctx, ApprovalFlow approvals) {
        this.ctx = ctx;
        this.approvals = approvals;
    }

    /** A run whose approval requirement is known before the graph starts (this desktop's policy judged the live target). */
    Receipt run(String agentId, TimedRuntime runtime, ApprovalRequirement requirement, ActionRequest request,
            Supplier<ApprovalFlow.Ask> ask, long started, ApprovalWatch watch) {
        return runGraph(agentId, runtime, envelope -> requirement, request, previewed -> ask.get(), ask, started, watch);
    }

    /**
     * A run whose requirement and question are judged on the previewed envelope (a carrier whose
     * far side previews the act).
     *
     * @param requirement what the policy requires of the previewed envelope
     * @param ask what the person is shown about the previewed envelope; built only when the graph interrupts
     * @param unasked the act's words for the timeline when the person was not asked; null or a null
     *     answer when there are none
     */
    Receipt run(String agentId, TimedRuntime carrier, Function<ActionEnvelope, ApprovalRequirement> requirement,
            ActionRequest request, Function<ActionEnvelope, ApprovalFlow.Ask> ask, Supplier<ApprovalFlow.Ask> unasked,
            long started, ApprovalWatch watch) {
        return runGraph(agentId, carrier, requirement, request, ask, unasked, started, watch);
    }

    /** @param unasked the act's words when the person is not asked; null where only a previewed envelope words it */
    private Receipt runGraph(String agentId, TimedRuntime carrier, Function<ActionEnvelope, ApprovalRequirement> requirement,
            ActionRequest request, Function<ActionEnvelope, ApprovalFlow.Ask> ask, Supplier<ApprovalFlow.Ask> unasked,
            long started, ApprovalWatch watch) {
        // While the audit log takes no records, no act starts: nobody is asked, nothing reserved.
        ctx.journalProblem().ifPresent(problem -> {
            throw new CountersignException(problem);
        });
        TimedRuntime runtime = JournaledRuntime.timed(carrier, ctx.journal);
        GovernedGraph graph = new GovernedGraph(runtime, requirement::apply, ctx.clock, ctx.ids);
        GraphStep step = graph.start(request);
        long approvalNanos = 0;
        String decidedAt = null;
        ApprovalFlow.Answered answered = null;
        ApprovalFlow.Ask shown = null;
        QuestionPicture question = null;
        if (step instanceof GraphStep.Interrupted wait) {
            // The approval code only decides; resuming the graph is this run's alone.
            long asked = System.nanoTime();
            ActionEnvelope previewed = wait.checkpoint().previews().get(wait.checkpoint().previews().size() - 1);
            shown = ask.apply(previewed);
            question = new QuestionPicture(shown.screenshot());
            answered = approvals.ask(wait.pending(), shown.withScreenshot(question), previewed, watch);
            decidedAt = answered.decidedAt();
            approvalNanos = System.nanoTime() - asked;
            step = graph.resume(wait.checkpoint(), ResumeInput.decision(answered.decision()));
        }
        ActionResult result = ((GraphStep.Finished) step).result();
        Receipt receipt = Receipts.of(result, runtime.delivery(), runtime.verifyNanos(), started, approvalNanos,
                decidedAt, answered == null ? null : answered.grantId(),
                answered == null ? null : answered.grantDecision());
        ctx.receipts.add(agentId, receipt);
        ctx.accounts.add(account(receipt, request, runtime, shown != null ? shown : unasked == null ? null : unasked.get(),
                answered, question));
        return receipt;
    }

    private ActAccount account(Receipt receipt, ActionRequest request, TimedRuntime runtime, ApprovalFlow.Ask words,
            ApprovalFlow.Answered answered, QuestionPicture question) {
        boolean asked = answered != null && answered.askedPerson();
        Map<String, byte[]> pictures = new HashMap<>(ctx.pictureRules().on() ? runtime.pictures() : Map.of());
        byte[] taken = asked && question != null && ctx.pictureRules().on() ? question.taken() : null;
        byte[] shownPng = taken == null ? null : ActPictures.question(taken);
        if (shownPng != null) {
            pictures.put("question", shownPng);
        }
        String notAskedWhy = answered != null ? null : notAskedWhy(receipt);
        return new ActAccount(receipt.receiptId(), words == null ? null : words.summary(),
                words == null ? null : words.app(), words == null ? null : words.window(),
                words == null ? null : words.machine(), request.operation(), asked, notAskedWhy, pictures,
                ctx.pictureRules());
    }

    /** Why nobody was asked about an act the graph never interrupted for. */
    private static String notAskedWhy(Receipt receipt) {
        if ("rejected".equals(receipt.status()) && receipt.code() != null) {
            return "it was stopped before anyone needed to be asked (" + receipt.code() + ")";
        }
        return "the policy asks only about risky acts, and nothing in this one matched";
    }

    /** The question's marked capture, remembered when the approval flow takes it. */
    static final class QuestionPicture implements Supplier<byte[]> {
        private final Supplier<byte[]> capture;
        private volatile byte[] taken;

        QuestionPicture(Supplier<byte[]> capture) {
            this.capture = capture;
        }

        @Override
        public byte[] get() {
            byte[] png = capture.get();
            taken = png;
            return png;
        }

        byte[] taken() {
            return taken;
        }
    }
}
