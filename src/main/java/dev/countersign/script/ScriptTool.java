package dev.countersign.script;

import java.util.List;
import java.util.Objects;

/**
 * A tool a script may call through {@code call_tool}: its exact name, what it does, its
 * parameters (the same names and JSON types as the MCP tool), whether it acts on the desktop, and
 * the argument record it binds to.
 */
public record ScriptTool(String name, String description, List<Param> params, boolean acting, Class<?> argsType) {

    public ScriptTool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        params = List.copyOf(params);
        Objects.requireNonNull(argsType, "argsType");
    }

    /** One named parameter: its JSON type as the prompt shows it, and whether it may be left out. */
    public record Param(String name, String type, boolean optional) {
    }

    /** The call as the prompt shows it, e.g. {@code call_tool("computer_act", {ref: string, op: "click"|…})}. */
    public String signature() {
        StringBuilder b = new StringBuilder("call_tool(\"").append(name).append("\", {");
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            b.append(i == 0 ? "" : ", ").append(p.name()).append(p.optional() ? "?: " : ": ").append(p.type());
        }
        return b.append("})").toString();
    }

    /** The corrective example shown when a script calls the tool in any other form. */
    public String example() {
        StringBuilder b = new StringBuilder("call_tool(\"").append(name).append("\", {");
        boolean first = true;
        for (Param p : params) {
            if (!p.optional()) {
                b.append(first ? "" : ", ").append(p.name()).append(": …");
                first = false;
            }
        }
        return b.append("})").toString();
    }
}
