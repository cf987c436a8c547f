package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The one place every text bound for an agent passes before it leaves: each tool result (error
 * messages and hints, receipt details, listings, observations) and the approval progress message
 * are redacted as observations are, by the policy's redactor ({@code ComputerDriver.redactForAgent}),
 * so a window title or element name holding a token, quoted by a {@code TARGET_CHANGED} error or a
 * receipt, is withheld there as it is in an observation. Redacting what is already redacted
 * changes nothing.
 *
 * <p>An observation's nodes are records the observer built already redacted ({@code NodeView},
 * with the split-credential rule for editable values); they are passed on as they are, everything
 * else in the result is walked.
 */
final class AgentBound {
    private AgentBound() {
    }

    /** {@code result} with every string in its text and structured content redacted. */
    static McpSchema.CallToolResult redact(McpSchema.CallToolResult result, UnaryOperator<String> redactor) {
        List<McpSchema.Content> content = new ArrayList<>(result.content() == null ? 0 : result.content().size());
        if (result.content() != null) {
            for (McpSchema.Content c : result.content()) {
                content.add(c instanceof McpSchema.TextContent text
                        ? new McpSchema.TextContent(text.annotations(), text(text.text(), redactor), text.meta())
                        : c);
            }
        }
        McpSchema.CallToolResult.Builder out = McpSchema.CallToolResult.builder()
                .content(content)
                .isError(result.isError())
                .meta(result.meta());
        if (result.structuredContent() != null) {
            out.structuredContent(value(result.structuredContent(), redactor));
        }
        return out.build();
    }

    /** A tool's text: JSON (errors, receipts, listings) is redacted value by value, other text as it is. */
    private static String text(String text, UnaryOperator<String> redactor) {
        if (text == null || !text.startsWith("{")) {
            return redactor.apply(text);
        }
        try {
            JsonNode tree = Json.mapper().readTree(text);
            return Json.mapper().writeValueAsString(node(tree, redactor));
        } catch (JsonProcessingException e) {
            return redactor.apply(text);
        }
    }

    private static JsonNode node(JsonNode node, UnaryOperator<String> redactor) {
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                out.set(field.getKey(), node(field.getValue(), redactor));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            node.forEach(element -> out.add(node(element, redactor)));
            return out;
        }
        return node.isTextual() ? JsonNodeFactory.instance.textNode(redactor.apply(node.textValue())) : node;
    }

    @SuppressWarnings("unchecked")
    private static <T> T value(T value, UnaryOperator<String> redactor) {
        if (value instanceof String s) {
            return (T) redactor.apply(s);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, value(v, redactor)));
            return (T) out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(value(v, redactor)));
            return (T) out;
        }
        return value;
    }
}
