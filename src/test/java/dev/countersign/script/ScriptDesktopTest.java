package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Decision;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.testkit.ScriptedApprover;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Scripts on the real test desktop through the real driver, including a restart of the whole process. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ScriptDesktopTest {
    static final String TICK = """
            var view = call_tool("computer_observe", {app: "PID"});
            var box = null;
            for (var i = 0; i < view.nodes.length; i++) {
              if (view.nodes[i].name === "Remember me") box = view.nodes[i];
            }
            var before = box.states || [];
            var receipt = call_tool("computer_act", {ref: box.ref, op: "click"});
            var again = call_tool("computer_observe", {app: "PID"});
            for (var j = 0; j < again.nodes.length; j++) {
              if (again.nodes[j].name === "Remember me") {
                return {final_result: {before: before, status: receipt.status, after: again.nodes[j].states}};
              }
            }
            """;
    static final String DELETE = """
            var view = call_tool("computer_observe", {app: "PID"});
            var del = null;
            for (var i = 0; i < view.nodes.length; i++) {
              if (view.nodes[i].name === "Delete") del = view.nodes[i];
            }
            try {
              var receipt = call_tool("computer_act", {ref: del.ref, op: "click"});
              return {final_result: {status: receipt.status, decision: receipt.approval.decision}};
            } catch (e) {
              return {final_result: {refused: e.code}};
            }
            """;

    @TempDir
    Path dir;
    final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    ScriptHost host(TestDesktop desktop, ScriptedApprover person) {
        ApprovalTap approvals = new ApprovalTap(person);
        ScriptHost host = new ScriptHost(ScriptChild.driver(desktop.backend(), approvals), approvals,
                new CodeRuntime(ScriptLimits.defaults()), new ScriptCheckpointStore(dir.resolve("checkpoints")),
                ScriptFaults.NONE, Duration.ofMillis(200));
        open.add(host);
        return host;
    }

    @Test
    void oneCallObservesFindsTheCheckBoxClicksItAndReturnsTheNewState(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");
        ScriptOutcome outcome = host(desktop, new ScriptedApprover()).run("agent-a",
                TICK.replace("PID", Long.toString(form.pid())), "tick");

        assertThat(outcome).isInstanceOf(ScriptOutcome.FinalResult.class);
        var value = ((ScriptOutcome.FinalResult) outcome).value();
        assertThat(value.get("before").toString()).doesNotContain("checked");
        assertThat(value.get("status").asText()).isEqualTo("confirmed");
        assertThat(value.get("after").toString()).contains("checked");
    }

    @Test
    void unknownArgumentsAreAToolErrorNamingThem(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        String script = "var v = call_tool(\"computer_observe\", {app: \"" + form.pid() + "\"});\n"
                + "try { call_tool(\"computer_act\", {ref: v.nodes[0].ref, op: \"click\", force: true}); }\n"
                + "catch (e) { return {final_result: e.code + ' ' + e.message}; }";
        ScriptOutcome outcome = host(desktop, new ScriptedApprover()).run("agent-a", script, "bad-args");
        assertThat(((ScriptOutcome.FinalResult) outcome).value().asText())
                .startsWith("INVALID_ARGUMENT").contains("'force'").contains("ref, op, text");
    }

    @Test
    void aDeleteSuspendsSurvivesAKilledProcessAndRunsOnceWhenAllowedAfterTheRestart(TestDesktop desktop)
            throws Exception {
        TestDesktop.TargetApp app = desktop.launchDeleteForm();
        String id = suspendInAChildProcessAndKillIt(app);
        assertThat(Files.exists(app.dir().resolve("deleted"))).as("nothing ran before the decision").isFalse();

        ScriptedApprover person = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ScriptOutcome outcome = host(desktop, person).resume("agent-a", id, Duration.ofSeconds(20));

        assertThat(outcome).isInstanceOf(ScriptOutcome.FinalResult.class);
        assertThat(((ScriptOutcome.FinalResult) outcome).value().get("decision").asText()).isEqualTo("allowed_once");
        assertThat(person.asked).as("asked again, once, in the new process").singleElement()
                .satisfies(r -> assertThat(r.category()).isEqualTo("delete"));
        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(app.dir().resolve("deleted"))))
                .isTrue();
        assertThat(Files.list(dir.resolve("checkpoints")).filter(p -> p.toString().endsWith(".script")))
                .as("the finished script leaves no checkpoint").isEmpty();
    }

    @Test
    void aDeleteDeniedAfterTheRestartIsAToolErrorTheScriptHandles(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp app = desktop.launchDeleteForm();
        String id = suspendInAChildProcessAndKillIt(app);

        ScriptOutcome outcome = host(desktop, ScriptedApprover.always(Decision.DENY))
                .resume("agent-a", id, Duration.ofSeconds(20));

        assertThat(((ScriptOutcome.FinalResult) outcome).value().get("refused").asText()).isEqualTo("APPROVAL_DENIED");
        Thread.sleep(300);
        assertThat(Files.exists(app.dir().resolve("deleted"))).isFalse();
    }

    @Test
    void theSuspendedScriptIsUnknownToAnotherAgent(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp app = desktop.launchDeleteForm();
        ScriptedApprover person = new ScriptedApprover();
        person.answer = r -> new CompletableFuture<>();
        ScriptHost host = host(desktop, person);
        ScriptOutcome suspended = host.run("agent-a", DELETE.replace("PID", Long.toString(app.pid())), "cleanup");
        String id = ((ScriptOutcome.Suspended) suspended).scriptId();

        ScriptOutcome other = host.resume("agent-b", id, Duration.ZERO);

        assertThat(((ScriptOutcome.HostFault) other).error().message()).contains("unknown script_id");
    }

    private String suspendInAChildProcessAndKillIt(TestDesktop.TargetApp app) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ScriptChild.class.getName(), dir.resolve("checkpoints").toString(), "agent-a",
                DELETE.replace("PID", Long.toString(app.pid())))
                .redirectError(dir.resolve("child.err").toFile()).start();
        try {
            CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> suspendedLine(child));
            String found = line.get(60, TimeUnit.SECONDS);
            assertThat(found).as("child stderr: " + Files.readString(dir.resolve("child.err"))).startsWith("SUSPENDED ");
            return found.substring("SUSPENDED ".length()).trim();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the child did not suspend; stderr: " + Files.readString(dir.resolve("child.err")), e);
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String suspendedLine(Process child) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l = out.readLine(); l != null; l = out.readLine()) {
                if (l.startsWith("SUSPENDED ") || l.startsWith("UNEXPECTED ")) {
                    return l;
                }
            }
            return "EOF";
        } catch (IOException e) {
            return "EOF " + e.getMessage();
        }
    }
}
