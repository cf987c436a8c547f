package dev.countersign.server;

import dev.countersign.driver.AppsView;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/** {@code computer_apps}: the running accessible applications and their windows, to observe by name without guessing. */
final class AppsTool implements AgentTool {
    private final ComputerDriver driver;

    AppsTool(ComputerDriver driver) {
        this.driver = driver;
    }

    @Override
    public String name() {
        return "computer_apps";
    }

    @Override
    public String description() {
        return "List running accessible apps and their windows (name, pid, toolkit, window id, title, frame); "
                + "pass a name or pid as computer_observe's app.";
    }

    @Override
    public ArgSchema.Obj input() {
        return ArgSchema.object();
    }

    @Override
    public Map<String, Object> output() {
        return OutputSchema.object().field("apps", "array").required("apps").build();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.readOnly();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        ToolResult<AppsView> result = driver.apps(call.agentId());
        if (result instanceof ToolResult.Err) {
            return ToolResults.error(((ToolResult.Err<AppsView>) result).error());
        }
        return ToolResults.ok(((ToolResult.Ok<AppsView>) result).value());
    }
}
