package dev.countersign.remote;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.Carrier;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.graph.ComputerUseRuntime;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One registered remote as an agent tool of this Countersign ({@code countersign remote add}):
 * {@code observe} asks the remote for its apps and windows, or one window's observation (the
 * remote's own redaction, secure-field and self-window rules; refs it minted); an act names a ref
 * of the agent's last observation of that remote and is carried there by this driver's one run
 * owner ({@link ComputerDriver#carry}): the graph here, the person here asked in the dialog that
 * names the machine, this side's kill switch and lease, the receipt in the agent's ring here;
 * execution, and the far side's own refusals, on the remote.
 */
public final class RemoteMachine implements RemoteTool, Carrier, AutoCloseable {
    /** The policy digest of an approval the far side's policy never asked for. */
    private static final String NO_POLICY = "none";
    private final String name;
    private final ComputerUseMcpRuntime runtime;
    private final RuntimeLink link;
    private final ComputerDriver driver;
    /** Per agent: the targets of the refs of its last observation of this remote. */
    private final Map<String, Map<String, ActionTarget>> lastSeen = new ConcurrentHashMap<>();

    /**
     * @param name the remote's name (its tool's name, and the machine named in every dialog)
     * @param link the connection to the remote's runtime endpoint (closed with this)
     * @param driver this Countersign's driver: the run owner, its kill switch and the agents' leases
     */
    public RemoteMachine(String name, RuntimeLink link, ComputerDriver driver, Clock clock) {
        this.name = name;
        this.link = link;
        this.driver = driver;
        this.runtime = new ComputerUseMcpRuntime(link, clock);
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
    public Reply observe(String agentId, String app, String window) {
        if (agentId == null || agentId.isBlank()) {
            return Reply.refused(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated agent"));
        }
        if (driver.paused()) {
            return Reply.refused(CountersignError.of(ErrorCode.AGENT_PAUSED, "the person paused all agents"));
        }
        Map<String, Object> seen;
        try {
            seen = link.call(new RuntimeOp.Observe(agentId, app, window));
        } catch (CountersignException e) {
            return Reply.refused(e.error());
        }
        if (app != null) {
            lastSeen.put(agentId, targets(seen));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("machine", name);
        out.putAll(seen);
        return Reply.ok(out);
    }

    @Override
    public ToolResult<Receipt> act(String agentId, ActArgs args, ApprovalWatch watch) {
        return driver.carry(agentId, this, args, watch);
    }

    @Override
    public String machine() {
        return name;
    }

    @Override
    public ActionTarget resolve(String agentId, ActArgs args) {
        ActionTarget target = Optional.ofNullable(lastSeen.get(agentId)).map(m -> m.get(args.ref())).orElse(null);
        if (target == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.REF_UNKNOWN, "ref",
                    "no ref '" + args.ref() + "' in your last observe of " + name));
        }
        return target;
    }

    @Override
    public ComputerUseRuntime runtime() {
        return runtime;
    }

    /** The far side's policy judges its own live element; when it says nothing, the person is asked. */
    @Override
    public ApprovalRequirement requirement(ActionEnvelope previewed) {
        return runtime.assessment(previewed).orElseGet(() ->
                ApprovalRequirement.required("unknown_target", List.of(), NO_POLICY));
    }

    @Override
    public Shown shown(ActionEnvelope previewed) {
        ComputerUseMcpRuntime.Described described = runtime.described(previewed)
                .orElse(new ComputerUseMcpRuntime.Described(null, null, null, null));
        String summary = described.summary() != null ? described.summary()
                : previewed.operation() + " on " + name;
        return new Shown(summary, described.app(), described.window(), described.capture());
    }

    @Override
    public Map<String, byte[]> pictures(ActionEnvelope previewed) {
        return runtime.pictures(previewed);
    }

    @Override
    public void finished(ActionEnvelope previewed) {
        runtime.forget(previewed);
    }

    /** The refs of an observation the remote returned, and the target each names. */
    private static Map<String, ActionTarget> targets(Map<String, Object> seen) {
        Map<String, ActionTarget> out = new ConcurrentHashMap<>();
        if (!(seen.get("app") instanceof Map<?, ?> app) || !(seen.get("window") instanceof Map<?, ?> window)
                || !(seen.get("nodes") instanceof List<?> nodes)) {
            return out;
        }
        String appId = String.valueOf(app.get("pid"));
        String windowId = String.valueOf(window.get("id"));
        for (Object n : nodes) {
            if (n instanceof Map<?, ?> node && node.get("ref") instanceof String ref
                    && node.get("role") instanceof String role) {
                out.put(ref, new ActionTarget(appId, windowId, new ElementEvidence(null, role, null,
                        text(node.get("name")), null, text(node.get("identifier")), null, false)));
            }
        }
        return out;
    }

    private static String text(Object value) {
        return value instanceof String s && !s.isEmpty() ? s : null;
    }

    @Override
    public void close() {
        runtime.close();
    }
}
