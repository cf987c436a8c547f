package dev.countersign.server;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * {@code computer_act}: one governed action on one fresh ref (SPEC.md §3). The receipt is in the
 * audit log, fsynced, before the agent sees it.
 */
final class ActTool implements AgentTool {
    private final ComputerDriver driver;
    private final AuditTrail audit;

    ActTool(ComputerDriver driver, AuditTrail audit) {
        this.driver = driver;
        this.audit = audit;
    }

    @Override
    public String name() {
        return "computer_act";
    }

    @Override
    public String description() {
        return "Do one action on a ref from your latest observation; the observation is then used up. "
                + "Risky actions wait for the person's approval. Returns a receipt: confirmed only with "
                + "evidence, unknown when the effect is unproven (observe again; do not retry blindly).";
    }

    @Override
    public ArgSchema.Obj input() {
        ArgSchema.Obj postcondition = ArgSchema.object()
                .require("kind", ArgSchema.oneOf("ui_element"))
                .with("exists", new ArgSchema.Bool(null))
                .with("value_digest", ArgSchema.string(128))
                .with("content_digest", ArgSchema.string(128));
        return ArgSchema.object()
                .require("ref", ArgSchema.string(64))
                .require("op", ArgSchema.oneOf("click", "focus", "type", "key", "scroll"))
                .with("text", ArgSchema.string(4096).describe("for type"))
                .with("keys", ArgSchema.string(64).describe("for key, e.g. Return, Tab, ctrl+a"))
                .with("direction", ArgSchema.oneOf("up", "down", "left", "right").describe("for scroll"))
                .with("amount", ArgSchema.integer(1, 50).describe("scroll steps, default 3"))
                .with("postcondition", postcondition);
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
    public McpSchema.CallToolResult call(ToolCall call) {
        ToolResult<Receipt> result = driver.act(call.agentId(), call.argumentsAs(ActArgs.class), call.watch());
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

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }
}
