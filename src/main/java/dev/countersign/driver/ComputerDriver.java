package dev.countersign.driver;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Approver;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.IdSource;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.OwnIdentity;
import dev.countersign.desktop.Permissions;
import dev.countersign.graph.ActionResult;
import dev.countersign.policy.ScreenRedactor;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent-facing operations as a Java API: {@code computer_observe}, {@code computer_act},
 * {@code computer_evidence} (docs/endpoint.md). The agent id always comes from the caller's
 * authenticated connection, never from the arguments. Safe for concurrent use by many agents.
 */
public final class ComputerDriver {
    private static final Logger LOG = LoggerFactory.getLogger(ComputerDriver.class);

    private final DriverContext ctx;
    private final ApprovalPolicy policy;
    private final Observer observer;
    private final ActFlow acts;
    private final ApprovalFlow approvals;
    private final VisualFlow visuals;
    private final ForwardFlow forwards;
    private final CarriedFlow carried;
    private final List<Consumer<Boolean>> killSwitch = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();

    public ComputerDriver(DesktopBackend backend, ApprovalPolicy policy, Approver approver, LeaseBook leases,
            Clock clock, IdSource ids, Random random, DriverSettings settings) {
        this.ctx = new DriverContext(backend, clock, ids, random, settings, leases, policy::currentDigest);
        this.policy = policy;
        this.observer = new Observer(ctx, policy);
        this.approvals = new ApprovalFlow(ctx, approver, policy);
        GovernedRun run = new GovernedRun(ctx, approvals);
        this.acts = new ActFlow(ctx, policy, run);
        this.visuals = new VisualFlow(ctx, policy, run);
        this.forwards = new ForwardFlow(ctx, policy, observer, run);
        this.carried = new CarriedFlow(ctx, run);
    }

    /**
     * {@code text} as it may reach an agent (the endpoint's results and approval progress, as
     * observations): Countersign's tokens and the policy's {@code credentials} redacted. Null stays null.
     */
    public String redactForAgent(String text) {
        return policy.redactor().redact(text, new ScreenRedactor.Tally());
    }

    /** {@code text} with Countersign's own tokens redacted, for an endpoint that serves no driver. */
    public static String withoutTokens(String text) {
        return ScreenRedactor.TOKENS_ONLY.redact(text, new ScreenRedactor.Tally());
    }

    public ToolResult<ObservationView> observe(String agentId, ObserveArgs args) {
        return guarded(agentId, "observe", () -> observer.observe(agentId, args));
    }

    /**
     * The running accessible applications and their windows (what {@code computer_observe} answers
     * when named no app): redacted like an observation, Countersign itself left out by the served
     * backend; reads only.
     */
    public ToolResult<AppsView> apps(String agentId) {
        return guarded(agentId, "apps", () -> {
            var session = ctx.sessionProblem();
            if (session.isPresent()) {
                return ToolResult.error(session.get());
            }
            return ToolResult.ok(AppsView.of(ctx.backend.listApps(), ctx.windows, policy.redactor()));
        });
    }

    public ToolResult<Receipt> act(String agentId, ActArgs args) {
        return act(agentId, args, ApprovalWatch.NONE);
    }

    /**
     * Runs a made-up click through this driver's policy, the governed graph and the receipt (see
     * {@link ActWarmUp}) so that the first agent's first act finds that code linked, and returns
     * its receipt for the endpoint to warm its answer with. Reaches no desktop, no agent's lease,
     * reservation or receipts, and no audit log.
     */
    public Receipt warmUpAct() {
        return ActWarmUp.run(ctx.settings, ctx.clock, policy);
    }

    /**
     * {@link #act(String, ActArgs)}, with a watch that hears about an approval before and after
     * the person is asked and can withdraw it while it waits (the agent disconnected).
     */
    public ToolResult<Receipt> act(String agentId, ActArgs args, ApprovalWatch watch) {
        Objects.requireNonNull(watch, "watch");
        return guarded(agentId, "act", () -> acts.act(agentId, args, watch));
    }

    /** {@code computer_visual_observe}: the observation's window as a PNG with numbered marks. */
    public ToolResult<VisualObservation> visualObserve(String agentId, VisualArgs.Observe args) {
        return guarded(agentId, "visual_observe", () -> visuals.observe(agentId, args));
    }

    /** {@code computer_visual_act}: the governed coordinate fallback; always asks the person. */
    public ToolResult<Receipt> visualAct(String agentId, VisualArgs.Act args) {
        return visualAct(agentId, args, ApprovalWatch.NONE);
    }

    /** {@link #visualAct(String, VisualArgs.Act)}, with a watch on the approval wait (see {@link ApprovalWatch}). */
    public ToolResult<Receipt> visualAct(String agentId, VisualArgs.Act args, ApprovalWatch watch) {
        Objects.requireNonNull(watch, "watch");
        return guarded(agentId, "visual_act", () -> visuals.act(agentId, args, watch));
    }

