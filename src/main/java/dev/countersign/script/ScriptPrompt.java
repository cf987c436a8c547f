package dev.countersign.script;

import java.util.List;

/** Generates the text that tells a model how to write a script: the language subset, the one call form, the tools. */
final class ScriptPrompt {
    private ScriptPrompt() {
    }

    /**
     * The short form for an MCP tool description, where every byte is paid on every connect
     * ({@code ScriptMcpDesktopTest} holds the whole tools/list at 6,000 bytes): the call form, the tool
     * names (their arguments are the MCP tools' own, listed beside), the tags, the limits and the
     * suspend/resume protocol; ASCII only, since JSON escapes anything else. The long form is
     * {@link #render} and docs/script.md.
     */
    static String compact(List<ScriptTool> tools, ScriptLimits limits) {
        StringBuilder b = new StringBuilder("One governed turn: a JavaScript function body ending return "
                + "{final_result: v} or {observation: v}. Tools only as call_tool('NAME', {args}), NAME literal: ");
        for (int i = 0; i < tools.size(); i++) {
            b.append(i == 0 ? "" : i == tools.size() - 1 ? " or " : ", ").append(tools.get(i).name());
        }
        return b.append(", args and result as that tool's; a refused act throws ToolError e.code. No Java, files, ")
                .append("network, eval, call_tool in forEach/map callbacks. Limits: ")
                .append(limits.maxInstructions() / 1_000_000).append("M instructions, ")
                .append(limits.maxCompute().toSeconds()).append(" s compute, ").append(limits.maxToolCalls())
                .append(" calls. Answer status: final_result, observation, error (an uncaught exception) or suspended with "
                        + "script_id (the person decides; then call computer_script_resume).")
                .toString();
    }

    static String render(List<ScriptTool> tools, ScriptLimits limits) {
        StringBuilder b = new StringBuilder();
        b.append("Write the body of a JavaScript function (ES6 subset, interpreted) and end it with a tagged return:\n")
                .append("  return {final_result: …}   to finish with this value\n")
                .append("  return {observation: …}    to hand this value back to yourself and continue\n")
                .append("An uncaught exception comes back to you verbatim as the error.\n\n")
                .append("Tools are called only as call_tool(\"name\", {key: value, …}): the name a string literal, ")
                .append("one object of named arguments (no positional arguments, no other call form). ")
                .append("call_tool returns the tool's JSON result, or throws a ToolError with e.code, e.message, ")
                .append("e.hint (and e.receipt for a refused act) that you may catch.\n");
        for (ScriptTool tool : tools) {
            b.append("  ").append(tool.signature()).append("\n      ").append(tool.description()).append('\n');
        }
        b.append("\nActions that need the person's approval may suspend the script: you then get {status: \"suspended\", ")
                .append("script_id}; call computer_script_resume {script_id} to continue after the decision. ")
                .append("Refs expire and each observation carries one action: observe again before each act.\n\n")
                .append("Available: Object, Array, String, Number, Boolean, Math, JSON, Date, RegExp, Map, Set, ")
                .append("Symbol, Promise-free synchronous code, print(…) and console.log(…) for debugging output. ")
                .append("Not available: Java classes (java, Packages, getClass), eval, files, network, timers, ")
                .append("typed arrays. call_tool cannot run inside callbacks of built-ins (forEach, map, sort): ")
                .append("use plain for loops.\n")
                .append("Limits: ").append(limits.maxInstructions()).append(" instructions, ")
                .append(limits.maxCompute().toMillis()).append(" ms of compute (tool calls not counted), ")
                .append(limits.maxAllocatedBytes() >> 20).append(" MiB of allocation, ")
                .append(limits.maxElements()).append(" elements or characters per array or string built in one ")
                .append("call, ").append(limits.maxToolCalls()).append(" tool calls, ")
                .append(limits.maxStdoutChars()).append(" characters of output, ")
                .append(limits.maxStateBytes() >> 10).append(" KiB of state kept across each tool call.\n");
        return b.toString();
    }
}
