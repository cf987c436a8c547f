package dev.countersign.server.tools;

import dev.countersign.driver.ComputerDriver;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/** {@code computer_evidence}: session, permissions, Countersign's identity, this agent's receipts (docs/endpoint.md). */
final class EvidenceTool implements AgentTool {
    private final ComputerDriver driver;

    EvidenceTool(ComputerDriver driver) {
        this.driver = driver;
    }

    @Override
    public String name() {
        return "computer_evidence";
    }

    @Override
    public String description() {
        return "Session, permissions, Countersign's identity, your recent receipts (newest first; counts tell drops).";
    }

    @Override
    public ArgSchema.Obj input() {
        return ArgSchema.object();
    }

    @Override
    public Map<String, Object> output() {
        return OutputSchema.object()
                .field("receipts", "array").field("contractVersion", "integer")
                .required("receipts", "contractVersion").build();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.readOnly();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        return ToolResults.ok(driver.evidence(call.agentId()));
    }
}
