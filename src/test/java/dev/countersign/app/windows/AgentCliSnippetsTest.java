package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.countersign.app.windows.ClientSnippets.Agent;
import dev.countersign.app.windows.ClientSnippets.Snippet;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The configs {@code agent add} prints for the agent CLIs, read back the way each CLI reads them
 * (TOML for Codex, JSON for Gemini CLI and opencode, the shell line for Copilot CLI): each starts
 * the bridge with exactly the agent's arguments, carries no token, and waits longer than an
 * approval can take.
 */
class AgentCliSnippetsTest {
    static final String TOKEN = "cs_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
    /** A launcher path with a space, a quote and a backslash: every format must carry it unchanged. */
    static final String AWKWARD = "/Users/ann smith/Count\"er\\sign.app/Contents/MacOS/Countersign";
    static final ObjectMapper JSON = new ObjectMapper();
    static final TomlMapper TOML = new TomlMapper();

    static Agent agent(String launcher) {
        return new Agent("coder", URI.create("http://127.0.0.1:7475/mcp"), false, null, launcher);
    }

    static Agent withFileAndUrl() {
        return new Agent("coder", URI.create("http://localhost:9911/mcp"), true, Path.of("/tmp/t/coder.token"),
                "/opt/countersign/bin/countersign");
    }

    static String text(Agent agent, String titleStart) {
        return ClientSnippets.snippets(agent, TOKEN).stream().filter(s -> s.title().startsWith(titleStart))
                .map(Snippet::text).findFirst().orElseThrow(() -> new AssertionError("no snippet " + titleStart));
    }

    static List<String> bridge(Agent agent) {
        List<String> command = new ArrayList<>(List.of(agent.launcher()));
        command.addAll(ClientSnippets.bridgeArgs(agent));
        return command;
    }

