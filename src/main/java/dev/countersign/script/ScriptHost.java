package dev.countersign.script;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.approval.ApprovalTap;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ComputerDriver;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@code computer_script} and {@code computer_script_resume} (docs/script.md): drives a script
 * through its tool calls with SAVE-BEFORE and SAVE-AFTER checkpoints around each, answers
 * {@code suspended} while a call waits for the person, and recovers scripts after a restart from
 * their checkpoints alone. Tool calls run on a dispatch executor so that a call waiting for the
 * person does not hold the agent's request. Script code runs through a {@link RunGate}: one
 * segment per agent at a time, so a script waiting for the person holds nothing and a busy agent
 * delays another agent's scripts by one segment at most. A new script is admitted only while the
 * checkpoint store has room for its agent, and a script that ends in any way — finished, raised,
 * failed — leaves no checkpoint behind.
 */
public final class ScriptHost implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ScriptHost.class);
    /** How long a call may take before the agent is answered {@code suspended} anyway. */
    private static final Duration MAX_FIRST_WAIT = Duration.ofSeconds(90);

    private final ToolPort tools;
    private final ApprovalTap approvals;
    private final CodeRuntime runtime;
    private final ScriptCheckpointStore store;
    private final ScriptFaults faults;
    private final Duration grace;
    private final Recovery recovery;
    private final RunGate gate = new RunGate();
    private final ExecutorService dispatch = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "script-dispatch");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, InFlight> inFlight = new ConcurrentHashMap<>();
    private final Map<String, Object> locks = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    /**
     * @param approvals the approver the driver was built with, so approvals of a script's calls suspend it
     * @param grace how long a call that is waiting for the person may take before the agent is answered
     *     {@code suspended}
     */
    public ScriptHost(ComputerDriver driver, ApprovalTap approvals, CodeRuntime runtime, ScriptCheckpointStore store,
            ScriptFaults faults, Duration grace) {
        this(new DriverToolPort(driver), approvals, runtime, store, faults, grace);
    }

    ScriptHost(ToolPort tools, ApprovalTap approvals, CodeRuntime runtime, ScriptCheckpointStore store,
            ScriptFaults faults, Duration grace) {
        this.tools = Objects.requireNonNull(tools, "tools");
        this.approvals = Objects.requireNonNull(approvals, "approvals");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.store = Objects.requireNonNull(store, "store");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.grace = Objects.requireNonNull(grace, "grace");
        this.recovery = new Recovery(tools, approvals);
    }

    public CodeRuntime runtime() {
        return runtime;
    }

    /** {@code computer_script}: runs a new script for {@code agentId} until it ends or suspends. */
    public ScriptOutcome run(String agentId, String script, String name) {
        return run(agentId, script, name, ScriptAudit.NONE);
    }

    /** {@link #run(String, String, String)}, auditing the script's approvals and receipts. */
    public ScriptOutcome run(String agentId, String script, String name, ScriptAudit audit) {
        if (agentId == null || agentId.isBlank()) {
            return new ScriptOutcome.HostFault(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated agent"));
        }
        String scriptId = "scr_" + HexFormat.of().formatHex(bytes(16));
        try {
            forgetAbandoned(store.admit(agentId, scriptId, this::stillCalling));
        } catch (CountersignException e) {
            return new ScriptOutcome.HostFault(e.error());
        }
        synchronized (lockFor(scriptId)) {
            try {
                RunStep first = gate.run(agentId, () -> runtime.start(script, name));
                return advance(agentId, scriptId, name, null, first, audit);
            } catch (CountersignException e) {
                return stopped(scriptId, e);
            } finally {
                forgetLockUnlessSuspended(scriptId);
            }
        }
    }

    /**
     * {@code computer_script_resume}: continues the agent's script after a decision, waiting up to
     * {@code wait} for a call that is still with the person. Another agent's id is unknown.
     */
    public ScriptOutcome resume(String agentId, String scriptId, Duration wait) {
        return resume(agentId, scriptId, wait, ScriptAudit.NONE);
    }

    /** {@link #resume(String, String, Duration)}, auditing the script's approvals and receipts. */
    public ScriptOutcome resume(String agentId, String scriptId, Duration wait, ScriptAudit audit) {
        synchronized (lockFor(scriptId == null ? "" : scriptId)) {
            try {
                Optional<ScriptCheckpoint> loaded;
                try {
                    loaded = store.load(agentId, scriptId);
                } catch (CountersignException e) {
                    // A refused checkpoint stays on disk for the person to inspect (until it is abandoned).
                    return new ScriptOutcome.HostFault(e.error());
                }
                if (loaded.isEmpty()) {
                    return new ScriptOutcome.HostFault(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "script_id",
                            "unknown script_id; it finished, it was abandoned, or it is not yours"));
                }
                ScriptCheckpoint checkpoint = loaded.get();
                InFlight flight = inFlight.remove(scriptId);
                if (flight == null) {
                    flight = recover(checkpoint, audit);
                }
                return proceed(flight, wait, audit);
            } catch (CountersignException e) {
                return stopped(scriptId, e);
            } finally {
                forgetLockUnlessSuspended(scriptId);
            }
        }
    }

    /**
     * Ends every script of a revoked agent: questions to the person about them are withdrawn, calls
     * still in flight are answered with a refusal nobody can resume, and their checkpoints are
     * deleted, so no decision taken later and no restart can dispatch anything for that agent.
     * Returns how many scripts it ended.
     */
    public int endScripts(String agentId) {
        approvals.withdrawQuestions(agentId);
        Set<String> ended = new HashSet<>();
        inFlight.entrySet().removeIf(e -> {
            boolean mine = agentId.equals(e.getValue().checkpoint().agentId());
            if (mine) {
                ended.add(e.getKey());
                e.getValue().answer.complete(new ResumeWith.Failure(CountersignError.of(ErrorCode.APPROVAL_DENIED,
                        "the agent was removed; its script ended"), null));
            }
            return mine;
        });
        ended.addAll(store.scriptsOf(agentId));
        for (String scriptId : ended) {
            synchronized (lockFor(scriptId)) {
                store.delete(scriptId);
                inFlight.remove(scriptId);
                forgetLockUnlessSuspended(scriptId);
            }
        }
        return ended.size();
    }

    @Override
    public void close() {
        dispatch.shutdownNow();
    }

    /** Decides how a checkpoint without a live call in this process continues (see docs/script.md). */
    private InFlight recover(ScriptCheckpoint checkpoint, ScriptAudit audit) {
        switch (checkpoint.phase()) {
            case AFTER:
                InFlight done = new InFlight(store, checkpoint);
                done.answer.complete(checkpoint.result().toResumeWith());
                return done;
            case BEFORE:
                if (!checkpoint.acting()) {
                    // A read-only call changes nothing on screen: running it again is safe.
                    return start(checkpoint, () -> tools.call(checkpoint.agentId(), checkpoint.tool(), checkpoint.args(), audit));
                }
                return interrupted(checkpoint, audit);
            case AWAITING_APPROVAL:
                // Nothing was dispatched (dispatch only follows an allow, which is recorded first);
                // the old decision died with the old process, so the person is asked again.
                return start(checkpoint, () -> recovery.reissue(checkpoint, audit));
            case DISPATCHING:
            default:
                return interrupted(checkpoint, audit);
        }
    }

    private InFlight interrupted(ScriptCheckpoint checkpoint, ScriptAudit audit) {
        InFlight flight = new InFlight(store, checkpoint);
        flight.askingDirectly(Recovery.interruptedSummary(checkpoint));
        recovery.askAboutInterrupted(checkpoint, audit).whenComplete((answer, failure) -> {
            if (failure != null) {
                flight.answer.completeExceptionally(failure);
            } else {
                flight.answer.complete(answer);
            }
        });
        return flight;
    }

    private InFlight start(ScriptCheckpoint checkpoint, Supplier<ResumeWith> call) {
        InFlight flight = new InFlight(store, checkpoint);
        CompletableFuture.supplyAsync(() -> approvals.bound(flight, call), dispatch).whenComplete((answer, failure) -> {
            if (failure != null) {
                flight.answer.completeExceptionally(failure);
            } else {
                flight.answer.complete(answer);
            }
        });
        return flight;
    }

    private ScriptOutcome advance(String agentId, String scriptId, String name, ScriptCheckpoint previous,
            RunStep step, ScriptAudit audit) {
        ScriptCheckpoint last = previous;
        RunStep current = step;
        while (current instanceof RunStep.Call call) {
            int calls = last == null ? 0 : last.toolCalls();
            if (calls >= runtime.limits().maxToolCalls()) {
                store.delete(scriptId);
                return new ScriptOutcome.Error("LimitError: the script made more than " + runtime.limits().maxToolCalls()
                        + " tool calls; split the work into several scripts", call.stdout());
            }
            Map<String, ScriptCheckpoint.Target> refs = last == null ? Map.of() : last.refs();
            ScriptCheckpoint before = new ScriptCheckpoint(scriptId, agentId, name, ScriptCheckpoint.Phase.BEFORE,
                    call.tool(), call.args(), call.snapshot(), call.stdout(), calls + 1,
                    ToolCatalog.ACT.equals(call.tool()) ? refs.get(call.args().path("ref").asText()) : null, null, null,
                    refs);
            store.save(before);
            faults.reached(ScriptFaults.Point.SAVED_BEFORE, scriptId);
            InFlight flight = start(before, () -> tools.call(agentId, call.tool(), call.args(), audit));
            Optional<ResumeWith> answer = awaitFirst(flight);
            if (answer.isEmpty()) {
                inFlight.put(scriptId, flight);
                return suspended(flight);
            }
            last = saveAfter(flight.checkpoint(), answer.get());
            current = resumeScript(last, answer.get());
        }
        store.delete(scriptId);
        if (current instanceof RunStep.Raised raised) {
            return new ScriptOutcome.Error(raised.message(), current.stdout());
        }
        return tagged((RunStep.Complete) current);
    }

    private ScriptOutcome proceed(InFlight flight, Duration wait, ScriptAudit audit) {
        ScriptCheckpoint checkpoint = flight.checkpoint();
        Optional<ResumeWith> answer = await(flight.answer, wait);
        if (answer.isEmpty()) {
            inFlight.put(checkpoint.scriptId(), flight);
            return suspended(flight);
        }
        ScriptCheckpoint saved = checkpoint.phase() == ScriptCheckpoint.Phase.AFTER ? checkpoint
                : saveAfter(flight.checkpoint(), answer.get());
        RunStep next = resumeScript(saved, answer.get());
        return advance(saved.agentId(), saved.scriptId(), saved.name(), saved, next, audit);
    }

    private RunStep resumeScript(ScriptCheckpoint saved, ResumeWith answer) {
        return gate.run(saved.agentId(), () -> runtime.resume(saved.snapshot(), answer));
    }

    /**
     * The run of {@code scriptId} stopped on a host fault: its checkpoint is deleted, since nothing
     * will resume it (a fault is not resumable), and the fault is the answer.
     */
    private ScriptOutcome stopped(String scriptId, CountersignException fault) {
        inFlight.remove(scriptId);
        try {
            store.delete(scriptId);
        } catch (CountersignException e) {
            LOG.warn("the checkpoint of stopped script {} could not be deleted: {}", scriptId, e.error().message());
        }
        return new ScriptOutcome.HostFault(fault.error());
    }

    /** Whether a call of {@code scriptId} still runs in this process (then its checkpoint is not abandoned). */
    private boolean stillCalling(String scriptId) {
        InFlight flight = inFlight.get(scriptId);
        return flight != null && !flight.answer.isDone();
    }

    /** Forgets the in-memory side of scripts whose checkpoints were deleted as abandoned. */
    private void forgetAbandoned(List<String> scriptIds) {
        for (String scriptId : scriptIds) {
            inFlight.remove(scriptId);
            locks.remove(scriptId);
        }
    }

    private ScriptCheckpoint saveAfter(ScriptCheckpoint checkpoint, ResumeWith answer) {
        faults.reached(ScriptFaults.Point.DISPATCHED, checkpoint.scriptId());
        Map<String, ScriptCheckpoint.Target> refs = ToolCatalog.OBSERVE.equals(checkpoint.tool())
                && answer instanceof ResumeWith.Value value
                ? Recovery.remember(checkpoint.refs(), value.value()) : checkpoint.refs();
        ScriptCheckpoint after = new ScriptCheckpoint(checkpoint.scriptId(), checkpoint.agentId(), checkpoint.name(),
                ScriptCheckpoint.Phase.AFTER, checkpoint.tool(), checkpoint.args(), checkpoint.snapshot(),
                checkpoint.stdout(), checkpoint.toolCalls(), checkpoint.target(), null,
                ScriptCheckpoint.Result.of(answer), refs);
        store.save(after);
        faults.reached(ScriptFaults.Point.SAVED_AFTER, checkpoint.scriptId());
        return after;
    }

    /** Waits for the call; once the person is being asked, waits only the grace period more. */
    private Optional<ResumeWith> awaitFirst(InFlight flight) {
        try {
            CompletableFuture.anyOf(flight.answer, flight.asking).get(MAX_FIRST_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            return await(flight.answer, Duration.ZERO);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        return await(flight.answer, grace);
    }

    private static Optional<ResumeWith> await(CompletableFuture<ResumeWith> answer, Duration wait) {
        try {
            return Optional.of(answer.get(Math.max(0, wait.toMillis()), TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CountersignException cause) {
                throw cause;
            }
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "a tool call of the script failed: " + e.getCause()), e.getCause());
        }
    }

    private static ScriptOutcome suspended(InFlight flight) {
        ScriptCheckpoint checkpoint = flight.checkpoint();
        String waitingFor = flight.asking.getNow(null);
        return new ScriptOutcome.Suspended(checkpoint.scriptId(),
                waitingFor != null ? waitingFor : "the tool call " + checkpoint.tool() + " is still running",
                checkpoint.stdout());
    }

    private static ScriptOutcome tagged(RunStep.Complete complete) {
        JsonNode value = complete.value();
        if (value.isObject() && value.size() == 1 && value.has("final_result")) {
            return new ScriptOutcome.FinalResult(value.get("final_result"), complete.stdout());
        }
        if (value.isObject() && value.size() == 1 && value.has("observation")) {
            return new ScriptOutcome.Observation(value.get("observation"), complete.stdout());
        }
        return new ScriptOutcome.Error("the script returned " + abbreviated(value) + "; return a tagged result: "
                + "{final_result: …} to finish or {observation: …} to continue", complete.stdout());
    }

    private static String abbreviated(JsonNode value) {
        String text = value.toString();
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private void forgetLockUnlessSuspended(String scriptId) {
        if (scriptId != null && !inFlight.containsKey(scriptId)) {
            locks.remove(scriptId);
        }
    }

    private Object lockFor(String scriptId) {
        return locks.computeIfAbsent(scriptId, k -> new Object());
    }
}
