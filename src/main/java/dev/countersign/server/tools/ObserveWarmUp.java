package dev.countersign.server.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.audit.Redactor;
import dev.countersign.core.Digests;
import dev.countersign.core.Json;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs what a {@code computer_observe} call goes through besides reading the desktop — its
 * arguments checked and bound, the observation's fingerprint and size, its outline, the tool
 * result checked against the tool's output schema, the audit record's redaction and the JSON-RPC
 * response on the wire — over a made-up window of a widget gallery's size and shape, several
 * times. The first real observe then finds the classes loaded, the serializers and the schema
 * built and the hot methods compiled (otherwise the cold first observe pays for all of it).
 * Nothing here reaches a desktop, a session or the audit log.
 */
final class ObserveWarmUp {
    /** About gtk3-widget-factory's showing tree; rows of {@link #ROWS} cycle to this size. */
    static final int NODES = 150;
    /**
     * Passes over the sample: enough that the per-node serializer and outline methods are called
     * thousands of times (compiled by the JIT) while the whole stays well under a second of CPU.
     */
    static final int PASSES = 12;
    private static final String[][] ROWS = {
        {"panel", "", "", ""}, {"push button", "Open", "", "click"}, {"check box", "Remember me", "checked", "click"},
        {"label", "Name", "", ""}, {"text", "Name", "editable,focusable,single_line", "activate"},
        {"slider", "Volume", "focusable,horizontal", ""}, {"page tab", "Page 1", "selectable,selected", "click"},
        {"menu item", "Quit", "", "click"}, {"toggle button", "Bold", "checkable,focusable", "click"},
        {"combo box", "Size", "expandable,focusable", "press"}, {"radio button", "Left", "checkable,focused", "click"},
        {"spin button", "Count", "editable,focusable", ""},
    };

    private ObserveWarmUp() {
    }

    /**
     * The made-up observation: {@code nodes} nodes nested a few levels deep, each with a ref,
     * role, name and frame, and values, states, actions and descriptions where such widgets have
     * them. Its texts are placeholders; no screen was read.
     */
    /** States as the driver gives them: a list of its own per node (an {@code ArrayList}, whose serializer differs). */
    private static List<String> states(String commaSeparated) {
        return commaSeparated.isEmpty() ? new ArrayList<>() : new ArrayList<>(List.of(commaSeparated.split(",")));
    }

    static ObservationView sample(int nodes) {
        List<NodeView> list = new ArrayList<>(nodes);
        list.add(new NodeView("rWarmUpRoot0", "frame", null, "Widget Factory", null, null,
                new int[] {0, 0, 1200, 800}, states("active,resizable"), List.of(), false, 0, null, null));
        for (int i = 1; i < nodes; i++) {
            String[] row = ROWS[i % ROWS.length];
            int depth = 1 + i % 5;
            Integer parent = depth == 1 ? 0 : i - 1;
            list.add(new NodeView(String.format("r%011d", i), row[0], null, row[1] + " " + i,
                    i % 7 == 0 ? "widget-" + i : null, row[0].equals("text") ? "value " + i : null,
                    new int[] {10 * (i % 40), 24 * (i / 40), 120, 24},
                    states(row[2]),
                    row[3].isEmpty() ? List.of() : List.of(row[3]), false, depth, parent,
                    i % 9 == 0 ? "Shortcut Ctrl+" + i : null));
        }
        ObservationView.AppView app = new ObservationView.AppView("widget-factory", null, 4242, "4242:99");
        ObservationView.WindowView window = new ObservationView.WindowView("w1", "Widget Factory",
                new int[] {0, 0, 1200, 800});
        return new ObservationView("obs_warmUp000", "sha256:" + "0".repeat(64), "2026-01-01T00:00:00Z", app, window,
                list, true, 12, Map.of("closed_menu", 10, "hidden", 2), 1);
    }

    /**
     * Runs the call path of {@code observe} (the endpoint's tool) {@link #PASSES} times with the
     * endpoint's own {@code wire} mapper and output {@code validator}. Returns the bytes written.
     */
    static long run(AgentTool observe, ObjectMapper wire, JsonSchemaValidator validator) {
        ObservationView view = sample(NODES);
        long bytes = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            bytes += answer(observe, view, wire, validator, pass % 2 == 1).length();
        }
        return bytes;
    }

    /** One observe call as the endpoint handles it, the desktop aside: the text of the JSON-RPC response. */
    static String answer(AgentTool observe, ObservationView view, ObjectMapper wire, JsonSchemaValidator validator,
            boolean frames) {
        JsonNode args = Json.mapper().valueToTree(Map.of("app", "4242", "max_nodes", 2000, "max_depth", 16));
        observe.input().check("", args);
        Json.bind(args, ObserveArgs.class);
        // The driver's share: the fingerprint over the nodes (the stored observation's size comes
        // from the same canonical bytes).
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("app", view.app());
        identity.put("window", view.window());
        identity.put("nodes", view.nodes());
        Digests.digest(identity);
        try {
            McpSchema.CallToolResult result = ToolResults.ok(ToolResults.observation(view), ObservationOutline.render(view, frames));
            validator.validate(observe.output(), result.structuredContent());
            Redactor.redact(Map.of("tool", observe.name(), "observation_id", view.observationId(),
                    "fingerprint", view.fingerprint(), "app", view.app().name(), "nodes", view.nodes().size()));
            return wire.writeValueAsString(McpSchema.JSONRPCResponse.result(1, result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an observation always serializes", e);
        }
    }
}
