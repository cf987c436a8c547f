package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.countersign.server.AgentDirectory;
import dev.countersign.server.ChildJvm;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real {@code countersign serve --headless} child process on this test's display, with its own
 * home, and MCP agents of its endpoint. Closing it sends SIGTERM (a clean stop) and closes the agents.
 */
final class ServeChild implements AutoCloseable {
    final Path home;
    final Process process;
    final int port;
    private final List<McpSyncClient> clients = new ArrayList<>();

    private ServeChild(Path home, Process process, int port) {
        this.home = home;
        this.process = process;
        this.port = port;
    }

    /** A token for a new agent {@code name}, issued in {@code home} before serve starts (as {@code agent add}). */
    static String token(Path home, String name) throws IOException {
        Files.createDirectories(home);
        return new AgentDirectory(home.resolve("agents.json"), Clock.systemUTC(), new SecureRandom()).add(name).token();
    }

    /** Starts serve with {@code home}; returns once it printed where it listens. */
    static ServeChild start(Path home, String logName) throws IOException {
        Files.createDirectories(home);
        List<String> command = new ArrayList<>();
        command.add(ChildJvm.java());
        command.addAll(ChildJvm.jvmArgs(home, logName));
        command.addAll(List.of("serve", "--port", "0", "--headless"));
        Path err = home.resolveSibling(home.getFileName() + "-" + logName + ".err");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        if (first == null) {
            fail("serve stopped before it listened: " + Files.readString(err));
        }
        Matcher url = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/mcp").matcher(first);
        assertThat(url.find()).as(first).isTrue();
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // keep the pipe empty
                }
            } catch (IOException e) {
                // the process ended
            }
        }, logName + "-stdout");
        drain.setDaemon(true);
        drain.start();
        return new ServeChild(home, p, Integer.parseInt(url.group(1)));
    }

    McpSyncClient agent(String token) {
        McpSyncClient c = HeadlessServed.client(port, token);
        clients.add(c);
        return c;
    }

    /** The call's body: its structured content, or the JSON of an error's text. */
    static Map<String, Object> call(McpSyncClient agent, String tool, Map<String, Object> args) {
        return dev.countersign.server.Results.body(agent.callTool(new McpSchema.CallToolRequest(tool, args)));
    }

    /** The ref of the element named {@code name} in a fresh observation of {@code app}. */
    static String ref(McpSyncClient agent, dev.countersign.desktop.TestDesktop.TargetApp app, String name) {
        Map<String, Object> seen = call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) seen.get("nodes");
        assertThat(nodes).as("%s", seen).isNotNull();
        return nodes.stream().filter(n -> name.equals(n.get("name"))).map(n -> (String) n.get("ref"))
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " in " + seen));
    }

    /** How many changes of its check box the toggle_log.py app showed (it prints each). */
    static int toggles(dev.countersign.desktop.TestDesktop.TargetApp app) {
        try {
            return (int) app.output().lines().filter(l -> l.startsWith("toggled")).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    Path auditFile() {
        return home.resolve("audit").resolve("audit.jsonl");
    }

    /** Stops serve with SIGTERM and waits for it. */
    void stop() throws InterruptedException {
        for (McpSyncClient c : clients) {
            try {
                c.closeGracefully();
            } catch (RuntimeException e) {
                // serve may have gone already
            }
        }
        clients.clear();
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
