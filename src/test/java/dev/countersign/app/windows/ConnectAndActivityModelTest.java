package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.app.windows.AgentRegistry;
import dev.countersign.app.shell.MapAgents;
import dev.countersign.core.Json;
import dev.countersign.driver.Receipt;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
        void snippetsCarryTheUrlAndTokenAndParse() throws Exception {
            List<ConnectModel.Snippet> s = ConnectModel.snippets(new AgentRegistry.IssuedToken("claude", "cs_tok"),
                    URI.create("http://127.0.0.1:7475/mcp"), "/opt/countersign/countersign");
            assertThat(s).hasSize(3);
            JsonNode http = Json.mapper().readTree(s.get(0).text());
            assertThat(http.at("/mcpServers/countersign/url").asText()).isEqualTo("http://127.0.0.1:7475/mcp");
            assertThat(http.at("/mcpServers/countersign/headers/Authorization").asText()).isEqualTo("Bearer cs_tok");
            assertThat(s.get(1).text()).startsWith("claude mcp add --transport http countersign http://127.0.0.1:7475/mcp");
            JsonNode stdio = Json.mapper().readTree(s.get(2).text());
            assertThat(stdio.at("/mcpServers/countersign/args").toString()).isEqualTo("[\"mcp-stdio\",\"--agent\",\"claude\"]");
            assertThat(s.get(2).text()).doesNotContain("cs_tok");
        }
    }

    @Nested
    class Activity {
        static ActivityFeed.Entry entry(String agent, String status, int second) {
            Receipt r = new Receipt("r" + second, "a" + second, status, "rejected".equals(status) ? "APPROVAL_DENIED" : null,
                    "detail", null, new Receipt.VerificationView("verified", "checked"),
                    new Receipt.ApprovalView(true, "delete", "denied", "2025-05-01T10:00:00Z"), null, "element",
                    Map.of("total", 12L));
            return new ActivityFeed.Entry(Instant.parse("2025-05-01T10:00:00Z").plusSeconds(second), agent, r);
        }

        final List<ActivityFeed.Entry> all = List.of(entry("claude", "confirmed", 3), entry("cursor", "rejected", 2),
                entry("claude", "unknown", 1));

        @Test
        void filtersByAgentAndStatus() {
            assertThat(ActivityModel.filter(all, "claude", ActivityModel.ALL)).hasSize(2);
            assertThat(ActivityModel.filter(all, ActivityModel.ALL, "rejected")).singleElement()
                    .extracting(ActivityFeed.Entry::agent).isEqualTo("cursor");
            assertThat(ActivityModel.filter(all, "claude", "rejected")).isEmpty();
            assertThat(ActivityModel.filter(all, ActivityModel.ALL, ActivityModel.ALL)).isEqualTo(all);
        }

        @Test
        void statusColoursAreGreenOnlyWithEvidence() {
            assertThat(ActivityModel.tone("confirmed")).isEqualTo("cs-status-ok");
            assertThat(ActivityModel.tone("unknown")).isEqualTo("cs-status-warn");
            assertThat(ActivityModel.tone("rejected")).isEqualTo("cs-status-bad");
            assertThat(ActivityModel.tone("failed")).isEqualTo("cs-status-bad");
        }

        @Test
        void theDetailNamesApprovalVerificationAndTimings() {
            String d = ActivityModel.detail(entry("cursor", "rejected", 2));
            assertThat(d).contains("APPROVAL_DENIED", "required, delete, denied", "verified \u2014 checked", "total 12 ms");
        }

        @Test
        void aMissingAuditLogIsNotBroken(@TempDir Path dir) {
            assertThat(ActivityModel.auditHealth(dir.resolve("audit.jsonl")).tone()).isEqualTo("cs-status-muted");
        }
    }
}
