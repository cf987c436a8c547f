package dev.countersign.app;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.driver.Receipt;
import dev.countersign.script.ScriptAudit;
import dev.countersign.script.ScriptHost;
import dev.countersign.script.ScriptOutcome;
import dev.countersign.server.tools.ScriptPort;
import dev.countersign.server.tools.ScriptReply;
import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * The glue between the endpoint's {@link ScriptPort} and a {@link ScriptHost}. docs/architecture.md lets
 * only {@code app} see both packages, so the app holds it.
 */
public final class HostScriptPort implements ScriptPort {
    /** How long {@code computer_script_resume} waits for the person before answering suspended again. */
    static final Duration RESUME_WAIT = Duration.ofSeconds(20);

    private final ScriptHost host;

    public HostScriptPort(ScriptHost host) {
        this.host = host;
    }

    @Override
    public ScriptReply run(String agentId, String script, String name, ApprovalWatch approvals,
            BiConsumer<String, Receipt> receipts) {
        return reply(host.run(agentId, script, name, audit(approvals, receipts)));
    }

    @Override
    public ScriptReply resume(String agentId, String scriptId, ApprovalWatch approvals,
            BiConsumer<String, Receipt> receipts) {
        return reply(host.resume(agentId, scriptId, RESUME_WAIT, audit(approvals, receipts)));
    }

    @Override
    public String prompt() {
        return host.runtime().compactPrompt();
    }

    private static ScriptAudit audit(ApprovalWatch approvals, BiConsumer<String, Receipt> receipts) {
        return new ScriptAudit() {
            @Override
            public ApprovalWatch approvals() {
                return approvals;
            }

            @Override
            public void receipt(String agentId, Receipt receipt) {
                receipts.accept(agentId, receipt);
            }
        };
    }

    static ScriptReply reply(ScriptOutcome outcome) {
        if (outcome instanceof ScriptOutcome.FinalResult r) {
            return ScriptReply.finalResult(r.value(), r.stdout());
        }
        if (outcome instanceof ScriptOutcome.Observation r) {
            return ScriptReply.observation(r.value(), r.stdout());
        }
        if (outcome instanceof ScriptOutcome.Error r) {
            return ScriptReply.error(r.message(), r.stdout());
        }
        if (outcome instanceof ScriptOutcome.Suspended r) {
            return ScriptReply.suspended(r.scriptId(), r.waitingFor(), r.stdout());
        }
        return ScriptReply.fault(((ScriptOutcome.HostFault) outcome).error());
    }
}
