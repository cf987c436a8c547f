package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.countersign.server.AgentDirectory;
import dev.countersign.server.ChildJvm;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The second machine of a two-Countersign test: a second private desktop (scripts/desktop/up:
 * its own Xvfb, session bus and AT-SPI bus) with a real {@code countersign serve --runtime-port 0}
 * child process on it, its own home, its own apps. Only its two loopback ports and its runtime
 * socket are shared with the test, as an SSH-forwarded port or socket would be.
 */
public final class SecondMachine implements AutoCloseable {
    public final Path dir;
    public final Path home;
    final Map<String, String> env = new HashMap<>();
    final List<Process> apps = new ArrayList<>();
    Process serve;
    public URI agentEndpoint;
    public URI runtimeEndpoint;
    /** The runtime's socket in the second machine's home: what a governor's {@code ssh -L} forwards. */
    public Path runtimeSocket;
    private final List<McpSyncClient> clients = new ArrayList<>();

    public SecondMachine(Path dir) throws IOException, InterruptedException {
        this.dir = dir;
        this.home = dir.resolve("home");
        Files.createDirectories(home);
        script("up");
        for (String line : Files.readAllLines(dir.resolve("desktop.env"), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            env.put(line.substring(0, eq), line.substring(eq + 1));
        }
        assertThat(env.get("DISPLAY")).isNotEqualTo(System.getenv("DISPLAY"));
    }

    public String governorToken(String name) {
        return new AgentDirectory(home.resolve("governors.json"), Clock.systemUTC(), new SecureRandom()).add(name).token();
    }

    public String agentToken(String name) {
        return new AgentDirectory(home.resolve("agents.json"), Clock.systemUTC(), new SecureRandom()).add(name).token();
    }

    /** Starts {@code countersign serve} on the second desktop and reads both endpoints' URLs. */
    public void serve() throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ChildJvm.java());
        command.addAll(ChildJvm.jvmArgs(home, "second-machine"));
        command.addAll(List.of("serve", "--port", "0", "--runtime-port", "0"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(dir.resolve("serve.err").toFile());
        onThisDesktop(pb.environment());
        serve = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        Pattern url = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/mcp)");
        for (int i = 0; i < 12 && (agentEndpoint == null || runtimeEndpoint == null); i++) {
            String line = out.readLine();
            if (line == null) {
                fail("serve on the second desktop stopped: " + Files.readString(dir.resolve("serve.err")));
            }
            Matcher m = url.matcher(line);
            if (m.find()) {
                if (line.contains("governors")) {
                    runtimeEndpoint = URI.create(m.group(1));
                } else {
                    agentEndpoint = URI.create(m.group(1));
                }
            }
        }
        assertThat(runtimeEndpoint).as("the runtime endpoint's URL").isNotNull();
        runtimeSocket = home.resolve("runtime.sock");
        assertThat(runtimeSocket).as("the runtime's socket").exists();
        assertThat(runtimeEndpoint.getPort()).isNotEqualTo(agentEndpoint.getPort());
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // keep the pipe empty
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "second-machine-stdout");
        drain.setDaemon(true);
        drain.start();
    }

    /** A yad app on the second desktop; its side-effect files go to {@code appDir}. */
    public Process launch(Path appDir, List<String> command) throws IOException {
        Files.createDirectories(appDir);
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(appDir.resolve("stdout.txt").toFile())
                .redirectError(appDir.resolve("stderr.txt").toFile());
        Map<String, String> e = pb.environment();
        onThisDesktop(e);
        e.put("NO_AT_BRIDGE", "0");
        e.put("GDK_BACKEND", "x11");
        e.put("GSETTINGS_BACKEND", "memory");
        e.put("XDG_CONFIG_HOME", appDir.resolve("config").toString());
        e.put("XDG_DATA_HOME", appDir.resolve("data").toString());
        e.put("XDG_CACHE_HOME", appDir.resolve("cache").toString());
        Process p = pb.start();
        apps.add(p);
        return p;
    }

    /** An agent of the second machine's own endpoint, to see its desktop as that machine does. */
    public McpSyncClient agent(String token) {
        return client(agentEndpoint, token);
    }

    /** An MCP client of one of the second machine's endpoints, with {@code token}. */
    McpSyncClient client(URI endpoint, String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + endpoint.getPort())
                .endpoint("/mcp")
                .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient c = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        c.initialize();
        clients.add(c);
        return c;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> call(McpSyncClient client, String tool, Map<String, Object> args) {
        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(tool, args));
        if (r.structuredContent() instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        // The last text item: an error result's JSON follows its one-line headline (ADR 0006).
        String text = ((McpSchema.TextContent) r.content().get(r.content().size() - 1)).text();
        try {
            return dev.countersign.core.Json.mapper().readValue(text, Map.class);
        } catch (IOException e) {
            throw new AssertionError(text, e);
        }
    }

    private void onThisDesktop(Map<String, String> e) {
        e.remove("AT_SPI_BUS_ADDRESS");
        e.putAll(env);
    }

    private void script(String name) throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("user.dir"), "scripts", "desktop", name);
        Process p = new ProcessBuilder(script.toString(), dir.resolve("desktop.env").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("scripts/desktop/%s: %s", name, out).isZero();
    }

    @Override
    public void close() throws Exception {
        for (McpSyncClient c : clients) {
            c.closeGracefully();
        }
        if (serve != null) {
            serve.destroy();
            if (!serve.waitFor(20, TimeUnit.SECONDS)) {
                serve.destroyForcibly();
            }
        }
        for (Process p : apps) {
            p.destroy();
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        script("down");
    }
}
