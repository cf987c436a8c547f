package dev.countersign.server;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One runtime operation (docs/govern.md) as an MCP tool of the runtime endpoint. Its arguments are
 * whole core records (envelope, lease, reservation, receipt), bound strictly by the port; a
 * refusal before dispatch answers {@code "dispatched": false}, so the governor can tell "nothing
 * ran" from "may have run".
 */
final class RuntimeTool implements AgentTool {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private final String name;
    private final RuntimePort port;

    private RuntimeTool(String name, RuntimePort port) {
        this.name = name;
        this.port = port;
    }

    /** The operations, served by {@code port}. */
    static List<AgentTool> all(RuntimePort port) {
        return RuntimePort.OPERATIONS.stream().<AgentTool>map(op -> new RuntimeTool(op, port)).toList();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "Runtime operation " + name + ", for a governing Countersign only.";
    }

    @Override
    public ArgSchema.Obj input() {
        ArgSchema.Obj input = ArgSchema.object();
        switch (name) {
            case RuntimePort.PREVIEW:
                return input.require("request", doc());
            case RuntimePort.RESERVE:
            case RuntimePort.LEASE:
                return input.require("envelope", doc());
            case RuntimePort.RELEASE:
                return input.require("reservation", doc());
            case RuntimePort.EXECUTE:
                return input.require("envelope", doc()).require("lease", doc()).require("reservation", doc())
                        .with("approval", doc());
            case RuntimePort.VERIFY:
                return input.require("envelope", doc()).require("receipt", doc());
            case RuntimePort.PAUSE:
                return input.require("session_id", ArgSchema.string(128));
            case RuntimePort.OBSERVE:
                return input.require("agent_id", ArgSchema.string(128)).with("app", ArgSchema.string(256))
                        .with("window", ArgSchema.string(256));
            default:
                return input;
        }
    }

    private static ArgSchema.Doc doc() {
        return new ArgSchema.Doc(null);
    }

    @Override
    public Map<String, Object> output() {
        return OutputSchema.object().build();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        Map<String, Object> arguments = Json.mapper().convertValue(call.arguments(), MAP);
        try {
            return ToolResults.ok(port.call(call.agentId(), name, arguments));
        } catch (DispatchRefusedException e) {
            return notDispatched(e.error());
        } catch (CountersignException e) {
            return ToolResults.error(e.error());
        }
    }

    private static McpSchema.CallToolResult notDispatched(CountersignError error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", error.code().name());
        body.put("message", error.message());
        if (error.field() != null) {
            body.put("field", error.field());
        }
        body.put("dispatched", false);
        return ToolResults.structured(body, true);
    }
}
