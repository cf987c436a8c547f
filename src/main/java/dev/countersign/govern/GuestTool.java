package dev.countersign.govern;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.CountersignError;
import dev.countersign.driver.Forwarded;
import dev.countersign.driver.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Objects;

/**
 * A tool another feature offers agents through this endpoint — the governing proxy's stand-in for
 * a raw computer-use server's tool ({@code countersign govern}). The endpoint owns its schema
 * (one {@code action} from a fixed list, an optional {@code point} and {@code to} in the governed
 * server's screenshot pixels, an optional {@code text}), checks every call against it, takes the
 * agent from the authenticated connection, and audits every governed receipt before the agent
 * hears of it. A guest never gets a name of the endpoint's own tools.
 */
public interface GuestTool {
    /** The agent-facing name (letters, digits, {@code _}); never one of the endpoint's own. */
    String name();

    /** One or two sentences: every byte is paid for by every agent on every connect. */
    String description();

    /** The actions offered, the only values {@code action} may take. */
    List<String> actions();

    /** Runs one call that passed the schema. Never throws for anything an agent can send. */
    Reply call(String agentId, Call call, ApprovalWatch watch);

    /** One checked call. {@code point} and {@code to} are null or {@code [x, y]}; {@code text} may be null. */
    record Call(String action, int[] point, int[] to, String text) {
        public Call {
            Objects.requireNonNull(action, "action");
        }
    }

    /** What a guest answers: read-only content passed through, a governed receipt, or a refusal. */
    sealed interface Reply {
        /** Content checked by Countersign (a screenshot, a cursor position) for the agent as it is. */
        record Content(List<McpSchema.Content> content) implements Reply {
        }

        /** A governed act's result; the endpoint audits the receipt before answering. */
        record Governed(ToolResult<Forwarded> result) implements Reply {
        }

        record Refused(CountersignError error) implements Reply {
        }
    }
}
