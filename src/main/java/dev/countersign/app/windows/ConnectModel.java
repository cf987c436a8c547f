package dev.countersign.app.windows;

import java.net.URI;
import java.util.List;

/** "Connect an agent…" without a stage: issue a token once and the config snippets that use it. */
final class ConnectModel {
    /** A client configuration the person can paste, with a title saying where it goes. */
    record Snippet(String title, String text) {
    }

    private final AgentRegistry agents;

    ConnectModel(AgentRegistry agents) {
        this.agents = agents;
    }

    /** Issues a token for {@code name}, or says why the name cannot be used. */
    Result<AgentRegistry.IssuedToken> issue(String name) {
        String trimmed = name == null ? "" : name.trim();
        String problem = agents.problemWithName(trimmed);
        if (!problem.isEmpty()) {
            return Result.problem(problem);
        }
        try {
            return Result.ok(agents.add(trimmed));
        } catch (IllegalArgumentException e) {
            return Result.problem(e.getMessage());
        }
    }

    /** Ready-to-paste client configs for the issued token and where the endpoint listens. */
    static List<Snippet> snippets(AgentRegistry.IssuedToken issued, URI endpoint, String launcher) {
        String url = endpoint.toString();
        String token = issued.token();
        String http = "{\n"
                + "  \"mcpServers\": {\n"
                + "    \"countersign\": {\n"
                + "      \"type\": \"http\",\n"
                + "      \"url\": " + quote(url) + ",\n"
                + "      \"headers\": { \"Authorization\": \"Bearer " + token + "\" }\n"
                + "    }\n"
                + "  }\n"
                + "}";
        String claudeCode = "claude mcp add --transport http countersign " + url
                + " --header \"Authorization: Bearer " + token + "\"";
        String stdio = "{\n"
                + "  \"mcpServers\": {\n"
                + "    \"countersign\": {\n"
                + "      \"command\": " + quote(launcher) + ",\n"
                + "      \"args\": [\"mcp-stdio\", \"--agent\", " + quote(issued.name()) + "]\n"
                + "    }\n"
                + "  }\n"
                + "}";
        return List.of(
                new Snippet("Any MCP client (Streamable HTTP)", http),
                new Snippet("Claude Code", claudeCode),
                new Snippet("Claude Desktop and stdio-only clients (via mcp-stdio)", stdio));
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
