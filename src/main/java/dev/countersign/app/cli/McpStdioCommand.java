package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.audit.Redactor;
import dev.countersign.server.LocalSocket;
import dev.countersign.server.Secrets;
import dev.countersign.bridge.StdioBridge;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code countersign mcp-stdio --agent NAME}: the stdio ↔ endpoint bridge for stdio-only MCP clients. */
@Command(name = "mcp-stdio", mixinStandardHelpOptions = true,
        description = {"Bridge a stdio MCP client to the running endpoint as agent NAME.",
            "Reads the agent's token from <home>/tokens/NAME.token (it must be 0600).",
            "stdout carries only MCP messages; problems go to stderr."})
final class McpStdioCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--agent", required = true, paramLabel = "NAME", description = "The agent to connect as.")
    String agent;

    @Option(names = "--token-file", paramLabel = "PATH", description = "Read the token here instead.")
    Path tokenFile;

    @Option(names = "--url", paramLabel = "URL",
            description = {"Reach the endpoint over loopback TCP at this URL instead of its socket",
                "<home>/countersign.sock (the default, which no other local user can stand in for)."})
    URI url;

    @Override
    public Integer call() throws IOException {
        Home home = Home.current();
        Path file = tokenFile != null ? tokenFile : home.tokenFile(agent);
        Optional<String> token = readToken(file);
        if (token.isEmpty()) {
            return 2;
        }
        if (url == null) {
            // The default: the socket in the 0700 home folder. Never the TCP port: while
            // Countersign is down another local user could listen there and collect the token.
            Path socket = home.root().resolve(LocalSocket.NAME);
            Optional<String> problem = LocalSocket.problemWith(socket);
            if (problem.isPresent()) {
                spec.commandLine().getErr().println("countersign mcp-stdio: " + problem.get());
                return 2;
            }
            StdioBridge bridge = new StdioBridge(socket, token.get());
            Runtime.getRuntime().addShutdownHook(new Thread(bridge::hangUp, "countersign-stdio-hangup"));
            return bridge.run(System.in, System.out);
        }
        URI endpoint = url;
        String host = endpoint.getHost();
        if (!"http".equals(endpoint.getScheme()) || host == null
                || !Set.of("127.0.0.1", "localhost", "[::1]", "::1").contains(host)) {
            // The token must never travel to another machine; reach one through an SSH-forwarded port.
            spec.commandLine().getErr().println("countersign mcp-stdio: --url must be http on a loopback address "
                    + "(127.0.0.1, localhost or [::1]), not " + endpoint);
            return 2;
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        StdioBridge bridge = new StdioBridge(endpoint, token.get(), http);
        // SIGTERM and SIGINT run shutdown hooks: end the session then too, not only at EOF.
        Runtime.getRuntime().addShutdownHook(new Thread(bridge::hangUp, "countersign-stdio-hangup"));
        return bridge.run(System.in, System.out);
    }

    private Optional<String> readToken(Path file) throws IOException {
        var err = spec.commandLine().getErr();
        if (!Files.isRegularFile(file)) {
            err.println("countersign mcp-stdio: no token file " + file + "; issue one with: countersign agent add "
                    + agent);
            return Optional.empty();
        }
        Optional<String> problem = Secrets.problemWith(file);
        if (problem.isPresent()) {
            // Like ssh with a private key others can read: refuse, and say how to fix it.
            err.println("countersign mcp-stdio: refusing the token file: " + problem.get());
            return Optional.empty();
        }
        String token = Files.readString(file).strip();
        if (!Redactor.COUNTERSIGN_TOKEN.matcher(token).matches()) {
            err.println("countersign mcp-stdio: " + file + " does not hold a Countersign token");
            return Optional.empty();
        }
        return Optional.of(token);
    }
}
