package dev.countersign.server.tools;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.Json;
import dev.countersign.remote.RuntimeOp;
import dev.countersign.remote.RuntimePort;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Arrays;
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
    private final RuntimeOp.Kind kind;
    private final RuntimePort port;

    private RuntimeTool(RuntimeOp.Kind kind, RuntimePort port) {
        this.kind = kind;
        this.port = port;
    }

    /** The operations, served by {@code port}. */
    static List<AgentTool> all(RuntimePort port) {
        return Arrays.stream(RuntimeOp.Kind.values()).<AgentTool>map(kind -> new RuntimeTool(kind, port)).toList();
    }

    @Override
    public String name() {
        return kind.wire();
    }

    @Override
    public String description() {
        return "Runtime operation " + kind.wire() + ", for a governing Countersign only.";
    }

    @Override
    public ArgSchema.Obj input() {
        ArgSchema.Obj input = ArgSchema.object();
        for (RuntimeOp.Arg arg : kind.args()) {
            ArgSchema type = arg.record() ? doc() : ArgSchema.string(arg.maxLength());
            input = arg.required() ? input.require(arg.name(), type) : input.with(arg.name(), type);
        }
        return input;
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
            return ToolResults.ok(port.call(call.agentId(), RuntimeOp.parse(kind.wire(), arguments)));
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
