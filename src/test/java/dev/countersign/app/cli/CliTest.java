package dev.countersign.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.app.CliRun;
import dev.countersign.app.Home;
import dev.countersign.approval.HeadlessApprover;
import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.audit.Redactor;
import dev.countersign.core.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, run in-process against a temporary home folder. */
class CliTest {
    @TempDir
    Path home;

    static String tokenIn(String text) {
        Matcher m = Redactor.COUNTERSIGN_TOKEN.matcher(text);
        assertThat(m.find()).as("a token in: %s", text).isTrue();
        return m.group();
    }

    @Nested
    class Agents {
        @Test
        void snippetsFollowTheTokenFileAndThePortTheAgentWasAddedWith() throws Exception {
            Path file = home.resolve("elsewhere.token");
            CliRun run = CliRun.run(home, "agent", "add", "cursor", "--token-file", file.toString(), "--port", "9911");
            assertThat(run.exit).as(run.toString()).isZero();
            assertThat(run.out).contains("\"args\": [\"mcp-stdio\", \"--agent\", \"cursor\", \"--token-file\", \""
                    + file.toAbsolutePath() + "\"]")
                    .contains("claude mcp add --transport http countersign http://127.0.0.1:9911/mcp")
                    .doesNotContain(":7475");
            assertThat(file).exists();
        }