    /**
     * A mutating action another runtime carries out (a governed external computer-use server):
     * resolved, judged, approved and re-checked here like a local act; {@link ForwardedAct#forwarder()}
     * runs only after the graph allowed it, and its receipt is {@code unknown} after dispatch.
     */
    public ToolResult<Forwarded> forward(String agentId, ForwardedAct act, ApprovalWatch watch) {
        Objects.requireNonNull(watch, "watch");
        return guarded(agentId, "forward", () -> forwards.act(agentId, act, watch));
    }

    /**
     * An act {@code carrier} carries to another machine, run by the same owner as a local act: the
     * graph here, the person here asked through the one approval path ({@code watch} hears of it and
     * can withdraw it), the agent's lease here charged at dispatch, the receipt in the agent's ring.
     */
    public ToolResult<Receipt> carry(String agentId, Carrier carrier, ActArgs args, ApprovalWatch watch) {
        Objects.requireNonNull(carrier, "carrier");
        Objects.requireNonNull(watch, "watch");
        return guarded(agentId, "carry", () -> carried.act(agentId, carrier, args, watch));
    }

    /**
     * Admits an act another Countersign drives on this desktop for {@code scopeId} (that
     * governor's agent: its observations, lease and reservations are its own), through exactly
     * the checks a local {@code computer_act} runs before its graph, in their order
     * ({@link ActFlow#accept}). {@code args}' ref is one of the scope's own observations.
     */
    public ToolResult<Admitted> admit(String scopeId, ActArgs args) {
        long started = System.nanoTime();
        return guarded(scopeId, "admit", () -> {
            Optional<CountersignError> unwritable = ctx.journalProblem();
            if (unwritable.isPresent()) {
                return ToolResult.error(unwritable.get());
            }
            return acts.accept(scopeId, args).map(a -> {
                ApprovalFlow.Ask ask = a.ask().get();
                return new Admitted(JournaledRuntime.of(a.runtime(), ctx.journal), a.requirement(), ask.summary(),
                        ask.app(), ask.window(), started, ask.screenshot());
            });
        });
    }

    /**
     * Records every act's intent in {@code journal} before it is dispatched (the served app's audit
     * log), and refuses every act while it cannot be written. Without one (a driver that serves no
     * log: tests and benches) acts leave only their receipts.
     */
    public void journalActs(ActJournal journal) {
        ctx.journal = Objects.requireNonNull(journal, "journal");
    }

    /** Why no act may start now because the audit log cannot be written (after trying it again), or empty. */
    public Optional<CountersignError> journalProblem() {
        return ctx.journalProblem();
    }

    /** Whether the audit log takes no records now, so every act is refused (the tray shows it); writes nothing. */
    public boolean auditUnwritable() {
        ActJournal j = ctx.journal;
        return j != null && j.unwritable().isPresent();
    }

    /**
     * The receipt of an admitted act as this desktop reports it, in the one receipt shape: its
     * status by {@link ActionResult#statusOf}, how it was delivered and how long its phases took.
     *
     * @param decidedAt when the governing side's person allowed it; null when no approval was bound
     */
    public Receipt receipt(Admitted admitted, ActionResult result, String decidedAt) {
        TimedRuntime timed = admitted.runtime() instanceof TimedRuntime t ? t : null;
        return Receipts.of(result, timed == null ? Optional.empty() : timed.delivery(),
                timed == null ? -1 : timed.verifyNanos(), admitted.startedNanos(), 0, decidedAt);
    }

    /**
     * This desktop's before/after pictures of an admitted act (PNGs by role), for the governing
     * side's timeline: taken here, by this side's rules and with this side's painting over, once
     * the act was verified; none when this side's person turned pictures off.
     */
    public Map<String, byte[]> pictures(Admitted admitted) {
        if (!ctx.pictureRules().on() || !(admitted.runtime() instanceof TimedRuntime timed)) {
            return Map.of();
        }
        return timed.pictures();
    }

    /** Keeps a receipt in {@code holder}'s ring: this desktop's Activity window and the holder's evidence show it. */
    public void remember(String holder, Receipt receipt) {
        requireAgent(holder);
        ctx.receipts.add(holder, receipt);
    }

    /** Why agents may not act now (the person paused them all); empty when they may. */
    public Optional<CountersignError> pauseProblem() {
        return ctx.pauseProblem();
    }

    /**
     * The agent's recent receipts, newest first, and nothing else: what the tray and the activity
     * window poll, without {@link #evidence}'s session, permission and identity probes of the desktop.
     */
    public List<Receipt> receipts(String agentId) {
        requireAgent(agentId);
        return ctx.receipts.window(agentId).receipts();
    }

    /**
     * Everyone with receipts in a ring: the agents, and the scopes of governing Countersigns whose
     * acts ran on this desktop, so that the Activity window shows those too.
     */
    public Set<String> receiptHolders() {
        return ctx.receipts.holders();
    }

