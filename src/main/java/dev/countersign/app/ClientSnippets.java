package dev.countersign.app;

/**
 * The ready-to-paste client configurations {@code countersign agent add} prints: Claude Desktop
 * (which launches stdio servers, so it goes through {@code mcp-stdio}), Claude Code (HTTP with the
 * header) and a generic MCP JSON entry.
 */
final class ClientSnippets {
    private ClientSnippets() {
    }

    /**
     * The command that starts Countersign: the launcher script when we were started by it, else
     * the jpackage launcher binary (a Mac's {@code Countersign.app/Contents/MacOS/Countersign} is
     * on no PATH), else the bare name a .deb puts on the PATH.
     */
    static String launcher() {
        return launcher(System.getProperty("countersign.launcher"), System.getProperty("jpackage.app-path"));
    }

    static String launcher(String script, String appPath) {
        if (script != null && !script.isBlank()) {
            return script;
        }
        return appPath != null && !appPath.isBlank() ? appPath : "countersign";
    }

    static String render(String name, String url, String token, String launcher) {
        String json = quote(launcher);
        return String.join("\n",
                "Claude Desktop (claude_desktop_config.json, through the stdio bridge):",
                "  {\"mcpServers\": {\"countersign\": {\"command\": " + json
                        + ", \"args\": [\"mcp-stdio\", \"--agent\", " + quote(name) + "]}}}",
                "",
                "Claude Code:",
                "  claude mcp add --transport http countersign " + url
                        + " --header \"Authorization: Bearer " + token + "\"",
                "",
                "Any MCP client (Streamable HTTP):",
                "  {\"mcpServers\": {\"countersign\": {\"type\": \"http\", \"url\": " + quote(url)
                        + ", \"headers\": {\"Authorization\": \"Bearer " + token + "\"}}}}");
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
