package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.app.windows.AgentRegistry;
import dev.countersign.app.shell.MapAgents;
import dev.countersign.core.Json;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectAndActivityModelTest {
    @Nested
    class Connect {
        final MapAgents agents = new MapAgents();
        final ConnectModel model = new ConnectModel(agents);

        @Test
        void issuingATokenAddsTheAgent() {
            Result<AgentRegistry.IssuedToken> r = model.issue("  claude-code ");
            assertThat(r.isOk()).isTrue();
            assertThat(r.value().get().name()).isEqualTo("claude-code");
            assertThat(agents.has("claude-code")).isTrue();
            assertThat(r.value().get().toString()).doesNotContain(r.value().get().token());
        }

        @Test
        void aBadOrTakenNameIsRefusedWithAReason() {
            assertThat(model.issue("Claude Code").problem()).contains("lowercase");
            model.issue("claude");
            assertThat(model.issue("claude").problem()).contains("exists");
        }

        @Test
        void snippetsAreTheCliOnesBridgeFirstWithTheTokenOutOfCommittedFiles() throws Exception {
            List<ConnectModel.Snippet> s = ConnectModel.snippets(new AgentRegistry.IssuedToken("claude", "cs_tok"),
                    URI.create("http://127.0.0.1:7475/mcp"), "/opt/countersign/countersign");
            JsonNode desktop = Json.mapper().readTree(s.get(0).text());
            assertThat(desktop.at("/mcpServers/countersign/command").asText()).isEqualTo("/opt/countersign/countersign");
            assertThat(desktop.at("/mcpServers/countersign/args").toString())
                    .isEqualTo("[\"mcp-stdio\",\"--agent\",\"claude\"]");
            assertThat(s.get(0).text()).doesNotContain("cs_tok");
            ConnectModel.Snippet generic = s.get(s.size() - 1);
            JsonNode http = Json.mapper().readTree(generic.text());
            assertThat(http.at("/mcpServers/countersign/url").asText()).isEqualTo("http://127.0.0.1:7475/mcp");
            assertThat(http.at("/mcpServers/countersign/headers/Authorization").asText())
                    .isEqualTo("Bearer ${COUNTERSIGN_TOKEN}");
            assertThat(s).filteredOn(x -> x.text().contains("cs_tok")).extracting(ConnectModel.Snippet::title)
                    .allMatch(title -> title.startsWith("Claude Code over HTTP"));
        }
    }

    @Nested
    class Activity {
        @Test
        void statusColoursAreGreenOnlyWithEvidence() {
            assertThat(ActivityModel.tone("confirmed")).isEqualTo("cs-status-ok");
            assertThat(ActivityModel.tone("unknown")).isEqualTo("cs-status-warn");
            assertThat(ActivityModel.tone("rejected")).isEqualTo("cs-status-bad");
            assertThat(ActivityModel.tone("failed")).isEqualTo("cs-status-bad");
        }

        @Test
        void aMissingAuditLogIsNotBroken(@TempDir Path dir) {
            assertThat(ActivityModel.auditHealth(dir.resolve("audit.jsonl")).tone()).isEqualTo("cs-status-muted");
        }
    }
}
