package dev.countersign.app;

import dev.countersign.audit.AuditKind;
import dev.countersign.core.CountersignException;
import dev.countersign.server.AgentDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code countersign governor add|list|remove}: tokens for the governing Countersign (the one on
 * the person's laptop) that drives this machine's runtime over an SSH-forwarded port (docs/govern.md).
 * A separate kind of token in a separate file: it opens only the runtime endpoint, never the agent
 * endpoint, and an agent's token never opens the runtime endpoint.
 */
@Command(name = "governor", mixinStandardHelpOptions = true,
        description = "Let another Countersign govern this machine: issue, list and revoke governor tokens.",
        subcommands = {GovernorCommand.Add.class, GovernorCommand.ListGovernors.class, GovernorCommand.Remove.class})
final class GovernorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    static AgentDirectory directory(Home home) {
        return new AgentDirectory(home.governors(), Clock.systemUTC(), new SecureRandom());
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Issue a token for a governing Countersign; shown once, only its hash is kept.",
                "Then run 'countersign serve --runtime-port N' here and forward that port over SSH."})
    static final class Add implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME", description = "a-z, 0-9, '-' and '_'; names the governor in the audit log.")
        String name;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            Home home = Home.current().ensure();
            AgentDirectory.IssuedToken issued;
            try {
                issued = directory(home).add(name);
            } catch (CountersignException e) {
                spec.commandLine().getErr().println("countersign governor add: " + e.error().message());
                return 2;
            }
            AgentCommand.audit(home, AuditKind.AGENT_ADDED, "governor:" + name, spec.commandLine().getErr());
            out.println("Governor '" + name + "' may now drive this machine's runtime endpoint.");
            out.println("Its token (shown once; give it only to the governing Countersign): " + issued.token());
            out.println("It opens the runtime endpoint only; agents' tokens never do.");
            out.println("Revoke it any time with: countersign governor remove " + name);
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List governors (never their tokens).")
    static final class ListGovernors implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<AgentDirectory.AgentEntry> governors = directory(Home.current()).list();
            if (governors.isEmpty()) {
                out.println("No governors. Let another Countersign govern this machine with: countersign governor add NAME");
                return 0;
            }
            out.printf("%-32s %s%n", "NAME", "ADDED");
            governors.forEach(g -> out.printf("%-32s %s%n", g.name(), g.createdAt()));
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Revoke a governor's token at once.")
    static final class Remove implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() {
            Home home = Home.current();
            if (!directory(home).remove(name)) {
                spec.commandLine().getErr().println("countersign governor remove: no governor named '" + name + "'");
                return 1;
            }
            AgentCommand.audit(home, AuditKind.AGENT_REMOVED, "governor:" + name, spec.commandLine().getErr());
            spec.commandLine().getOut().println("Governor '" + name + "' is revoked; its token no longer works.");
            return 0;
        }
    }
}
