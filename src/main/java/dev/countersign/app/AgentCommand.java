package dev.countersign.app;

import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.windows.ClientSnippets;
import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditInbox;
import dev.countersign.core.CountersignException;
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
import java.util.Map;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code countersign agent add|list|remove}: issue, list and revoke agents' bearer tokens. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Connect agents: issue, list and revoke their tokens.",
        subcommands = {AgentCommand.Add.class, AgentCommand.ListAgents.class, AgentCommand.Remove.class})
final class AgentCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(AgentCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    static AgentDirectory directory(Home home) {
        return new AgentDirectory(home.agents(), Clock.systemUTC(), new SecureRandom());
    }

    /**
     * Records the change: appended here when no app runs, else handed to the running app, which
     * holds the log (see {@link AuditInbox}). A record that reached neither is said out loud.
     */
    static void audit(Home home, AuditKind kind, String name, PrintWriter err) {
        try {
            AuditInbox.appendOrHandOver(home.auditFile(), Clock.systemUTC(), kind, Map.of("agent", name, "by", "cli"));
        } catch (CountersignException e) {
            LOG.warn("agent change not audited: {}", e.getMessage());
            err.println("countersign agent: warning: the change took effect but is not in the audit log: "
                    + e.error().message());
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Issue a token for a new agent and print client configurations.",
                "The token is shown once; only its hash is kept. A copy goes to a 0600 file for the stdio bridge."})
    static final class Add implements Callable<Integer> {
        @Spec
        CommandSpec spec;

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
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            Home home = Home.current().ensure();
            AgentDirectory.IssuedToken issued;
            try {
                issued = directory(home).add(name);
            } catch (CountersignException e) {
                spec.commandLine().getErr().println("countersign agent add: " + e.error().message());
                return 2;
            }
            Path file = tokenFile != null ? tokenFile : home.tokenFile(name);
            Secrets.writeOwnerOnly(file, issued.token());
            audit(home, AuditKind.AGENT_ADDED, name, spec.commandLine().getErr());
            int settingsPort = SettingsStore.read(home.settings()).portOrDefault();
            URI endpoint = url != null ? url
                    : URI.create("http://127.0.0.1:" + (port != null ? port : settingsPort) + "/mcp");
            // The bridge dials the socket whatever the port; only an explicit URL sends it over TCP.
            boolean urlGiven = url != null;
            ClientSnippets.Agent agent = new ClientSnippets.Agent(name, endpoint, urlGiven, tokenFile,
                    ClientSnippets.launcher());
            out.println("Agent '" + name + "' can now connect to " + endpoint);
            out.println("Its token (shown once; keep it secret): " + issued.token());
            out.println("A copy for 'countersign mcp-stdio --agent " + name + "' is in " + file + " (0600).");
            out.println();
            out.println(ClientSnippets.render(agent, issued.token()));
            out.println();
            out.println("Revoke it any time with: countersign agent remove " + name);
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List connected agents (never their tokens).")
    static final class ListAgents implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            Home home = Home.current();
            List<AgentDirectory.AgentEntry> agents = directory(home).list();
            if (agents.isEmpty()) {
                out.println("No agents yet. Connect one with: countersign agent add NAME");
                return 0;
            }
            out.printf("%-32s %-26s %s%n", "NAME", "ADDED", "TOKEN FILE");
            for (AgentDirectory.AgentEntry agent : agents) {
                Path file = home.tokenFile(agent.name());
                out.printf("%-32s %-26s %s%n", agent.name(), agent.createdAt(), Files.exists(file) ? file : "-");
            }
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Revoke an agent's token at once and delete its token file.")
    static final class Remove implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() throws IOException {
            Home home = Home.current();
            boolean removed = directory(home).remove(name);
            boolean deleted = Files.deleteIfExists(home.tokenFile(name));
            if (!removed && !deleted) {
                spec.commandLine().getErr().println("countersign agent remove: no agent named '" + name + "'");
                return 1;
            }
            audit(home, AuditKind.AGENT_REMOVED, name, spec.commandLine().getErr());
            spec.commandLine().getOut().println("Agent '" + name + "' is revoked; its token no longer works.");
            return 0;
        }
    }
}
