package dev.countersign.script;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.driver.Receipt;

/**
 * How the endpoint audits the actions a script takes: the watch the driver reports approvals to,
 * and the receipts, each recorded before the script (and so the agent) sees it. Recording may
 * throw {@link dev.countersign.core.CountersignException}; the script then gets an error saying
 * the outcome is unknown, never an unrecorded receipt.
 */
public interface ScriptAudit {
    /** No auditing (tests, benchmarks). */
    ScriptAudit NONE = new ScriptAudit() {
    };

    /** The watch for approvals of the script's acts; it must never withdraw (a suspended script has no caller). */
    default ApprovalWatch approvals() {
        return ApprovalWatch.NONE;
    }

    default void receipt(String agentId, Receipt receipt) {
    }
}
