package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.approval.Decision;
import dev.countersign.core.Json;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The interop suite: real third-party MCP clients, installed from npm at pinned versions
 * ({@code scripts/interop/package-lock.json}), each run through one scenario against the real
 * endpoint on the private desktop — connect, list tools, observe a yad form, a confirmed act, three
 * error paths whose code and hint the client must surface, an image, a cancelled approval, and 30
 * connect/disconnect cycles; the agent CLIs instead take what {@code agent add} printed and run
 * one tool loop against a stand-in for their model API ({@code agentcli-scenario.mjs}). A client
 * that cannot be installed fails here; nothing is skipped.
 * The outcome is also checked from outside: the Delete button's side effect never happened.
 * Each run writes {@code target/interop/works-with.md}, the README's "Works with" table.
 */
@Tag("desktop")
@Tag("interop")
@ExtendWith(TestDesktopExtension.class)
class InteropDesktopTest {
    static final Path INTEROP = Path.of("scripts", "interop").toAbsolutePath();
    static final Path OUT = Path.of("target", "interop").toAbsolutePath();
    /** The person in this suite denies whatever they are asked after three seconds. */
    static final Duration PERSON_DENIES_AFTER = Duration.ofSeconds(3);

    /**
     * The clients that run what {@code agent add} printed (each gets its agent that way) and one
     * tool loop against a stand-in for their model API; they cancel nothing, so nothing is withdrawn.
     */
    static final Set<String> PRINTED_CONFIG = Set.of("claude-code", "codex", "codex-http", "gemini", "gemini-http",
            "copilot", "copilot-http", "opencode", "opencode-http");

    @TempDir
    Path home;

