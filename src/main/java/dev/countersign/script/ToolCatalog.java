package dev.countersign.script;

import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ObserveArgs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The tools scripts can reach. The visual tools are left out on purpose: a script cannot look at
 * a picture, and a coordinate act always needs the person's eyes on the screenshot first.
 */
final class ToolCatalog {
    static final String OBSERVE = "computer_observe";
    static final String ACT = "computer_act";
    static final String EVIDENCE = "computer_evidence";

    /** Arguments of tools that take none. */
    record NoArgs() {
    }

    private static final Map<String, ScriptTool> TOOLS = new LinkedHashMap<>();

    static {
        add(new ScriptTool(OBSERVE, "Reads a bounded accessibility tree of one window. Returns {observation_id, "
                + "fingerprint, expires_at, app: {name, pid, launch_id}, window: {id, title, frame}, nodes: [{ref, role, "
                + "name, identifier, value, frame, states, actions, secure, depth, parent}], truncated, omitted_count}.",
                List.of(new ScriptTool.Param("app", "string (application name or pid; default: frontmost)", true),
                        new ScriptTool.Param("window", "string (window id from an observation)", true),
                        new ScriptTool.Param("max_nodes", "integer 1-2000", true),
                        new ScriptTool.Param("max_depth", "integer 1-" + dev.countersign.desktop.SnapshotLimits.MAX_DEPTH, true),
                        new ScriptTool.Param("ttl_ms", "integer 1000-30000", true)),
                false, ObserveArgs.class));
        add(new ScriptTool(ACT, "Runs one governed action on one fresh ref and returns a receipt {receipt_id, "
                + "status: confirmed|unknown, code, detail, verification, approval}. One action per observation: "
                + "observe again before the next act. A refused or failed action throws a ToolError.",
                List.of(new ScriptTool.Param("ref", "string (from your latest observation)", false),
                        new ScriptTool.Param("op", ActArgs.ops().stream().map(op -> "\"" + op + "\"")
                                .collect(Collectors.joining("|")), false),
                        new ScriptTool.Param("text", "string (op type; op select: the text to select)", true),
                        new ScriptTool.Param("mode", "\"replace\"|\"insert\" (op type)", true),
                        new ScriptTool.Param("keys", "string (op key, e.g. \"Tab\", \"ctrl+a\")", true),
                        new ScriptTool.Param("direction", "\"up\"|\"down\"|\"left\"|\"right\" (op scroll)", true),
                        new ScriptTool.Param("amount", "integer 1-50 (op scroll)", true),
                        new ScriptTool.Param("to", "string (op drag: a ref of the same observation to drop onto)", true),
                        new ScriptTool.Param("start", "integer (op select: first character; alone: to the end)", true),
                        new ScriptTool.Param("end", "integer (op select: after the last character)", true),
                        new ScriptTool.Param("extend", "boolean (op select on an item: add to the selection)", true),
                        new ScriptTool.Param("postcondition",
                                "{kind: \"ui_element\", exists?: boolean, value_digest?: string} or {kind: \"ui_element\", "
                                        + "ref: string (another ref whose change proves it), change?: \"value\"|\"name\"|\"states\", "
                                        + "equals?: string}", true)),
                true, ActArgs.class));
        add(new ScriptTool(EVIDENCE, "Returns the session state, permissions, Countersign's identity and this "
                + "agent's recent receipts.", List.of(), false, NoArgs.class));
    }

    private ToolCatalog() {
    }

    private static void add(ScriptTool tool) {
        TOOLS.put(tool.name(), tool);
    }

    static List<ScriptTool> all() {
        return List.copyOf(TOOLS.values());
    }

    static Optional<ScriptTool> find(String name) {
        return Optional.ofNullable(TOOLS.get(name));
    }

    static String names() {
        return String.join(", ", TOOLS.keySet());
    }
}
