package dev.countersign.app.windows;

import dev.countersign.app.windows.ClientSnippets.Agent;
import dev.countersign.app.windows.ClientSnippets.Snippet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The configurations for the agent CLIs people run in a terminal (Codex CLI, Gemini CLI, Copilot
 * CLI, opencode), in each one's own format. The bridge forms come first: they start the stdio
 * bridge, so the token stays in its 0600 file and the file the config goes in may be committed.
 * Each CLI also gets an HTTP form that names the environment variable the token comes from, never
 * the token, in that CLI's own way of reading one (Codex's {@code bearer_token_env_var}, Gemini
 * CLI's and Copilot CLI's {@code ${VAR}} in a header, opencode's {@code {env:VAR}}). Each sets the
 * client's tool timeout past the longest an approval can keep a call waiting: these clients do not
 * reset their timeout on progress, and their defaults (60 s or less) would give up on a person
 * still reading the question.
 */
final class AgentCliSnippets {
    /** The environment variable the HTTP forms read the token from. */
    static final String TOKEN_VARIABLE = "COUNTERSIGN_TOKEN";
    /** Codex gives a stdio server 10 s to start by default; a JVM on a busy machine can take longer. */
    static final int STARTUP_TIMEOUT_S = 30;

    private AgentCliSnippets() {
    }

    static List<Snippet> snippets(Agent agent, String tokenFile) {
        String launcher = agent.launcher();
        List<String> bridge = ClientSnippets.bridgeArgs(agent);
        String jsonArgs = bridge.stream().map(ClientSnippets::quote).collect(Collectors.joining(", "));
        String shellArgs = bridge.stream().map(ClientSnippets::shell).collect(Collectors.joining(" "));
        int timeoutS = ClientSnippets.TOOL_TIMEOUT_MS / 1000;
        String url = agent.url().toString();
        String fromEnvironment = "the token comes from the environment: " + exportLine(tokenFile);
        String bearer = "Bearer ${" + TOKEN_VARIABLE + "}";
        return List.of(
                new Snippet("Codex CLI (~/.codex/config.toml; the token stays in its 0600 file)",
                        "[mcp_servers.countersign]\n"
                                + "command = " + ClientSnippets.quote(launcher) + "\n"
                                + "args = [" + jsonArgs + "]\n"
                                + "startup_timeout_sec = " + STARTUP_TIMEOUT_S + "\n"
                                + "tool_timeout_sec = " + timeoutS),
                new Snippet("Codex CLI over HTTP (~/.codex/config.toml; " + fromEnvironment + ")",
                        "[mcp_servers.countersign]\n"
                                + "url = " + ClientSnippets.quote(url) + "\n"
                                + "bearer_token_env_var = " + ClientSnippets.quote(TOKEN_VARIABLE) + "\n"
                                + "tool_timeout_sec = " + timeoutS),
                new Snippet("Gemini CLI (.gemini/settings.json in the project, or ~/.gemini/settings.json)",
                        "{\"mcpServers\": {\"countersign\": {\"command\": " + ClientSnippets.quote(launcher)
                                + ", \"args\": [" + jsonArgs + "], \"timeout\": " + ClientSnippets.TOOL_TIMEOUT_MS
                                + "}}}"),
                new Snippet("Gemini CLI over HTTP (.gemini/settings.json; " + fromEnvironment + ")",
                        "{\"mcpServers\": {\"countersign\": {\"httpUrl\": " + ClientSnippets.quote(url)
                                + ", \"headers\": {\"Authorization\": " + ClientSnippets.quote(bearer)
                                + "}, \"timeout\": " + ClientSnippets.TOOL_TIMEOUT_MS + "}}}"),
                new Snippet("Copilot CLI (writes ~/.copilot/mcp-config.json)",
                        "copilot mcp add countersign --timeout " + ClientSnippets.TOOL_TIMEOUT_MS + " -- "
                                + ClientSnippets.shell(launcher) + " " + shellArgs),
                // Single quotes: the file keeps ${COUNTERSIGN_TOKEN}, which Copilot CLI reads from its
                // environment when it connects; the token itself is written nowhere.
                new Snippet("Copilot CLI over HTTP (writes ~/.copilot/mcp-config.json; " + fromEnvironment + ")",
                        "copilot mcp add countersign --transport http --timeout " + ClientSnippets.TOOL_TIMEOUT_MS
                                + " --header " + ClientSnippets.shell("Authorization: " + bearer) + " "
                                + ClientSnippets.shell(url)),
                new Snippet("opencode (opencode.json in the project, or ~/.config/opencode/opencode.json)",
                        "{\"$schema\": \"https://opencode.ai/config.json\", \"mcp\": {\"countersign\": "
                                + "{\"type\": \"local\", \"command\": [" + ClientSnippets.quote(launcher) + ", "
                                + jsonArgs + "], \"enabled\": true, \"timeout\": " + ClientSnippets.TOOL_TIMEOUT_MS
                                + "}}}"),
                new Snippet("opencode over HTTP (opencode.json; " + fromEnvironment + ")",
                        "{\"$schema\": \"https://opencode.ai/config.json\", \"mcp\": {\"countersign\": "
                                + "{\"type\": \"remote\", \"url\": " + ClientSnippets.quote(url)
                                + ", \"headers\": {\"Authorization\": \"Bearer {env:" + TOKEN_VARIABLE + "}\"}"
                                + ", \"enabled\": true, \"timeout\": " + ClientSnippets.TOOL_TIMEOUT_MS + "}}}"));
    }

    /** The shell line that puts the token in the environment, read from its file when it is needed. */
    static String exportLine(String tokenFile) {
        return "export " + TOKEN_VARIABLE + "=\"$(cat " + tokenFile + ")\"";
    }
}
