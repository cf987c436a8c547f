package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.server.AgentDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code countersign governor add|list|remove}: tokens for the governing Countersign (the one on
 * the person's laptop) that drives this machine's runtime through its SSH-forwarded socket,
 * {@code <home>/runtime.sock} (docs/govern.md).
 * A separate kind of token in a separate file: it opens only the runtime endpoint, never the agent
 * endpoint, and an agent's token never opens the runtime endpoint.
 */
@Command(name = "governor", mixinStandardHelpOptions = true,
        description = "Let another Countersign drive this machine as its governor: issue, list and revoke governor tokens.",
        subcommands = {GovernorCommand.Add.class, GovernorCommand.ListGovernors.class, GovernorCommand.Remove.class})
final class GovernorCommand extends RegistryCommand {

    static AgentDirectory directory(Home home) {
        return new AgentDirectory(home.governors(), Clock.systemUTC(), new SecureRandom());
    }

    @Override
    String audited(String name) {
        return "governor:" + name;
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Issue a token for a governing Countersign; shown once, only its hash is kept.",
                "Then run 'countersign serve --runtime-port N' here; the governing side forwards this machine's",
                "<home>/runtime.sock to a socket of its own with ssh -L (it sends the token to no TCP port)."})
    static final class Add extends RegistryCommand.Add<AgentDirectory.IssuedToken> {
        @Parameters(paramLabel = "NAME", description = "a-z, 0-9, '-' and '_'; names the governor in the audit log.")
        String name;

        @Override
        String name() {
            return name;
        }

        @Override
        AgentDirectory.IssuedToken register(Home home) throws IOException {
            return directory(home.ensure()).add(name);
        }

        @Override
        void report(Home home, AgentDirectory.IssuedToken issued, PrintWriter out) {
            out.println("Governor '" + name + "' may now drive this machine's runtime endpoint.");
            out.println("Its token (shown once; give it only to the governing Countersign): " + issued.token());
            out.println("It opens the runtime endpoint only; agents' tokens never do.");
            out.println("Revoke it any time with: countersign governor remove " + name);
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List governors (never their tokens).")
    static final class ListGovernors extends RegistryCommand.Listing<AgentDirectory.AgentEntry> {
        @Override
        List<AgentDirectory.AgentEntry> entries(Home home) {
            return directory(home).list();
        }

        @Override
        String none() {
            return "No governors. Let another Countersign drive this machine with: countersign governor add NAME";
        }

        @Override
        String format() {
            return "%-32s %s%n";
        }

        @Override
        Object[] header() {
            return new Object[] {"NAME", "ADDED"};
        }

        @Override
        Object[] row(Home home, AgentDirectory.AgentEntry governor) {
            return new Object[] {governor.name(), governor.createdAt()};
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Revoke a governor's token at once.")
    static final class Remove extends RegistryCommand.Remove {
        @Override
        boolean revoke(Home home, String name) {
            return directory(home).remove(name);
        }

        @Override
        String revoked(String name) {
            return "Governor '" + name + "' is revoked; its token no longer works.";
        }
    }
}
