package dev.countersign.server.tools;

import dev.countersign.core.ActionPostcondition;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.TypeArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.Receipt;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * {@code computer_act}: one governed action on one fresh ref (docs/endpoint.md). The receipt is in the
 * audit log, fsynced, before the agent sees it.
 */
final class ActTool implements AgentTool {
    static final String NAME = "computer_act";
    private final ComputerDriver driver;
    private final AuditTrail audit;

    ActTool(ComputerDriver driver, AuditTrail audit) {
        this.driver = driver;
        this.audit = audit;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        // Every agent pays for these bytes on every connect (docs/endpoint.md): the receipt's statuses
        // are in the output schema, the rest of the contract in the docs.
        return "Act once on a ref of your latest observation (uses it up); risky acts ask the person. "
                + "Receipt unknown: re-observe, never retry blindly.";
    }

    @Override
    public ArgSchema.Obj input() {
        ArgSchema.Obj postcondition = ArgSchema.object()
                .require("kind", ArgSchema.oneOf("ui_element"))
                .with("exists", new ArgSchema.Bool(null))
                .with("value_digest", ArgSchema.string(128))
                .with("content_digest", ArgSchema.string(128))
                .with("ref", ArgSchema.string(64).describe("another ref"))
                .with("change", ArgSchema.oneOf(ActionPostcondition.CHANGES.toArray(String[]::new)))
                .with("equals", ArgSchema.string(ActArgs.MAX_TEXT));
        return ArgSchema.object()
                .require("ref", ArgSchema.string(64))
                .require("op", ArgSchema.oneOf(ActArgs.ops().toArray(String[]::new)))
                .with("text", ArgSchema.string(ActArgs.MAX_TEXT))
                .with("mode", ArgSchema.oneOf(TypeArgs.MODES.toArray(String[]::new)))
                .with("keys", ArgSchema.string(64).describe("e.g. Return, ctrl+a"))
                .with("direction", ArgSchema.oneOf(ActArgs.DIRECTIONS.toArray(String[]::new)))
                // Its default (3) is in docs/endpoint.md and in computer_visual_act's schema: bytes.
                .with("amount", ArgSchema.integer(ActArgs.MIN_AMOUNT, ActArgs.MAX_AMOUNT))
                .with("to", ArgSchema.string(64))
                .with("start", ArgSchema.anyInteger())
                .with("end", ArgSchema.anyInteger())
                .with("extend", new ArgSchema.Bool(null))
                .with("postcondition", postcondition);
    }

    @Override
    public Map<String, Object> output() {
        return ToolResults.receiptSchema();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        return ToolResults.auditedReceipt(audit, call.agentId(), name(), driver.act(call.agentId(), call.argumentsAs(ActArgs.class), call.watch()));
    }

    /** The receipt of a made-up act that reached nothing (see {@link ComputerDriver#warmUpAct}). */
    Receipt warmUpReceipt() {
        return driver.warmUpAct();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.destructive();
    }
}