    @BeforeAll
    static void installTheClients() throws Exception {
        Files.createDirectories(OUT);
        Path installed = INTEROP.resolve("node_modules").resolve(".package-lock.json");
        Path lock = INTEROP.resolve("package-lock.json");
        if (Files.exists(installed) && Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lock)) >= 0
                && Files.isExecutable(node())) {
            return;
        }
        long started = System.nanoTime();
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(INTEROP.toFile())
                .redirectErrorStream(true).redirectOutput(OUT.resolve("npm-ci.log").toFile()).start();
        assertThat(npm.waitFor(10, TimeUnit.MINUTES)).as("npm ci finished in 10 minutes").isTrue();
        assertThat(npm.exitValue()).as("npm ci (see %s): %s", OUT.resolve("npm-ci.log"),
                Files.readString(OUT.resolve("npm-ci.log"))).isZero();
        assertThat(node()).as("Node 22 from the npm package 'node'").isExecutable();
        Files.writeString(OUT.resolve("npm-ci.ms"), Long.toString((System.nanoTime() - started) / 1_000_000));
    }

    @AfterAll
    static void writeTheWorksWithTable() throws IOException {
        WorksWith.write(OUT);
    }

    static Path node() {
        return INTEROP.resolve("node_modules").resolve(".bin").resolve("node");
    }

    @Test
    void typescriptSdk1OverHttp(TestDesktop desktop) throws Exception {
        scenario(desktop, "sdk1-http", "sdk-scenario.mjs", "sdk1", "http");
    }

    @Test
    void typescriptSdk1OverTheBridge(TestDesktop desktop) throws Exception {
        scenario(desktop, "sdk1-bridge", "sdk-scenario.mjs", "sdk1", "bridge");
    }

    @Test
    void typescriptSdk2OverHttp(TestDesktop desktop) throws Exception {
        scenario(desktop, "sdk2-http", "sdk-scenario.mjs", "sdk2", "http");
    }

    /** The 2.x client pinned to MCP 2026-07-28: server/discover, _meta on every request, no session. */
    @Test
    void typescriptSdk2In2026Mode(TestDesktop desktop) throws Exception {
        scenario(desktop, "sdk2-http-2026", "sdk-scenario.mjs", "sdk2", "http", "2026");
    }

    @Test
    void typescriptSdk2OverTheBridge(TestDesktop desktop) throws Exception {
        scenario(desktop, "sdk2-bridge", "sdk-scenario.mjs", "sdk2", "bridge");
    }

    @Test
    void mcpRemote(TestDesktop desktop) throws Exception {
        scenario(desktop, "mcp-remote", "sdk-scenario.mjs", "sdk1", "mcp-remote");
    }

    @Test
    void inspectorCli(TestDesktop desktop) throws Exception {
        scenario(desktop, "inspector-cli", "inspector-scenario.mjs");
    }

    @Test
    void claudeCode(TestDesktop desktop) throws Exception {
        scenario(desktop, "claude-code", "claude-scenario.mjs");
    }

    /** The Vercel AI SDK's MCP client on its defaults, discovery on: it finds MCP 2026-07-28 and speaks it. */
    @Test
    void vercelAiSdkWithDiscoveryOn(TestDesktop desktop) throws Exception {
        scenario(desktop, "ai-sdk", "aisdk-scenario.mjs", "discovery");
    }

    /** The same client with discovery off: a 2025-11-25 session, as a client of that revision has. */
    @Test
    void vercelAiSdkWithDiscoveryOff(TestDesktop desktop) throws Exception {
        scenario(desktop, "ai-sdk-legacy", "aisdk-scenario.mjs", "legacy");
    }

    /**
     * An agent CLI with the config {@code agent add} printed for it, in one tool loop against a
     * loopback stand-in for its model API ({@code agentcli-scenario.mjs}): Codex CLI, Gemini CLI,
     * Copilot CLI (offline) and opencode, each through the bridge and over HTTP with the token in
     * the environment.
     */
    @ParameterizedTest
    @ValueSource(strings = {"codex", "codex-http", "gemini", "gemini-http", "copilot", "copilot-http", "opencode",
            "opencode-http"})
    void agentCli(String cli, TestDesktop desktop) throws Exception {
        scenario(desktop, cli, "agentcli-scenario.mjs", cli);
    }

    /**
     * What {@code countersign agent add} prints for this endpoint, run in a child JVM as a person
     * would, with a launcher script standing in for {@code ./countersign}.
     */
    private String printed(String agent, int port) throws Exception {
        Path launcher = home.resolve("countersign");
        List<String> jvm = new ArrayList<>(ChildJvm.jvmArgs(home, "launcher"));
        StringBuilder script = new StringBuilder("#!/bin/sh\nexec ").append(shell(ChildJvm.java()));
        for (String arg : jvm) {
            script.append(' ').append(shell(arg));
        }
        Files.writeString(launcher, script.append(" \"$@\"\n").toString());
        launcher.toFile().setExecutable(true);
        List<String> add = new ArrayList<>(List.of(ChildJvm.java(), "-Dcountersign.launcher=" + launcher));
        add.addAll(jvm);
        add.addAll(List.of("agent", "add", agent, "--port", Integer.toString(port)));
        Process cli = new ProcessBuilder(add).redirectErrorStream(true).start();
        String out = new String(cli.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(cli.waitFor()).as(out).isZero();
        return out;
    }

    private static String shell(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    private void scenario(TestDesktop desktop, String name, String script, String... args) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("interop", "secret");
        TestDesktop.TargetApp cleanup = desktop.launchDeleteForm();
        ScheduledExecutorService person = Executors.newSingleThreadScheduledExecutor();
        try (EndpointFixture fx = new EndpointFixture(home, EndpointConfig.defaults().withPort(0)
                .withSocket(home.resolve(LocalSocket.NAME)), desktop.backend())) {
            person.scheduleAtFixedRate(() -> fx.approver.answerOlderThan(PERSON_DENIES_AFTER, Decision.DENY),
                    200, 200, TimeUnit.MILLISECONDS);
            String agent = name;
            List<String> snippets = List.of();
            String printed = "";
            String token;
            if (PRINTED_CONFIG.contains(name)) {
                printed = printed(agent, fx.endpoint.port());
                snippets = printed.lines().map(String::strip).filter(l -> l.startsWith("claude mcp add")).toList();
                assertThat(snippets).as(printed).hasSize(3);
                token = Files.readString(home.resolve("tokens").resolve(agent + ".token")).strip();
            } else {
                token = fx.token(agent);
            }
            Secrets.ownerOnlyDirectory(home.resolve("tokens"));
            Path tokenFile = home.resolve("tokens").resolve(agent + ".token");
            if (!Files.exists(tokenFile)) {
                Secrets.writeOwnerOnly(tokenFile, token);
            }
            List<String> bridge = new ArrayList<>();
            bridge.add(ChildJvm.java());
            bridge.addAll(ChildJvm.jvmArgs(home, "bridge-" + name));
            // No --url: the bridge dials the socket in the home folder, as it does for a person.
            bridge.addAll(List.of("mcp-stdio", "--agent", agent));

            Path report = OUT.resolve(name + ".json");
            Files.deleteIfExists(report);
            Files.deleteIfExists(OUT.resolve(name + "-model.log"));
            List<String> command = new ArrayList<>(List.of(node().toString(), INTEROP.resolve(script).toString()));
            command.addAll(List.of(args));
            ProcessBuilder run = new ProcessBuilder(command).directory(INTEROP.toFile()).redirectErrorStream(true)
                    .redirectOutput(OUT.resolve(name + ".log").toFile());
            run.environment().putAll(Map.of("CS_URL", fx.uri().toString(), "CS_TOKEN", token,
                    "CS_BRIDGE", Json.mapper().writeValueAsString(bridge),
                    "CS_FORM_PID", Long.toString(form.pid()), "CS_DELETE_PID", Long.toString(cleanup.pid()),
                    "CS_REPORT", report.toString(), "CS_SNIPPETS", Json.mapper().writeValueAsString(snippets),
                    "CS_PRINTED", printed, "CS_STANDIN_LOG", OUT.resolve(name + "-model.log").toString()));
            Process client = run.start();
            boolean ended = client.waitFor(6, TimeUnit.MINUTES);
            if (!ended) {
                client.destroyForcibly();
            }
            String log = Files.readString(OUT.resolve(name + ".log"));
            assertThat(ended).as("the %s scenario ended in 6 minutes; log:%n%s", name, log).isTrue();
            assertThat(report).as("the %s scenario wrote its report; log:%n%s", name, log).exists();
            JsonNode result = Json.mapper().readTree(report.toFile());
            assertThat(result.path("failures")).as("%s failed checks: %s%nlog:%n%s", name, result.toPrettyString(), log)
                    .isEmpty();
            assertThat(client.exitValue()).isZero();

            // From outside Countersign: the denied and the cancelled Delete never ran.
            assertThat(cleanup.dir().resolve("deleted")).doesNotExist();
            if (!PRINTED_CONFIG.contains(name)) {
                assertThat(fx.approver.withdrawn).as("the cancelled approval was withdrawn from the person").isNotEmpty();
            }
            assertThat(fx.auditLines()).noneMatch(l -> l.contains("\"kind\":\"approval_allowed\""));
        } finally {
            person.shutdownNow();
        }
    }
}
