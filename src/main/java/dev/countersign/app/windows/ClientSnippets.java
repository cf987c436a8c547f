package dev.countersign.app.windows;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The ready-to-paste client configurations {@code countersign agent add} prints, for the way the
 * agent was added (its token file, the endpoint's port, the launcher that started us — the
 * {@code ./countersign} script or the packaged app). The stdio bridge comes first: with it the
 * token stays in its 0600 file and never sits in a client's config, and the bridge refuses to
 * send it anywhere but a loopback endpoint. Where a client only speaks HTTP, the token comes from
 * the environment in files that may be committed ({@code .mcp.json}).
 */
public final class ClientSnippets {
    /** The longest an approval can keep a tool call waiting, plus a margin: the envelope's 60 s expiry. */
    public static final int TOOL_TIMEOUT_MS = 120_000;

    /** One client's configuration. */
    public record Snippet(String title, String text) {
        public Snippet {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * How the agent was added.
     *
     * @param tokenFile where its token is, or null for the default {@code <home>/tokens/NAME.token}
     * @param urlGiven whether an explicit URL was given: the bridge then uses it (TCP) instead of the socket
     */
    public record Agent(String name, URI url, boolean urlGiven, Path tokenFile, String launcher) {
        public Agent {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(launcher, "launcher");
        }
    }

    private ClientSnippets() {
    }

    /**
     * The command that starts Countersign: the launcher script when we were started by it, else
     * the jpackage launcher binary (a Mac's {@code Countersign.app/Contents/MacOS/Countersign} is
     * on no PATH), else the bare name a .deb puts on the PATH.
     */
    public static String launcher() {
        return launcher(System.getProperty("countersign.launcher"), System.getProperty("jpackage.app-path"));
    }

    static String launcher(String script, String appPath) {
        if (script != null && !script.isBlank()) {
            return script;
        }
        // A translocated or disk-image launch names the app as it will be in /Applications, never its temporary copy.
        return appPath != null && !appPath.isBlank() ? FirstRun.lastingPath(appPath) : "countersign";
    }

    /** The bridge's arguments for this agent, exactly as the clients must pass them. */
    public static List<String> bridgeArgs(Agent agent) {
        List<String> args = new ArrayList<>(List.of("mcp-stdio", "--agent", agent.name()));
        if (agent.tokenFile() != null) {
            args.add("--token-file");
            args.add(agent.tokenFile().toAbsolutePath().toString());
        }
        if (agent.urlGiven()) {
            args.add("--url");
            args.add(agent.url().toString());
        }
        return args;
    }

    public static List<Snippet> snippets(Agent agent, String token) {
        String command = quote(agent.launcher());
        String args = bridgeArgs(agent).stream().map(ClientSnippets::quote).collect(Collectors.joining(", "));
        String shellBridge = bridgeArgs(agent).stream().map(ClientSnippets::shell).collect(Collectors.joining(" "));
        String url = agent.url().toString();
        String tokenFile = agent.tokenFile() != null ? agent.tokenFile().toAbsolutePath().toString()
                : "<home>/tokens/" + agent.name() + ".token";
        List<Snippet> all = new ArrayList<>(List.of(
                new Snippet("Claude Desktop (claude_desktop_config.json; the token stays in its 0600 file)",
                        "{\"mcpServers\": {\"countersign\": {\"command\": " + command + ", \"args\": [" + args + "]}}}"),
                new Snippet("Claude Code (the same bridge; MCP_TOOL_TIMEOUT=" + TOOL_TIMEOUT_MS
                        + " lets an approval take its time)",
                        "claude mcp add countersign -- " + shell(agent.launcher()) + " " + shellBridge),
                new Snippet("Claude Code over HTTP (kept in ~/.claude.json, not in the project)",
                        "claude mcp add --transport http countersign " + url + " --header "
                                + shell("Authorization: Bearer " + token) + "\n"
                                + "claude mcp add-json countersign " + shell("{\"type\":\"http\",\"url\":\"" + url
                                + "\",\"headers\":{\"Authorization\":\"Bearer " + token + "\"}}")),
                new Snippet("VS Code (.vscode/mcp.json)",
                        "{\"servers\": {\"countersign\": {\"type\": \"stdio\", \"command\": " + command
                                + ", \"args\": [" + args + "]}}}"),
                new Snippet("Cursor (.cursor/mcp.json)",
                        "{\"mcpServers\": {\"countersign\": {\"command\": " + command + ", \"args\": [" + args + "]}}}")));
        all.addAll(AgentCliSnippets.snippets(agent, tokenFile));
        all.add(new Snippet("Any MCP client over Streamable HTTP (e.g. .mcp.json; the token comes from the "
                        + "environment: " + AgentCliSnippets.exportLine(tokenFile) + ")",
                        "{\"mcpServers\": {\"countersign\": {\"type\": \"http\", \"url\": " + quote(url)
                                + ", \"headers\": {\"Authorization\": \"Bearer ${" + AgentCliSnippets.TOKEN_VARIABLE
                                + "}\"}}}}"));
        return List.copyOf(all);
    }

    public static String render(Agent agent, String token) {
        StringBuilder out = new StringBuilder();
        for (Snippet snippet : snippets(agent, token)) {
            if (out.length() > 0) {
                out.append("\n\n");
            }
            out.append(snippet.title()).append(":\n");
            snippet.text().lines().forEach(line -> out.append("  ").append(line).append('\n'));
        }
        out.append("\nClients that time out tool calls: an approval can keep a call waiting up to 60 s; "
                + "Countersign sends progress meanwhile (use resetTimeoutOnProgress, or a timeout of "
                + TOOL_TIMEOUT_MS / 1000 + " s).");
        return out.toString();
    }

    /** A JSON string, which is also a TOML basic string for the paths and names quoted here. */
    static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** POSIX shell quoting, only where needed. */
    static String shell(String text) {
        if (text.matches("[A-Za-z0-9_./:=@%+-]+")) {
            return text;
        }
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
