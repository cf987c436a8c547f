package dev.countersign.server.tools;

import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.VisualArgs;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * {@code computer_visual_act}: the coordinate fallback for controls the accessibility tree does not
 * expose. Always asks the person; the receipt is always {@code unknown} after dispatch.
 */
final class VisualActTool implements AgentTool {
    private final ComputerDriver driver;
    private final AuditTrail audit;

    VisualActTool(ComputerDriver driver, AuditTrail audit) {
        this.driver = driver;
        this.audit = audit;
    }

    @Override
    public String name() {
        return "computer_visual_act";
    }

    @Override
    public String description() {
        return "Click, drag or scroll at a point (attachment pixels) of a computer_visual_observe screenshot. "
                + "Always asks the person; receipt unknown: observe again, never retry blindly.";
    }

    @Override
    public ArgSchema.Obj input() {
        ArgSchema.Obj point = ArgSchema.object()
                .require("x", ArgSchema.integer(0, 100_000))
                .require("y", ArgSchema.integer(0, 100_000));
        return ArgSchema.object()
                .require("op", ArgSchema.oneOf(VisualArgs.Act.ops().toArray(String[]::new)))
                .require("observation_id", ArgSchema.string(64))
                .require("capture_sha256", ArgSchema.string(64))
                .require("point", point)
                .with("to", point)
                .with("direction", ArgSchema.oneOf(ActArgs.DIRECTIONS.toArray(String[]::new)))
                .with("amount", ArgSchema.integer(ActArgs.MIN_AMOUNT, ActArgs.MAX_AMOUNT)
                        .describe("default 3"));
    }

    @Override
    public Map<String, Object> output() {
        return ToolResults.receiptSchema();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        return ToolResults.auditedReceipt(audit, call.agentId(), name(), driver.visualAct(call.agentId(), call.argumentsAs(VisualArgs.Act.class),
                call.watch()));
    }
}
