package dev.countersign.server.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tool results as MCP wants them: {@code structuredContent} plus the same JSON as text (for
 * clients without structured output). A failed call is a result with {@code isError: true} whose
 * only content is the text {@code {code, message, hint, field}} (and the receipt, when there is
 * one), without {@code structuredContent}: clients built on the TypeScript SDK 1.x check
 * structured content against the success schema even on errors and would replace ours with
 * their own validation error (docs/decisions/0006-error-results.md). Only protocol faults are
 * JSON-RPC errors (docs/endpoint.md).
 */
public final class ToolResults {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private ToolResults() {
    }

    static McpSchema.CallToolResult ok(Object value) {
        return result(Json.mapper().convertValue(value, MAP), false);
    }

    /**
     * A success whose text is a rendering for the model (an observation's outline) rather than
     * the JSON, which stays whole in {@code structuredContent} (docs/decisions/0007-observation-outline.md).
     */
    static McpSchema.CallToolResult ok(Map<String, Object> structured, String text) {
        return McpSchema.CallToolResult.builder()
                .content(List.of(new McpSchema.TextContent(text)))
                .isError(false)
                .structuredContent(structured)
                .build();
    }

    /**
     * An observation as its structured content: the header as a map, and its nodes as they are —
     * the SDK's mapper writes them once when it sends the result, instead of each node first
     * becoming a map of its own (hundreds per observation) that is then written.
     */
    static Map<String, Object> observation(ObservationView view) {
        ObservationView header = new ObservationView(view.observationId(), view.fingerprint(), view.expiresAt(),
                view.app(), view.window(), List.of(), view.truncated(), view.omittedCount(), view.omittedByReason(),
                view.redacted());
        Map<String, Object> structured = Json.mapper().convertValue(header, MAP);
        structured.put("nodes", view.nodes());
        return structured;
    }

    /** A failed call's result: the error's {@code {code, message, hint, field}} as text, no structured content. */
    public static McpSchema.CallToolResult error(CountersignError error) {
        return result(errorBody(error.code().name(), error.message(), error.hint(), error.field()), true);
    }

    /** A receipt; one that says {@code rejected} or {@code failed} is an error result that still carries it. */
    static McpSchema.CallToolResult receipt(Receipt receipt) {
        if (!receipt.isError()) {
            return ok(receipt);
        }
        Map<String, Object> body = errorBody(codeOf(receipt),
                receipt.detail() == null ? "the action " + receipt.status() : receipt.detail(), receipt.hint(), null);
        body.put("receipt", Json.mapper().convertValue(receipt, MAP));
        return result(body, true);
    }

    /**
     * The receipt's own code. A receipt without one is never called INTERNAL when its evidence says
     * why it failed: a failed verification is {@code VERIFICATION_FAILED}; only a receipt that
     * carries neither is an internal fault.
     */
    static String codeOf(Receipt receipt) {
        if (receipt.code() != null) {
            return receipt.code();
        }
        if (receipt.verification() != null && "failed".equals(receipt.verification().outcome())) {
            return ErrorCode.VERIFICATION_FAILED.name();
        }
        return ErrorCode.INTERNAL.name();
    }

    /** A structured body as it is, e.g. a script's tagged outcome; {@code isError} for the script's own error. */
    static McpSchema.CallToolResult structured(Map<String, Object> body, boolean isError) {
        return result(body, isError);
    }

    /** The output schema every receipt-returning tool declares. */
    static Map<String, Object> receiptSchema() {
        // What an agent branches on; action_id, strategy and timings are in every receipt, not in
        // the schema, whose bytes every agent pays on connect.
        return OutputSchema.object()
                .field("receipt_id", "string")
                .oneOf("status", "confirmed", "unknown", "rejected", "failed")
                .required("receipt_id", "status").build();
    }

    /**
     * An acting tool's answer: its error, or its receipt once the audit log holds it (fsynced) —
     * the agent must not hear of an outcome the log does not hold (docs/audit.md).
     */
    static McpSchema.CallToolResult auditedReceipt(AuditTrail audit, String agentId, String tool,
            ToolResult<Receipt> result) {
        if (result instanceof ToolResult.Err<Receipt> err) {
            return error(err.error());
        }
        Receipt receipt = result.orThrow();
        try {
            audit.receipt(agentId, tool, receipt);
        } catch (CountersignException e) {
            return error(Receipt.unrecorded(receipt));
        }
        return receipt(receipt);
    }

    private static Map<String, Object> errorBody(String code, String message, String hint, String field) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        if (hint != null) {
            body.put("hint", hint);
        }
        if (field != null) {
            body.put("field", field);
        }
        return body;
    }

    private static McpSchema.CallToolResult result(Map<String, Object> structured, boolean isError) {
        String text;
        try {
            text = Json.mapper().writeValueAsString(structured);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of plain values always serializes", e);
        }
        if (isError) {
            // A line that is not JSON comes first: Gemini CLI turns a first text item that parses
            // as JSON into structured content, which its SDK then checks against the success
            // schema and replaces with its own validation error (docs/decisions/0006-error-results.md).
            return McpSchema.CallToolResult.builder()
                    .content(List.of(new McpSchema.TextContent(headline(structured)), new McpSchema.TextContent(text)))
                    .isError(true).build();
        }
        return McpSchema.CallToolResult.builder()
                .content(List.of(new McpSchema.TextContent(text)))
                .isError(false).structuredContent(structured).build();
    }

    /** The longest headline; the whole message is in the JSON that follows. */
    static final int HEADLINE_MAX = 200;

    /**
     * An error's first line, for a person or a model skimming: its code and message, on one line
     * (a message can quote a window's title, which anyone can set: its line breaks must not make
     * lines of their own outside the JSON's quotes), cut at {@link #HEADLINE_MAX} characters.
     */
    static String headline(Map<String, Object> body) {
        Object code = body.get("code");
        Object message = body.get("message");
        String line = ((code == null ? "ERROR" : code) + (message == null ? "" : ": " + message))
                .replaceAll("\\p{Cntrl}+", " ");
        return line.length() <= HEADLINE_MAX ? line : line.substring(0, HEADLINE_MAX - 1) + "…";
    }

    /**
     * The JSON body of a tool result as text: the last text item that is a JSON object (an error
     * result's first line is its headline), or empty.
     */
    public static Optional<Map<String, Object>> textBody(McpSchema.CallToolResult result) {
        List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
        for (int i = content.size() - 1; i >= 0; i--) {
            if (content.get(i) instanceof McpSchema.TextContent text && text.text().startsWith("{")) {
                try {
                    return Optional.of(Json.mapper().readValue(text.text(), MAP));
                } catch (JsonProcessingException e) {
                    // not JSON after all: an earlier item may be
                }
            }
        }
        return Optional.empty();
    }
}