    public EvidenceView evidence(String agentId) {
        requireAgent(agentId);
        ReceiptRing.Window window = ctx.receipts.window(agentId);
        Permissions permissions = ctx.backend.permissions();
        OwnIdentity own = ctx.backend.ownIdentity();
        return new EvidenceView(
                ctx.backend.sessionState().name().toLowerCase(Locale.ROOT),
                new EvidenceView.PermissionsView(permissions.accessibility().name().toLowerCase(Locale.ROOT),
                        permissions.screenRecording().name().toLowerCase(Locale.ROOT)),
                new EvidenceView.IdentityView(own.pid(), own.executable(), own.bundleId(), own.signature(),
                        own.startedBy()),
                window.receipts(), window.total(), window.dropped(), window.receipts().size(), true, ctx.paused(),
                auditLogState(), EvidenceView.CONTRACT_VERSION);
    }

    /** {@code unwritable} while the audit log takes no records (every act refused), else null (omitted). */
    private String auditLogState() {
        return auditUnwritable() ? "unwritable" : null;
    }

    /**
     * The account of the act whose receipt is {@code receiptId} (its words, who allowed it, its
     * pictures), handed over once, to the audit record of that receipt; empty once taken or dropped.
     */
    public Optional<ActAccount> takeAccount(String receiptId) {
        return ctx.accounts.take(receiptId);
    }

    /** Whether acts' pictures are taken from now on, and how many the audit log keeps (the person's settings). */
    public void pictureRules(PictureRules rules) {
        ctx.pictureRules(Objects.requireNonNull(rules, "rules"));
    }

    /** The kill switch: refuses every queued and new mutation and releases every reservation. */
    public void pauseAll() {
        ctx.pauseAll();
        approvals.withdrawEverything();
        LOG.info("all agents paused");
        killSwitch.forEach(l -> l.accept(true));
    }

    public void resumeAll() {
        ctx.resumeAll();
        LOG.info("agents resumed");
        killSwitch.forEach(l -> l.accept(false));
    }

    /** Hears every {@link #pauseAll} ({@code true}) and {@link #resumeAll} ({@code false}), after it took effect. */
    public void onKillSwitch(Consumer<Boolean> listener) {
        killSwitch.add(Objects.requireNonNull(listener, "listener"));
    }

    public boolean paused() {
        return ctx.paused();
    }

    public LeaseBook leases() {
        return ctx.leases;
    }

    /** The grants the person gave for a task (docs/approvals.md): listed, revoked and audited by the app. */
    public GrantBook grants() {
        return ctx.grants;
    }

    /** Ends every grant (Countersign quits): each end is recorded while the audit log is still open. */
    public void endGrants() {
        ctx.grants.endAll(GrantBook.End.QUIT);
    }

    /** Forgets an agent: its observations, refs, reservations, receipts, pending approvals and grants. */
    public void dispose(String agentId) {
        requireAgent(agentId);
        ctx.grants.endAgent(agentId, GrantBook.End.AGENT_REVOKED);
        ctx.observations.dispose(agentId);
        approvals.withdrawAll(agentId);
        ctx.reservations.releaseAgent(agentId);
        ctx.receipts.forget(agentId);
    }

    /** How many calls agents made so far (it only grows): the app gives memory back once it stops moving. */
    public long calls() {
        return calls.get();
    }

    /** Bytes of serialized observations the agent currently holds (for budgets and tests). */
    public long observationBytes(String agentId) {
        return ctx.observations.bytesUsed(agentId);
    }

    private static void requireAgent(String agentId) {
        if (agentId == null || agentId.isBlank()) {
            throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated agent"));
        }
    }

    /**
     * Runs one tool call and turns what it throws into the agent's answer. An agent's bad argument
     * is an explicit value: a {@link CountersignException} carrying {@code INVALID_ARGUMENT} (the
     * argument records and {@code Json.bind} raise it, naming the field). Anything else, an
     * {@link IllegalArgumentException} from a record's invariant included, is a fault of ours: it
     * answers {@code INTERNAL} without its message and is logged here, once, with its stack.
     */
    private <T> ToolResult<T> guarded(String agentId, String what, Supplier<ToolResult<T>> operation) {
        calls.incrementAndGet();
        if (agentId == null || agentId.isBlank()) {
            // Identity comes from the host; without one nothing runs (docs/architecture.md).
            return ToolResult.error(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated agent"));
        }
        try {
            return operation.get();
        } catch (CountersignException e) {
            return ToolResult.error(e.error());
        } catch (RuntimeException e) {
            LOG.error("{} failed for agent {}: an internal fault, not the agent's argument", what, agentId, e);
            return ToolResult.error(CountersignError.of(ErrorCode.INTERNAL, what + " failed: " + e.getClass().getSimpleName()));
        }
    }
}
