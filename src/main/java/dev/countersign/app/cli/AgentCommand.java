package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.windows.ClientSnippets;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.Secrets;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code countersign agent add|list|remove}: issue, list and revoke agents' bearer tokens. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Connect agents: issue, list and revoke their tokens.",
        subcommands = {AgentCommand.Add.class, AgentCommand.ListAgents.class, AgentCommand.Remove.class})
final class AgentCommand extends RegistryCommand {

    static AgentDirectory directory(Home home) {
        return new AgentDirectory(home.agents(), Clock.systemUTC(), new SecureRandom());
    }

    @Override
    String audited(String name) {
        return name;
    }

    /** An agent's token as issued, and the 0600 file its copy went to. */
    record Issued(String token, Path file) {
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Issue a token for a new agent and print client configurations.",
                "The token is shown once; only its hash is kept. A copy goes to a 0600 file for the stdio bridge."})
    static final class Add extends RegistryCommand.Add<Issued> {
        @Parameters(paramLabel = "NAME", description = "a-z, 0-9, '-' and '_', up to 32 characters; it names the agent in the audit log.")
        String name;

        @Option(names = "--token-file", paramLabel = "PATH",
                description = "Write the token here (0600) instead of <home>/tokens/NAME.token.")
        Path tokenFile;

        @Option(names = "--port", paramLabel = "N",
                description = "The port the endpoint serves on, when it is not the one in settings "
                        + "(e.g. 'serve --port N').")
        Integer port;

        @Option(names = "--url", paramLabel = "URL", description = "The endpoint's URL, when not the default.")
        URI url;

        @Override
        String name() {
            return name;
        }

        @Override
        Issued register(Home home) throws IOException {
            String token = directory(home.ensure()).add(name).token();
            Path file = tokenFile != null ? tokenFile : home.tokenFile(name);
            Secrets.writeOwnerOnly(file, token);
            return new Issued(token, file);
        }

        @Override
        void report(Home home, Issued issued, PrintWriter out) throws IOException {
            int settingsPort = SettingsStore.read(home.settings()).portOrDefault();
            URI endpoint = url != null ? url
                    : URI.create("http://127.0.0.1:" + (port != null ? port : settingsPort) + "/mcp");
            // The bridge dials the socket whatever the port; only an explicit URL sends it over TCP.
            boolean urlGiven = url != null;
            ClientSnippets.Agent agent = new ClientSnippets.Agent(name, endpoint, urlGiven, tokenFile,
                    ClientSnippets.launcher());
            out.println("Agent '" + name + "' can now connect to " + endpoint);
            out.println("Its token (shown once; keep it secret): " + issued.token());
            out.println("A copy for 'countersign mcp-stdio --agent " + name + "' is in " + issued.file() + " (0600).");
            out.println();
            out.println(ClientSnippets.render(agent, issued.token()));
            out.println();
            out.println("Revoke it any time with: countersign agent remove " + name);
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List connected agents (never their tokens).")
    static final class ListAgents extends RegistryCommand.Listing<AgentDirectory.AgentEntry> {
        @Override
        List<AgentDirectory.AgentEntry> entries(Home home) {
            return directory(home).list();
        }

        @Override
        String none() {
            return "No agents yet. Connect one with: countersign agent add NAME";
        }

        @Override
        String format() {
            return "%-32s %-26s %s%n";
        }

        @Override
        Object[] header() {
            return new Object[] {"NAME", "ADDED", "TOKEN FILE"};
        }

        @Override
        Object[] row(Home home, AgentDirectory.AgentEntry agent) {
            Path file = home.tokenFile(agent.name());
            return new Object[] {agent.name(), agent.createdAt(), Files.exists(file) ? file : "-"};
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Revoke an agent's token at once and delete its token file.")
    static final class Remove extends RegistryCommand.Remove {
        @Override
        boolean revoke(Home home, String name) throws IOException {
            boolean removed = directory(home).remove(name);
            boolean deleted = Files.deleteIfExists(home.tokenFile(name));
            return removed || deleted;
        }

        @Override
        String revoked(String name) {
            return "Agent '" + name + "' is revoked; its token no longer works.";
        }
    }
}
