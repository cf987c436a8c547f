package dev.countersign.remote;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.IdSource;
import dev.countersign.core.Json;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.graph.ActionResult;
import dev.countersign.server.RemoteTool;
import dev.countersign.server.RuntimePort;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One registered remote as an agent tool of this Countersign ({@code countersign remote add}):
 * {@code observe} asks the remote for its apps and windows, or one window's observation (the
 * remote's own redaction, secure-field and self-window rules; refs it minted); an act names a ref
 * of the agent's last observation of that remote and runs through {@link RemoteGovernor}: the graph
 * here, the approval dialog here naming the machine, execution on the remote. This side's kill
 * switch and the agent's lease hold as for a local act.
 */
public final class RemoteMachine implements RemoteTool, AutoCloseable {
    private final String name;
    private final ComputerUseMcpRuntime runtime;
    private final RuntimeLink link;
    private final RemoteGovernor governor;
    private final ComputerDriver driver;
    /** Per agent: the refs of its last observation of this remote, and what each names. */
    private final Map<String, Map<String, Target>> lastSeen = new ConcurrentHashMap<>();

    /** What a ref of a remote observation names: the element by its evidence, in its app and window. */
    record Target(String app, String window, String role, String name, String identifier) {
    }

    /**
     * @param name the remote's name (its tool's name, and the machine named in every dialog)
     * @param link the connection to the remote's runtime endpoint (closed with this)
     * @param driver this Countersign's driver: its kill switch and the agents' leases
     */
    public RemoteMachine(String name, RuntimeLink link, ComputerDriver driver, Approver approver, Clock clock,
            IdSource ids, String sessionId, String principalId) {
        this.name = name;
        this.link = link;
        this.driver = driver;
        this.runtime = new ComputerUseMcpRuntime(link, clock);
        this.governor = new RemoteGovernor(name, runtime, new PauseAware(approver, driver), clock, ids, sessionId,
                principalId);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "Machine '" + name + "' through its Countersign: observe (no app: its windows), then act on a ref; "
                + "risky acts wait for the person here.";
    }

    @Override
    public Reply call(String agentId, Call call) {
        if (agentId == null || agentId.isBlank()) {
            return Reply.refused(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated agent"));
        }
        if (driver.paused()) {
            return Reply.refused(CountersignError.of(ErrorCode.AGENT_PAUSED, "the person paused all agents"));
        }
        try {
            return "observe".equals(call.action()) ? observe(agentId, call) : act(agentId, call);
        } catch (CountersignException e) {
            return Reply.refused(e.error());
        }
    }

    private Reply observe(String agentId, Call call) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("agent_id", agentId);
        if (call.app() != null) {
            args.put("app", call.app());
        }
        if (call.window() != null) {
            args.put("window", call.window());
        }
        Map<String, Object> seen = link.call(RuntimePort.OBSERVE, args);
        if (call.app() != null) {
            lastSeen.put(agentId, targets(seen));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("machine", name);
        out.putAll(seen);
        return Reply.ok(out);
    }

    /** The refs of an observation the remote returned, and what each names. */
    private static Map<String, Target> targets(Map<String, Object> seen) {
        Map<String, Target> out = new ConcurrentHashMap<>();
        if (!(seen.get("app") instanceof Map<?, ?> app) || !(seen.get("window") instanceof Map<?, ?> window)
                || !(seen.get("nodes") instanceof List<?> nodes)) {
            return out;
        }
        String appId = String.valueOf(app.get("pid"));
        String windowId = String.valueOf(window.get("id"));
        for (Object n : nodes) {
            if (n instanceof Map<?, ?> node && node.get("ref") instanceof String ref && node.get("role") instanceof String role) {
                out.put(ref, new Target(appId, windowId, role, text(node.get("name")), text(node.get("identifier"))));
            }
        }
        return out;
    }

    private static String text(Object value) {
        return value instanceof String s && !s.isEmpty() ? s : null;
    }

    private Reply act(String agentId, Call call) {
        if (call.ref() == null) {
            return Reply.refused(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "ref",
                    "an act names a ref from this tool's last observe"));
        }
        Target target = Optional.ofNullable(lastSeen.get(agentId)).map(m -> m.get(call.ref())).orElse(null);
        if (target == null) {
            return Reply.refused(CountersignError.onField(ErrorCode.REF_UNKNOWN, "ref",
                    "no ref '" + call.ref() + "' in your last observe of " + name));
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        if (call.text() != null) {
            arguments.put("type".equals(call.action()) ? "text" : "key".equals(call.action()) ? "keys" : "direction",
                    call.text());
        }
        Optional<CountersignError> charged = driver.leases().chargeCurrent(agentId);
        if (charged.isPresent()) {
            return Reply.refused(charged.get());
        }
        ActionResult result = governor.act(agentId, new RemoteAct(target.app(), target.window(), target.role(),
                target.name(), target.identifier(), call.action(), arguments));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("machine", name);
        out.putAll(Json.mapper().convertValue(result, Map.class));
        out.remove("trace");
        return Reply.ok(out);
    }

    @Override
    public void close() {
        runtime.close();
    }

    /** The person's answer stands only while agents are not paused here: the kill switch wins over an Allow. */
    private record PauseAware(Approver approver, ComputerDriver driver) implements Approver {
        @Override
        public CompletableFuture<Decision> request(ApprovalRequest request) {
            if (driver.paused()) {
                return CompletableFuture.completedFuture(Decision.UNAVAILABLE);
            }
            return approver.request(request).thenApply(d -> driver.paused() ? Decision.UNAVAILABLE : d);
        }

        @Override
        public void withdraw(String nonce) {
            approver.withdraw(nonce);
        }

        @Override
        public boolean asking() {
            return approver.asking();
        }
    }
}
