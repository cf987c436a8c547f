package dev.countersign.server.tools;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.driver.Receipt;
import java.util.function.BiConsumer;

/**
 * How the endpoint reaches CodeAct scripts (docs/script.md) without depending on the {@code script}
 * package: the app wires a {@code script.ScriptHost} behind it (docs/architecture.md lets only the app see
 * both). The endpoint hands every call an approval watch and a receipt recorder for its audit log.
 */
public interface ScriptPort {

    /** {@code computer_script}: runs a new script until it ends or suspends. */
    ScriptReply run(String agentId, String script, String name, ApprovalWatch approvals,
            BiConsumer<String, Receipt> receipts);

    /** {@code computer_script_resume}: continues the agent's suspended script after the decision. */
    ScriptReply resume(String agentId, String scriptId, ApprovalWatch approvals, BiConsumer<String, Receipt> receipts);

    /** The generated text that describes the script language and the tool signatures, short enough for tools/list. */
    String prompt();
}
