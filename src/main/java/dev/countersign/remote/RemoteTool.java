package dev.countersign.remote;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.CountersignError;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import java.util.Map;

/**
 * A tool for one registered remote: another machine's Countersign that this one governs
 * ({@code countersign remote add}), as the endpoint offers it to agents. The endpoint owns its schema ({@code action} is
 * {@code observe} or a {@code computer_act} operation, with that operation's own arguments),
 * takes the agent from the authenticated connection, and records an act's receipt like every act.
 */
public interface RemoteTool {

    /** The agent-facing name (lowercase letters, digits, {@code _}); never one of the endpoint's own. */
    String name();

    /** One or two sentences: every byte is paid for by every agent on every connect. */
    String description();

    /** The remote's apps and windows ({@code app} null), or one window's observation; refusals are replies. */
    Reply observe(String agentId, String app, String window);

    /**
     * One act on a ref of the agent's last observation of the remote, governed here; {@code watch}
     * hears of an approval wait and can withdraw it.
     */
    ToolResult<Receipt> act(String agentId, ActArgs args, ApprovalWatch watch);

    /** A JSON answer, or a refusal. */
    record Reply(Map<String, Object> body, CountersignError error) {
        public static Reply ok(Map<String, Object> body) {
            return new Reply(body, null);
        }

        public static Reply refused(CountersignError error) {
            return new Reply(null, error);
        }
    }
}
