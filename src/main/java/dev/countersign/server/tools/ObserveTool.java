package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Json;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.driver.AppsView;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * {@code computer_observe}: a bounded read of one window's accessibility tree (docs/endpoint.md). Named
 * by neither app nor window, it lists the running apps and their windows instead (what a
 * {@code computer_apps} tool would, without a sixth tool in {@code tools/list}), so an agent names what it saw.
 */
final class ObserveTool implements AgentTool {
    static final String NAME = "computer_observe";
    private static final String FRAMES = "frames";
    private final ComputerDriver driver;
    private final AuditTrail audit;

    ObserveTool(ComputerDriver driver, AuditTrail audit) {
        this.driver = driver;
        this.audit = audit;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "One window's accessibility tree (default max_nodes 400, max_depth 8); without app, the running "
                + "apps and windows. Refs are yours alone, expire after ttl_ms; act on one with computer_act.";
    }

    @Override
    public ArgSchema.Obj input() {
        return ArgSchema.object()
                .with("app", ArgSchema.string(256).describe("app name, bundle id or pid"))
                .with("window", ArgSchema.string(128).describe("id from an observation"))
                .with("max_nodes", ArgSchema.integer(1, 2000))
                .with("max_depth", ArgSchema.integer(1, SnapshotLimits.MAX_DEPTH))
                .with("ttl_ms", ArgSchema.integer(ObserveArgs.MIN_TTL_MS, ObserveArgs.MAX_TTL_MS)
                        .describe("default 15000"))
                .with(FRAMES, new ArgSchema.Bool("add @x,y,w,h per node"));
    }

    @Override
    public Map<String, Object> output() {
        return OutputSchema.object()
                .field("observation_id", "string").field("nodes", "array").field("apps", "array").build();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.readOnly();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        // frames shapes only the text; the driver's arguments are the rest.
        boolean frames = call.arguments().path(FRAMES).asBoolean(false);
        ObjectNode raw = call.arguments().deepCopy();
        raw.remove(FRAMES);
        ObserveArgs args = Json.bind(raw, ObserveArgs.class);
        if (args.app() == null && args.window() == null) {
            ToolResult<AppsView> apps = driver.apps(call.agentId());
            return apps instanceof ToolResult.Err<AppsView> err ? ToolResults.error(err.error())
                    : ToolResults.ok(apps.orThrow());
        }
        ToolResult<ObservationView> result = driver.observe(call.agentId(), args);
        if (result instanceof ToolResult.Err<ObservationView> err) {
            return ToolResults.error(err.error());
        }
        ObservationView view = result.orThrow();
        audit.observed(call.agentId(), view);
        return ToolResults.ok(ToolResults.observation(view), ObservationOutline.render(view, frames));
    }
}
