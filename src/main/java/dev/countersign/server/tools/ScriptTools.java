package dev.countersign.server.tools;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.driver.Receipt;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * {@code computer_script} and {@code computer_script_resume} (docs/endpoint.md, docs/script.md): the two
 * tools over a {@link ScriptPort}. The approvals and receipts of a script's acts go to the audit log
 * like those of {@code computer_act}; the approval watch never withdraws, because a suspended script
 * has no caller waiting by design.
 */
final class ScriptTools {
    private ScriptTools() {
    }

    /**
     * No output schema: the answer's status and script_id are in the description, and the rest
     * (observation, final_result as any JSON, waiting_for, stdout) in docs/script.md; the whole
     * default tools/list stays within 6,000 bytes ({@code ScriptMcpDesktopTest}). The structured
     * content is still sent.
     */
    static Map<String, Object> output() {
        return null;
    }

    static McpSchema.CallToolResult reply(ScriptReply reply) {
        if (reply.status() == ScriptReply.Status.FAULT) {
            return ToolResults.error(reply.fault());
        }
        return ToolResults.structured(reply.body(), reply.status() == ScriptReply.Status.ERROR);
    }

    /** Records the script's approvals in the audit log and lets the person take their time. */
    static ApprovalWatch audited(AuditTrail audit) {
        return new ApprovalWatch() {
            @Override
            public void asking(ApprovalRequest request) {
                audit.approvalRequested("computer_act", request);
            }

            @Override
            public void decided(ApprovalRequest request, Decision decision, boolean withdrawn) {
                audit.approvalDecided("computer_act", request, decision, withdrawn);
            }
        };
    }

    static BiConsumer<String, Receipt> receipts(AuditTrail audit) {
        return (agentId, receipt) -> audit.receipt(agentId, "computer_act", receipt);
    }

    /** {@code computer_script}. */
    static final class Run implements AgentTool {
        private final ScriptPort scripts;
        private final AuditTrail audit;

        Run(ScriptPort scripts, AuditTrail audit) {
            this.scripts = scripts;
            this.audit = audit;
        }

        @Override
        public String name() {
            return "computer_script";
        }

        @Override
        public String description() {
            return scripts.prompt();
        }

        @Override
        public ArgSchema.Obj input() {
            return ArgSchema.object()
                    .require("script", ArgSchema.string(65_536))
                    .with("name", ArgSchema.string(64).describe("shown to the person"));
        }

        @Override
        public Map<String, Object> output() {
            return ScriptTools.output();
        }

        @Override
        public McpSchema.ToolAnnotations annotations() {
            return AgentTool.destructive();
        }

        @Override
        public McpSchema.CallToolResult call(ToolCall call) {
            String name = call.arguments().path("name").asText("script");
            return reply(scripts.run(call.agentId(), call.arguments().get("script").asText(), name, audited(audit),
                    receipts(audit)));
        }
    }

    /** {@code computer_script_resume}. */
    static final class Resume implements AgentTool {
        private final ScriptPort scripts;
        private final AuditTrail audit;

        Resume(ScriptPort scripts, AuditTrail audit) {
            this.scripts = scripts;
            this.audit = audit;
        }

        @Override
        public String name() {
            return "computer_script_resume";
        }

        @Override
        public String description() {
            return "Continue your suspended script once the person decided (waits a while, else suspended again); "
                    + "answers as computer_script.";
        }

        @Override
        public ArgSchema.Obj input() {
            return ArgSchema.object().require("script_id", ArgSchema.string(64));
        }

        @Override
        public Map<String, Object> output() {
            return ScriptTools.output();
        }

        @Override
        public McpSchema.ToolAnnotations annotations() {
            return AgentTool.destructive();
        }

        @Override
        public McpSchema.CallToolResult call(ToolCall call) {
            return reply(scripts.resume(call.agentId(), call.arguments().get("script_id").asText(), audited(audit),
                    receipts(audit)));
        }
    }
}
