package dev.countersign.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.audit.AuditVerifier;
import dev.countersign.server.ChildJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code countersign serve} as a person runs it: a process that serves until SIGTERM, then stops cleanly. */
@Tag("slow")
class ServeProcessTest {
    @TempDir
    Path home;

    @Test
    void serveAnswersOnLoopbackAndStopsOnSigterm() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ChildJvm.java());
        command.addAll(ChildJvm.jvmArgs(home, "serve-child"));
        command.addAll(List.of("serve", "--port", "0"));
        Process serve = new ProcessBuilder(command).redirectError(home.resolve("serve.err").toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertThat(first).as("first line of serve").isNotNull();
            Matcher url = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+/mcp)").matcher(first);
            assertThat(url.find()).as(first).isTrue();
            HttpResponse<String> anonymous = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url.group(1))).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            List<String> report = new ArrayList<>();
            for (String line = out.readLine(); line != null && !line.startsWith("Stop with"); line = out.readLine()) {
                report.add(line);
            }
            assertThat(report).contains("approver: " + ServeCommand.APPROVER_NOTE);
        } finally {
            serve.destroy();
        }
        assertThat(serve.waitFor(20, TimeUnit.SECONDS)).as("serve exits on SIGTERM").isTrue();
        assertThat(Files.readString(home.resolve("serve.err"))).doesNotContain("not in this build", "--approver");
        List<String> audit = Files.readAllLines(home.resolve("audit/audit.jsonl"));
        assertThat(audit.get(0)).contains("\"kind\":\"server_started\"");
        assertThat(audit.get(audit.size() - 1)).contains("\"kind\":\"server_stopped\"");
        assertThat(AuditVerifier.verify(home.resolve("audit/audit.jsonl")).ok()).isTrue();
        // Everything serve made in the home folder is the person's alone.
        for (String dir : List.of("", "audit", "audit/inbox", "tokens", "checkpoints")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve(dir))))
                    .as(dir).isEqualTo("rwx------");
        }
        // Every record's time has milliseconds, in one fixed width.
        assertThat(audit).allMatch(line -> line.matches(".*\"at\":\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\".*"));
    }
}
