package dev.countersign.app;

import dev.countersign.core.CountersignException;
import dev.countersign.remote.RemoteConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code countersign remote add|list|remove}: other machines' Countersigns this one governs. The
 * served app offers each as one agent tool; the remote's token is kept 0600 and never printed.
 */
@Command(name = "remote", mixinStandardHelpOptions = true,
        description = "Govern another machine's Countersign: register, list and remove remotes.",
        subcommands = {RemoteCommand.Add.class, RemoteCommand.ListRemotes.class, RemoteCommand.Remove.class})
final class RemoteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    static RemoteConfig config(Home home) {
        return new RemoteConfig(home.root());
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Register a remote: its runtime endpoint (the SSH-forwarded loopback port) and the",
                "governor token its 'countersign governor add' printed, read from a file (kept 0600 here).",
                "Restart 'countersign serve' to offer it to agents as the tool NAME."})
    static final class Add implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME", description = "the tool's name and the machine's name in the dialog: a-z, 0-9, _")
        String name;

        @Option(names = "--url", required = true, description = "e.g. http://127.0.0.1:7476/mcp")
        String url;

        @Option(names = "--token-file", required = true, description = "a file holding the governor token")
        Path tokenFile;

        @Override
        public Integer call() throws IOException {
            String token;
            try {
                token = Files.readString(tokenFile);
            } catch (IOException e) {
                spec.commandLine().getErr().println("countersign remote add: cannot read " + tokenFile);
                return 2;
            }
            try {
                config(Home.current().ensure()).put(name, url, token);
            } catch (CountersignException e) {
                spec.commandLine().getErr().println("countersign remote add: " + e.error().message());
                return 2;
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("Remote '" + name + "' at " + url + " is registered; its token is kept readable by you only.");
            out.println("Agents see it as the tool '" + name + "' once 'countersign serve' restarts.");
            out.println("You may delete " + tokenFile + " now.");
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List remotes (never their tokens).")
    static final class ListRemotes implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            List<RemoteConfig.Entry> remotes = config(Home.current()).load();
            if (remotes.isEmpty()) {
                out.println("No remotes. Govern another machine with: countersign remote add NAME --url URL --token-file FILE");
                return 0;
            }
            out.printf("%-32s %s%n", "NAME", "URL");
            remotes.forEach(r -> out.printf("%-32s %s%n", r.name(), r.url()));
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Forget a remote and its token.")
    static final class Remove implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() throws IOException {
            if (!config(Home.current()).remove(name)) {
                spec.commandLine().getErr().println("countersign remote remove: no remote named '" + name + "'");
                return 1;
            }
            spec.commandLine().getOut().println("Remote '" + name + "' and its token are removed.");
            return 0;
        }
    }
}