        @Test
        void addPrintsTheTokenOnceWithClientConfigsAndKeepsOnlyItsHash() throws Exception {
            CliRun run = CliRun.run(home, "agent", "add", "claude");
            assertThat(run.exit).as(run.toString()).isZero();
            String token = tokenIn(run.out);
            assertThat(run.out).contains("claude mcp add --transport http countersign http://127.0.0.1:7475/mcp "
                    + "--header 'Authorization: Bearer " + token + "'")
                    .contains("claude mcp add-json countersign '{\"type\":\"http\",\"url\":\"http://127.0.0.1:7475/mcp\"")
                    .contains("claude mcp add countersign -- countersign mcp-stdio --agent claude")
                    .contains("\"args\": [\"mcp-stdio\", \"--agent\", \"claude\"]")
                    .contains("\"type\": \"http\", \"url\": \"http://127.0.0.1:7475/mcp\", "
                            + "\"headers\": {\"Authorization\": \"Bearer ${COUNTERSIGN_TOKEN}\"}");
            assertThat(run.out.indexOf("Claude Desktop")).as("the bridge form comes first")
                    .isLessThan(run.out.indexOf("over HTTP"));
            assertThat(run.out.lines().filter(l -> l.contains(".vscode/mcp.json") || l.contains(".cursor/mcp.json")
                    || l.contains(".mcp.json"))).hasSize(3);
            assertThat(Files.readString(home.resolve("agents.json"))).doesNotContain(token).contains("claude");
            Path tokenFile = home.resolve("tokens/claude.token");
            assertThat(Files.readString(tokenFile).strip()).isEqualTo(token);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home))).isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("tokens"))))
                    .isEqualTo("rwx------");
        }

        @Test
        void aSecondAgentWithTheSameNameIsRefused() {
            CliRun.run(home, "agent", "add", "claude");
            CliRun again = CliRun.run(home, "agent", "add", "claude");
            assertThat(again.exit).isEqualTo(2);
            assertThat(again.err).contains("exists");
        }

        @Test
        void aBadNameIsRefused() {
            CliRun run = CliRun.run(home, "agent", "add", "../etc");
            assertThat(run.exit).isEqualTo(2);
            assertThat(home.resolve("tokens")).isEmptyDirectory();
        }

        @Test
        void listShowsNamesButNeverTokens() {
            String token = tokenIn(CliRun.run(home, "agent", "add", "claude").out);
            CliRun.run(home, "agent", "add", "cursor");
            CliRun list = CliRun.run(home, "agent", "list");
            assertThat(list.out).contains("claude").contains("cursor").doesNotContain(token);
        }

        @Test
        void removeRevokesAndDeletesTheTokenFile() {
            CliRun.run(home, "agent", "add", "claude");
            assertThat(CliRun.run(home, "agent", "remove", "claude").exit).isZero();
            assertThat(home.resolve("tokens/claude.token")).doesNotExist();
            assertThat(CliRun.run(home, "agent", "list").out).doesNotContain("claude ");
            assertThat(CliRun.run(home, "agent", "remove", "claude").exit).isEqualTo(1);
        }

        @Test
        void addAndRemoveAreAudited() throws Exception {
            CliRun.run(home, "agent", "add", "claude");
            CliRun.run(home, "agent", "remove", "claude");
            List<String> lines = Files.readAllLines(home.resolve("audit/audit.jsonl"));
            assertThat(lines).anyMatch(l -> l.contains("\"kind\":\"agent_added\""))
                    .anyMatch(l -> l.contains("\"kind\":\"agent_removed\""));
        }
    }

    @Nested
    class StdioBridgeTokens {
        @Test
        void aTokenFileOthersCanReadIsReportedAndRefused() throws Exception {
            CliRun.run(home, "agent", "add", "claude");
            Path tokenFile = home.resolve("tokens/claude.token");
            Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-r--r--"));
            CliRun run = CliRun.run(home, "mcp-stdio", "--agent", "claude");
            assertThat(run.exit).isEqualTo(2);
            assertThat(run.err).contains("rw-r--r--").contains("chmod 600");
            assertThat(run.out).isEmpty();
        }

        @Test
        void theTokenNeverTravelsToANonLoopbackUrl() {
            CliRun.run(home, "agent", "add", "claude");
            CliRun run = CliRun.run(home, "mcp-stdio", "--agent", "claude", "--url", "http://example.org:7475/mcp");
            assertThat(run.exit).isEqualTo(2);
            assertThat(run.err).contains("loopback");
            assertThat(run.out).isEmpty();
        }

        @Test
        void aMissingTokenFileSaysHowToGetOne() {
            CliRun run = CliRun.run(home, "mcp-stdio", "--agent", "nobody");
            assertThat(run.exit).isEqualTo(2);
            assertThat(run.err).contains("countersign agent add nobody");
            assertThat(run.out).isEmpty();
        }
    }

    @Nested
    class Audit {
        @Test
        void anIntactLogVerifies() {
            try (AuditLog log = AuditLog.open(home.resolve("a.jsonl"), Clock.systemUTC())) {
                log.append(AuditKind.RECEIPT, "claude", Map.of("status", "confirmed"));
                log.append(AuditKind.RECEIPT, "claude", Map.of("status", "unknown"));
            }
            CliRun run = CliRun.run(home, "audit", "verify", "--file", home.resolve("a.jsonl").toString());
            assertThat(run.exit).as(run.toString()).isZero();
            assertThat(run.out).contains("OK: 2 records");
        }

        @Test
        void aChangedRecordFailsAndNamesItsLine() throws Exception {
            Path file = home.resolve("a.jsonl");
            try (AuditLog log = AuditLog.open(file, Clock.systemUTC())) {
                log.append(AuditKind.RECEIPT, "claude", Map.of("status", "confirmed"));
                log.append(AuditKind.RECEIPT, "claude", Map.of("status", "failed"));
            }
            Files.writeString(file, Files.readString(file).replace("\"failed\"", "\"confirmed\""));
            CliRun run = CliRun.run(home, "audit", "verify", "--file", file.toString());
            assertThat(run.exit).isEqualTo(1);
            assertThat(run.out).contains("BROKEN").contains("line 2");
        }

        @Test
        void anActWhoseOutcomeNeverReachedTheLogIsReportedAsSuch() throws Exception {
            Path file = home.resolve("a.jsonl");
            try (AuditLog log = AuditLog.open(file, Clock.systemUTC())) {
                log.append(AuditKind.INTENT, "claude", Map.of("tool", "computer_act", "action_id", "act_done"));
                log.append(AuditKind.RECEIPT, "claude", Map.of("action_id", "act_done", "status", "confirmed"));
                log.append(AuditKind.INTENT, "claude", Map.of("tool", "computer_act", "action_id", "act_lost"));
            }
            CliRun run = CliRun.run(home, "audit", "verify", "--file", file.toString());
            assertThat(run.exit).as("the chain is intact").isZero();
            assertThat(run.out).contains("OK: 3 records", "intent without outcome", "seq 3 act_lost (claude)")
                    .doesNotContain("act_done");
            JsonNode json = Json.mapper().readTree(CliRun.run(home, "audit", "verify", "--json", "--file",
                    file.toString()).out);
            assertThat(json.path("intents_without_outcome").get(0).path("action_id").asText()).isEqualTo("act_lost");
        }

        @Test
        void anExportIsWrittenAndVerifiedAsOneFileAndAnEditInItIsNamed() throws Exception {
            Path file = home.resolve("a.jsonl");
            try (AuditLog log = AuditLog.open(file, Clock.systemUTC())) {
                log.append(AuditKind.RECEIPT, "claude", Map.of("status", "confirmed"));
                log.append(AuditKind.RECEIPT, "claude", Map.of("status", "failed"));
            }
            Path out = home.resolve("export.json");
            CliRun export = CliRun.run(home, "audit", "export", "--since", "1h", "--out", out.toString(),
                    "--file", file.toString());
            assertThat(export.exit).as(export.toString()).isZero();
            assertThat(export.out).contains("Wrote 2 records");
            CliRun intact = CliRun.run(home, "audit", "verify", out.toString());
            assertThat(intact.exit).as(intact.toString()).isZero();
            assertThat(intact.out).contains("OK: 2 records");

            Files.writeString(out, Files.readString(out).replace("\\\"failed\\\"", "\\\"confirmed\\\""));
            CliRun edited = CliRun.run(home, "audit", "verify", out.toString());
            assertThat(edited.exit).as(edited.toString()).isEqualTo(1);
            assertThat(edited.out).contains("changed_record");
        }

        @Test
        void anExportWithAnUnreadableSinceIsRefusedWithACodeAndWritesNothing() {
            Path out = home.resolve("export.json");
            CliRun run = CliRun.run(home, "audit", "export", "--since", "last tuesday", "--out", out.toString());
            assertThat(run.exit).isEqualTo(2);
            assertThat(run.err).contains("INVALID_ARGUMENT");
            assertThat(out).doesNotExist();
        }

        @Test
        void aMissingLogIsExitTwo() {
            assertThat(CliRun.run(home, "audit", "verify", "--file", home.resolve("none.jsonl").toString()).exit)
                    .isEqualTo(2);
        }
    }

    @Test
    void doctorReportsAsJson() throws Exception {
        CliRun run = CliRun.run(home, "doctor", "--json");
        assertThat(run.exit).isZero();
        JsonNode report = Json.mapper().readTree(run.out);
        assertThat(report.has("backend")).isTrue();
        assertThat(report.get("home").asText()).isEqualTo(home.toAbsolutePath().toString());
        assertThat(report.get("endpoint").asText()).isEqualTo("http://127.0.0.1:7475/mcp");
        assertThat(report.has("endpoint_status")).isTrue();
        assertThat(report.has("session")).isTrue();
    }

    @Test
    void everyCommandReadsTheOneSettingsFileTheSettingsWindowWrites() throws Exception {
        // Window-only fields next to the endpoint's: both kinds of reader take the whole file.
        Files.writeString(home.resolve("settings.json"), "{\"port\": 8123, \"lease_actions\": 5, \"theme\": \"dark\", "
                + "\"launch_at_login\": false, \"burst\": 40}");
        JsonNode report = Json.mapper().readTree(CliRun.run(home, "doctor", "--json").out);
        assertThat(report.get("endpoint").asText()).isEqualTo("http://127.0.0.1:8123/mcp");
        assertThat(report.has("settings")).as("the file is readable").isFalse();
        CliRun add = CliRun.run(home, "agent", "add", "claude");
        assertThat(add.exit).as(add.toString()).isZero();
        assertThat(add.out).contains("http://127.0.0.1:8123/mcp");
    }

    @Test
    void serveRefusesAMisspeltSettingsFieldBeforeStarting() throws Exception {
        Files.writeString(home.resolve("settings.json"), "{\"prot\": 8123}");
        CliRun run = CliRun.run(home, "serve", "--port", "0");
        assertThat(run.exit).as(run.toString()).isEqualTo(1);
        assertThat(run.err).contains("settings.json", "prot");
        assertThat(run.out).doesNotContain("serving agents");
    }

    @Test
    void helpListsEveryCommand() {
        CliRun run = CliRun.run(home, "--help");
        assertThat(run.out).contains("serve", "agent", "mcp-stdio", "doctor", "audit");
        assertThat(CliRun.run(home, "serve", "--help").out).contains("--port", "--headless", "--approver");
    }

    @Nested
    class WhoApproves {
        @Test
        void withNoCommandTheHelpSaysTheTrayWithADisplayAndServeHeadlessWithout() {
            String help = CliRun.run(home, "--help").out.replaceAll("\\s+", " "); // the help wraps lines
            assertThat(help).contains("the approval dialog and the tray icon", "no display",
                    "countersign serve --headless", "refuses every risky action")
                    .doesNotContain("not in this build");
        }

        @Test
        void aDisplayIsAlwaysThereOnMacOsAndIsDisplayElsewhere() {
            assertThat(CountersignCommand.hasDisplay(Map.of(), "Mac OS X")).isTrue();
            assertThat(CountersignCommand.hasDisplay(Map.of("DISPLAY", ":0"), "Linux")).isTrue();
            assertThat(CountersignCommand.hasDisplay(Map.of(), "Linux")).isFalse();
            assertThat(CountersignCommand.hasDisplay(Map.of("DISPLAY", ""), "Linux")).isFalse();
        }

        @Test
        void serveSaysItsOnlyApproverDeniesAndWhereTheDialogIs() {
            String help = CliRun.run(home, "serve", "--help").out.replaceAll("\\s+", " "); // the help wraps lines
            assertThat(help).contains("--approver=deny", "serve has one approver, deny", "Default: deny",
                    "the approval dialog runs", "with the tray app")
                    .doesNotContain("ui|deny", "not in this build");
            assertThat(ServeCommand.approver()).isInstanceOf(HeadlessApprover.class);
        }

        @Test
        void serveRefusesAskingForTheDialogInsteadOfQuietlyDenying() {
            CliRun run = CliRun.run(home, "serve", "--approver", "ui");
            assertThat(run.exit).as(run.toString()).isEqualTo(2);
            assertThat(run.err).contains("serve has no approval dialog", "tray app", "--approver deny");
            assertThat(run.out).doesNotContain("serving agents");
        }

        @Test
        void serveRefusesAnApproverItDoesNotHave() {
            CliRun run = CliRun.run(home, "serve", "--approver", "allow");
            assertThat(run.exit).as(run.toString()).isEqualTo(2);
            assertThat(run.err).contains("expected deny, got 'allow'");
        }
    }

    @Test
    void homeFollowsTheEnvironmentAndThePlatform() {
        assertThat(Home.resolve(Map.of("COUNTERSIGN_HOME", "/x/cs"), "Linux", "/home/a").root()).isEqualTo(Path.of("/x/cs"));
        assertThat(Home.resolve(Map.of("XDG_CONFIG_HOME", "/home/a/cfg"), "Linux", "/home/a").root())
                .isEqualTo(Path.of("/home/a/cfg/countersign"));
        assertThat(Home.resolve(Map.of(), "Linux", "/home/a").root()).isEqualTo(Path.of("/home/a/.config/countersign"));
        assertThat(Home.resolve(Map.of(), "Mac OS X", "/Users/a").root())
                .isEqualTo(Path.of("/Users/a/Library/Application Support/Countersign"));
    }
}
