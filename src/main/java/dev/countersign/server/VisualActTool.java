package dev.countersign.server;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
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
        return "Click, drag or scroll at a point of a screenshot from computer_visual_observe (attachment pixels). "
                + "Always asks the person; the receipt is unknown: observe again, never retry blindly.";
    }

    @Override
    public ArgSchema.Obj input() {
        ArgSchema.Obj point = ArgSchema.object()
                .require("x", ArgSchema.integer(0, 100_000))
                .require("y", ArgSchema.integer(0, 100_000));
        return ArgSchema.object()
                .require("op", ArgSchema.oneOf("click", "drag", "scroll"))
                .require("observation_id", ArgSchema.string(64))
                .require("capture_sha256", ArgSchema.string(64))
                .require("point", point)
                .with("to", point)
                .with("direction", ArgSchema.oneOf("up", "down", "left", "right").describe("for scroll"))
                .with("amount", ArgSchema.integer(1, 50).describe("scroll steps, default 3"));
    }

    @Override
    public Map<String, Object> output() {
        return OutputSchema.object()
                .field("receipt_id", "string").field("action_id", "string")
                .oneOf("status", "confirmed", "unknown", "rejected", "failed")
                .field("code", "string").field("detail", "string").field("hint", "string")
                .field("verification", "object").field("approval", "object")
                .field("post_observation_id", "string").field("strategy", "string").field("timings", "object")
                .required("receipt_id", "status").build();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        ToolResult<Receipt> result = driver.visualAct(call.agentId(), call.argumentsAs(VisualArgs.Act.class),
                call.watch());
        if (result instanceof ToolResult.Err) {
            return ToolResults.error(((ToolResult.Err<Receipt>) result).error());
        }
        Receipt receipt = ((ToolResult.Ok<Receipt>) result).value();
        try {
            audit.receipt(call.agentId(), name(), receipt);
        } catch (CountersignException e) {
            // The agent must not hear of an outcome the log does not hold (docs/audit.md).
            return ToolResults.error(CountersignError.of(ErrorCode.INTERNAL, "the receipt " + receipt.receiptId()
                    + " could not be recorded in the audit log; treat the action's outcome as unknown"));
        }
        return ToolResults.receipt(receipt);
    }
}
