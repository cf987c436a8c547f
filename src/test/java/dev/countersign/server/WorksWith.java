package dev.countersign.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Renders the interop suite's reports as the README's "Works with" table ({@code
 * target/interop/works-with.md}); {@code scripts/interop/readme} copies it into the README.
 */
final class WorksWith {
    static final List<String> ORDER = List.of("sdk1-http", "sdk1-bridge", "sdk2-http", "sdk2-http-2026",
            "sdk2-bridge", "mcp-remote", "inspector-cli", "claude-code", "ai-sdk", "ai-sdk-legacy", "codex",
            "codex-http", "gemini", "gemini-http", "copilot", "copilot-http", "opencode", "opencode-http");

    private WorksWith() {
    }

    static void write(Path out) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("| client | version | transport | checked | result |");
        lines.add("|---|---|---|---|---|");
        long totalMs = 0;
        for (String name : ORDER) {
            Path report = out.resolve(name + ".json");
            if (!Files.exists(report)) {
                continue;
            }
            JsonNode r = Json.mapper().readTree(report.toFile());
            totalMs += r.path("ms").asLong();
            List<String> passed = new ArrayList<>();
            for (Iterator<String> it = r.path("checks").fieldNames(); it.hasNext(); ) {
                String check = it.next();
                JsonNode c = r.path("checks").path(check);
                if (c.path("ok").asBoolean()) {
                    passed.add(label(check, c));
                }
            }
            String result = r.path("failures").isEmpty() ? "pass" : "FAIL: " + r.path("failures");
            lines.add("| " + r.path("client").asText() + " | " + r.path("version").asText() + " | "
                    + r.path("transport").asText() + " | " + String.join(", ", passed) + " | " + result + " |");
        }
        lines.add("");
        lines.add("Last run " + LocalDate.now(ZoneOffset.UTC) + " on " + nodeVersion(out) + "; clients took "
                + Math.round(totalMs / 1000.0) + " s in all.");
        Files.writeString(out.resolve("works-with.md"), String.join("\n", lines) + "\n");
    }

    /** A check as the table shows it, with what the client surfaced where that says more. */
    private static String label(String check, JsonNode c) {
        switch (check) {
            case "list_tools": return c.has("names") ? c.path("tools").asInt() + " tools offered to the model ("
                    + c.path("bytes").asInt() + " B)" : "tools/list (" + c.path("bytes").asInt() + " B)";
            case "printed_config": return "the printed config";
            case "token_only_in_env": return "token in no config file";
            case "tool_loop": return "tool loop against a stand-in model (" + c.path("tool_results").asInt()
                    + " results handed to it)";
            case "confirmed_act": return "act " + c.path("status").asText();
            case "error_stale_ref":
            case "error_secure_field":
            case "error_denied_approval": return c.path("code").asText() + " + hint";
            case "cancelled_approval": return "cancel → " + c.path("status").asText();
            case "connect_cycles": return c.path("cycles").asInt() + " reconnects";
            case "connect":
                if ("modern".equals(c.path("era").asText())) {
                    return "connect (" + c.path("protocolVersion").asText() + ": server/discover, no session)";
                }
                return c.has("protocolVersion") ? "connect (" + c.path("protocolVersion").asText() + " session)" : "connect";
            case "mcp_list_health": return c.path("runs").asInt() + "× `claude mcp list`";
            case "observe":
                if (c.has("form")) {
                    return "observe (the model read the " + c.path("form").asText() + ", " + c.path("bytes").asInt() + " B)";
                }
                return c.has("text_bytes") ? "observe (text " + c.path("text_bytes").asInt() + " B, JSON "
                        + c.path("json_bytes").asInt() + " B)" : "observe";
            case "p_tool_loop": return "`claude -p` loop (" + c.path("tool_results").asInt() + " tool results, error read"
                    + (c.has("model_read") ? "; model read the " + c.path("model_read").asText() : "") + ")";
            case "snippets_verbatim": return "printed snippets (" + c.path("added").asInt() + ")";
            default: return check.replace('_', ' ');
        }
    }

    private static String nodeVersion(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".json"))::iterator) {
                String v = Json.mapper().readTree(p.toFile()).path("node").asText("");
                if (!v.isEmpty()) {
                    return "Node " + v;
                }
            }
        }
        return "Node";
    }
}