    /** A JSON or TOML server entry's {@code command} followed by its {@code args}. */
    static List<String> commandAndArgs(JsonNode server) {
        List<String> command = new ArrayList<>(List.of(server.path("command").asText()));
        command.addAll(strings(server.path("args")));
        return command;
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Nested
    class Codex {
        @Test
        void theBridgeFormIsTomlThatStartsTheBridgeAndWaitsForAnApproval() throws Exception {
            for (Agent agent : List.of(agent(AWKWARD), withFileAndUrl())) {
                JsonNode server = TOML.readTree(text(agent, "Codex CLI (")).at("/mcp_servers/countersign");
                assertThat(commandAndArgs(server)).isEqualTo(bridge(agent));
                assertThat(server.path("tool_timeout_sec").asInt() * 1000).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
                assertThat(server.path("startup_timeout_sec").asInt()).isGreaterThan(10);
            }
        }

        @Test
        void theHttpFormNamesTheVariableTheTokenComesFromNeverTheToken() throws Exception {
            Agent agent = withFileAndUrl();
            String text = text(agent, "Codex CLI over HTTP");
            JsonNode server = TOML.readTree(text).at("/mcp_servers/countersign");
            assertThat(server.path("url").asText()).isEqualTo("http://localhost:9911/mcp");
            assertThat(server.path("bearer_token_env_var").asText()).isEqualTo("COUNTERSIGN_TOKEN");
            assertThat(server.path("tool_timeout_sec").asInt() * 1000).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
            assertThat(server.has("http_headers")).as("no literal header that could hold the token").isFalse();
            assertThat(ClientSnippets.snippets(agent, TOKEN).stream()
                    .filter(s -> s.title().startsWith("Codex CLI over HTTP")).findFirst().orElseThrow().title())
                    .contains("export COUNTERSIGN_TOKEN=\"$(cat /tmp/t/coder.token)\"");
        }
    }

    @Test
    void geminiCliSettingsStartTheBridgeWithATimeoutPastAnApproval() throws Exception {
        for (Agent agent : List.of(agent(AWKWARD), withFileAndUrl())) {
            JsonNode server = JSON.readTree(text(agent, "Gemini CLI")).at("/mcpServers/countersign");
            assertThat(commandAndArgs(server)).isEqualTo(bridge(agent));
            assertThat(server.path("timeout").asInt()).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
            assertThat(server.has("trust")).as("the CLI keeps asking its own confirmation too").isFalse();
        }
    }

    @Test
    void copilotCliAddLineStartsTheBridgeWithATimeoutPastAnApproval() {
        Agent agent = withFileAndUrl();
        String line = text(agent, "Copilot CLI");
        String[] words = line.split(" ");
        List<String> afterDashes = List.of(line.substring(line.indexOf(" -- ") + 4).split(" "));
        assertThat(List.of(words).subList(0, 5)).containsExactly("copilot", "mcp", "add", "countersign", "--timeout");
        assertThat(Integer.parseInt(words[5])).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
        assertThat(afterDashes).isEqualTo(bridge(agent));
        assertThat(text(agent(AWKWARD), "Copilot CLI")).contains(" -- " + ClientSnippets.shell(AWKWARD) + " mcp-stdio");
    }

    @Test
    void opencodeConfigStartsTheBridgeAsOneCommandArrayWithATimeoutPastAnApproval() throws Exception {
        for (Agent agent : List.of(agent(AWKWARD), withFileAndUrl())) {
            JsonNode config = JSON.readTree(text(agent, "opencode"));
            assertThat(config.path("$schema").asText()).isEqualTo("https://opencode.ai/config.json");
            JsonNode server = config.at("/mcp/countersign");
            assertThat(server.path("type").asText()).isEqualTo("local");
            assertThat(strings(server.path("command"))).isEqualTo(bridge(agent));
            assertThat(server.path("enabled").asBoolean()).isTrue();
            assertThat(server.path("timeout").asInt()).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
        }
    }

    @Nested
    class OverHttp {
        static final String BEARER_FROM_ENV = "Bearer ${COUNTERSIGN_TOKEN}";

        String title(Agent agent, String start) {
            return ClientSnippets.snippets(agent, TOKEN).stream().filter(s -> s.title().startsWith(start)).findFirst()
                    .orElseThrow().title();
        }

        @Test
        void geminiCliReadsTheTokenFromTheEnvironmentInItsHeader() throws Exception {
            Agent agent = withFileAndUrl();
            JsonNode server = JSON.readTree(text(agent, "Gemini CLI over HTTP")).at("/mcpServers/countersign");
            assertThat(server.path("httpUrl").asText()).isEqualTo("http://localhost:9911/mcp");
            assertThat(server.at("/headers/Authorization").asText()).isEqualTo(BEARER_FROM_ENV);
            assertThat(server.path("timeout").asInt()).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
            assertThat(server.has("command")).isFalse();
            assertThat(title(agent, "Gemini CLI over HTTP")).contains("export COUNTERSIGN_TOKEN=\"$(cat /tmp/t/coder.token)\"");
        }

        @Test
        void copilotCliAddLineKeepsTheVariableUnexpandedForCopilotToRead() {
            Agent agent = withFileAndUrl();
            String line = text(agent, "Copilot CLI over HTTP");
            assertThat(line).startsWith("copilot mcp add countersign --transport http --timeout "
                    + ClientSnippets.TOOL_TIMEOUT_MS + " ");
            // Single-quoted, so the shell that runs the line does not put the token into the file.
            assertThat(line).contains("--header 'Authorization: " + BEARER_FROM_ENV + "'")
                    .endsWith(" http://localhost:9911/mcp");
            assertThat(title(agent, "Copilot CLI over HTTP")).contains("export COUNTERSIGN_TOKEN=");
        }

        @Test
        void opencodeReadsTheTokenWithItsOwnEnvSyntax() throws Exception {
            Agent agent = withFileAndUrl();
            JsonNode config = JSON.readTree(text(agent, "opencode over HTTP"));
            assertThat(config.path("$schema").asText()).isEqualTo("https://opencode.ai/config.json");
            JsonNode server = config.at("/mcp/countersign");
            assertThat(server.path("type").asText()).isEqualTo("remote");
            assertThat(server.path("url").asText()).isEqualTo("http://localhost:9911/mcp");
            assertThat(server.at("/headers/Authorization").asText()).isEqualTo("Bearer {env:COUNTERSIGN_TOKEN}");
            assertThat(server.path("enabled").asBoolean()).isTrue();
            assertThat(server.path("timeout").asInt()).isEqualTo(ClientSnippets.TOOL_TIMEOUT_MS);
        }

        @Test
        void theBridgeFormOfEachCliComesBeforeItsHttpForm() {
            List<String> titles = AgentCliSnippets.snippets(agent(AWKWARD), "t").stream().map(Snippet::title).toList();
            for (String cli : List.of("Codex CLI", "Gemini CLI", "Copilot CLI", "opencode")) {
                int bridge = titles.indexOf(titles.stream().filter(t -> t.startsWith(cli + " (")).findFirst().orElseThrow());
                int http = titles.indexOf(titles.stream().filter(t -> t.startsWith(cli + " over HTTP")).findFirst()
                        .orElseThrow());
                assertThat(bridge).as(cli).isLessThan(http);
            }
        }
    }

    @Test
    void noAgentCliConfigCarriesTheToken() {
        for (Agent agent : List.of(agent(AWKWARD), withFileAndUrl())) {
            List<Snippet> clis = AgentCliSnippets.snippets(agent, "/tmp/t/coder.token");
            assertThat(clis).hasSize(8);
            assertThat(clis).allSatisfy(s -> assertThat(s.title() + s.text()).doesNotContain(TOKEN));
        }
    }

    @Test
    void theAppsConnectViewShowsTheSameAgentCliConfigs() {
        AgentRegistry.IssuedToken issued = new AgentRegistry.IssuedToken("coder", TOKEN);
        List<String> shown = ConnectModel.snippets(issued, URI.create("http://127.0.0.1:7475/mcp"), AWKWARD).stream()
                .map(s -> s.title() + "\n" + s.text()).toList();
        List<String> printed = AgentCliSnippets.snippets(agent(AWKWARD), "<home>/tokens/coder.token").stream()
                .map(s -> s.title() + "\n" + s.text()).toList();
        assertThat(shown).containsAll(printed);
    }
}
