package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.audit.AuditVerification;
import dev.countersign.audit.AuditVerifier;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit log's file system fills while an agent acts, then has room again: a real
 * {@code countersign serve} whose file-size limit (RLIMIT_FSIZE, set on the running process with
 * {@code prlimit}, no root needed) is lowered to the log's current size, so the kernel refuses the
 * next write exactly as a full disk would (EFBIG instead of ENOSPC), and later raised again.
 * The target is a GTK window whose check box prints every change it shows, counted apart from
 * Countersign. The agent is hostile in the way that matters here: it keeps a ref it observed while
 * the log was writable and acts on it after the log stopped taking records.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class FullDiskDesktopTest {
    private static final String CODE = "AUDIT_UNWRITABLE";
    @TempDir
    Path dir;

    @Test
    void noActIsDispatchedWithoutItsRecordAndServeRecoversWithoutRestart(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchScript("Toggle Log", "/dev/countersign/app/toggle_log.py");
        Path home = dir.resolve("home");
        String token = ServeChild.token(home, "filler");
        try (ServeChild serve = ServeChild.start(home, "full-disk")) {
            McpSyncClient agent = serve.agent(token);
            long pid = serve.process.pid();

            // Writable: each click is shown by the app and recorded.
            for (int i = 0; i < 3; i++) {
                assertThat(act(agent, observeRef(agent, form))).containsEntry("status", "confirmed");
            }
            assertThat(toggles(form)).isEqualTo(3);

            // The disk fills: the next byte the log writes is refused by the kernel. Two refs kept
            // from observations made while it was writable, both still fresh.
            String first = observeRef(agent, form);
            String second = observeRef(agent, form);
            prlimit(pid, Files.size(serve.auditFile()) + ":unlimited");
            // The log looked writable when this act started; its intent is the write that fails.
            assertThat(act(agent, first)).containsEntry("code", CODE);
            assertThat(ServeChild.call(agent, "computer_evidence", Map.of())).containsEntry("audit_log", "unwritable");
            // Now the log is known unwritable: the act is refused before anything starts.
            assertThat(act(agent, second)).containsEntry("code", CODE);
            assertThat(ServeChild.call(agent, "computer_observe", Map.of("app", "" + form.pid())))
                    .containsEntry("code", CODE);
            Thread.sleep(300);
            assertThat(toggles(form)).as("nothing was dispatched while the log could not be written").isEqualTo(3);

            // Room again: the next call resumes the log, in the same process.
            prlimit(pid, "unlimited:unlimited");
            assertThat(act(agent, observeRef(agent, form))).containsEntry("status", "confirmed");
            assertThat(ServeChild.call(agent, "computer_evidence", Map.of())).doesNotContainKey("audit_log");
            assertThat(serve.process.isAlive()).isTrue();
            assertThat(serve.process.pid()).isEqualTo(pid);
            assertThat(TestDesktop.eventually(Duration.ofSeconds(2), () -> toggles(form) == 4)).isTrue();
        }

        List<JsonNode> records = RunningApp.records(home.resolve("audit").resolve("audit.jsonl"));
        AuditVerification verified = AuditVerifier.verify(home.resolve("audit").resolve("audit.jsonl"));
        assertThat(verified.ok()).as(verified.summary()).isTrue();
        assertThat(verified.intentsWithoutOutcome()).isEmpty();
        assertThat(kinds(records, "log_resumed")).hasSize(1);
        // Every change the app showed has its intent, fsynced before dispatch, and its receipt after.
        List<JsonNode> intents = kinds(records, "intent");
        assertThat(intents).hasSize(toggles(form));
        Set<String> receipted = kinds(records, "receipt").stream().filter(r -> !"rejected".equals(r.path("data")
                .path("status").asText())).map(r -> r.path("data").path("action_id").asText()).collect(Collectors.toSet());
        assertThat(intents.stream().map(r -> r.path("data").path("action_id").asText())).allMatch(receipted::contains);
        assertThat(records).allMatch(r -> r.path("at").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"));
    }

    private static List<JsonNode> kinds(List<JsonNode> records, String kind) {
        return records.stream().filter(r -> kind.equals(r.path("kind").asText())).toList();
    }

    private static String observeRef(McpSyncClient agent, TestDesktop.TargetApp form) {
        return ServeChild.ref(agent, form, "Remember me");
    }

    private static Map<String, Object> act(McpSyncClient agent, String ref) {
        return ServeChild.call(agent, "computer_act", Map.of("ref", ref, "op", "click"));
    }

    private static int toggles(TestDesktop.TargetApp app) {
        return ServeChild.toggles(app);
    }

    /** Sets the soft:hard file-size limit of process {@code pid} (this user's own process; no root). */
    private static void prlimit(long pid, String limits) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("prlimit", "--pid", Long.toString(pid), "--fsize=" + limits)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as("prlimit: " + out).isZero();
    }
}
