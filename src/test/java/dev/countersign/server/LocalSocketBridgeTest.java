package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another local user can bind 127.0.0.1:7475 while Countersign is down and
 * collect the tokens that bridges send there. The bridge now dials only the Unix-domain socket in
 * the 0700 home folder, refusing anything at that path that is not the user's own socket. Checked
 * from outside Countersign: a hostile listener on the configured port never sees a connection.
 */
@Tag("desktop")
class LocalSocketBridgeTest {
    @TempDir
    Path home;

    /** A hostile process on the port the settings name: records every byte it is sent. */
    static final class Hostile implements AutoCloseable {
        final ServerSocket socket;
        final List<String> received = new CopyOnWriteArrayList<>();
        final Thread thread;

        Hostile() throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
            thread = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket client = socket.accept()) {
                        client.setSoTimeout(2_000);
                        InputStream in = client.getInputStream();
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        try {
                            in.transferTo(bytes);
                        } catch (IOException e) {
                            // timed out: keep what arrived
                        }
                        received.add(bytes.toString(StandardCharsets.ISO_8859_1));
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "hostile-listener");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private String tokenFor(String agent) throws IOException {
        String token = "cs_" + "A".repeat(43);
        Secrets.ownerOnlyDirectory(home.resolve("tokens"));
        Secrets.writeOwnerOnly(home.resolve("tokens").resolve(agent + ".token"), token);
        return token;
    }

    private Process bridge(String agent) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ChildJvm.java());
        command.addAll(ChildJvm.jvmArgs(home, "stdio-bridge-socket"));
        command.addAll(List.of("mcp-stdio", "--agent", agent));
        return new ProcessBuilder(command).start();
    }

    private static String drive(Process bridge) throws Exception {
        bridge.getOutputStream().write((EndpointFixture.INIT + "\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n").getBytes(StandardCharsets.UTF_8));
        bridge.getOutputStream().close();
        assertThat(bridge.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return new String(bridge.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void aHostileListenerOnTheConfiguredPortNeverReceivesTheTokenWhileCountersignIsDown() throws Exception {
        try (Hostile hostile = new Hostile()) {
            Files.writeString(home.resolve("settings.json"), "{\"port\": " + hostile.socket.getLocalPort() + "}");
            Secrets.ownerOnlyDirectory(home);
            String token = tokenFor("claude");

            Process bridge = bridge("claude");
            String err = drive(bridge);

            assertThat(bridge.exitValue()).isEqualTo(2);
            assertThat(err).contains("Countersign is not running").contains(LocalSocket.NAME);
            Thread.sleep(500);
            assertThat(hostile.received).as("nothing ever connected to the hostile port").isEmpty();
            assertThat(String.join("", hostile.received)).doesNotContain(token);
        }
    }

    @Test
    void somethingAtTheSocketPathThatIsNotTheUsersSocketIsRefused() throws Exception {
        try (Hostile hostile = new Hostile()) {
            Files.writeString(home.resolve("settings.json"), "{\"port\": " + hostile.socket.getLocalPort() + "}");
            Secrets.ownerOnlyDirectory(home);
            tokenFor("claude");
            Files.writeString(home.resolve(LocalSocket.NAME), "not a socket");

            Process bridge = bridge("claude");
            String err = drive(bridge);

            assertThat(bridge.exitValue()).isEqualTo(2);
            assertThat(err).contains("is not a socket");
            assertThat(hostile.received).isEmpty();
        }
    }

    @Test
    void theBridgeReachesTheRunningEndpointOverTheSocketAndListsItsTools() throws Exception {
        Path socket = home.resolve(LocalSocket.NAME);
        try (EndpointFixture fx = new EndpointFixture(home, EndpointConfig.defaults().withPort(0).withSocket(socket))) {
            Secrets.ownerOnlyDirectory(home);
            Secrets.ownerOnlyDirectory(home.resolve("tokens"));
            Secrets.writeOwnerOnly(home.resolve("tokens").resolve("claude.token"), fx.token("claude"));
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)))
                    .isEqualTo("rw-------");
            List<String> args = new ArrayList<>(ChildJvm.jvmArgs(home, "stdio-bridge-socket"));
            args.addAll(List.of("mcp-stdio", "--agent", "claude"));
            McpSyncClient stdio = McpClient.sync(new StdioClientTransport(ServerParameters.builder(ChildJvm.java())
                            .args(args).build(), new JacksonMcpJsonMapper(new ObjectMapper())))
                    .requestTimeout(Duration.ofSeconds(30)).initializationTimeout(Duration.ofSeconds(30)).build();
            try {
                stdio.initialize();
                assertThat(stdio.listTools().tools()).hasSize(5);
                assertThat(fx.endpoint.sessionsOf("claude")).isEqualTo(1);
            } finally {
                stdio.closeGracefully();
            }
            McpEndpointTest.awaitTrue(() -> fx.endpoint.sessionsOf("claude") == 0, 10_000);
        }
    }
}
