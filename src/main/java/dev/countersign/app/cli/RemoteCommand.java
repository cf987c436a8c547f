package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.remote.RemoteConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code countersign remote add|list|remove}: other machines' Countersigns this one drives. The
 * served app offers each as one agent tool; the remote's token is kept 0600 and never printed.
 */
@Command(name = "remote", mixinStandardHelpOptions = true,
        description = "Drive another machine's Countersign from this one: register, list and remove remotes.",
        subcommands = {RemoteCommand.Add.class, RemoteCommand.ListRemotes.class, RemoteCommand.Remove.class})
final class RemoteCommand extends RegistryCommand {

    static RemoteConfig config(Home home) {
        return home.remotes();
    }

    /** Registering or forgetting a remote is not audited. */
    @Override
    String audited(String name) {
        return null;
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Register a remote: the socket ssh forwards to its runtime (default <home>/remotes/NAME.sock)",
                "and the governor token its 'countersign governor add' printed, read from a file (kept 0600 here).",
                "Restart 'countersign serve' to offer it to agents as the tool NAME."})
    static final class Add extends RegistryCommand.Add<Void> {
        @Parameters(paramLabel = "NAME", description = "the tool's name and the machine's name in the dialog: a-z, 0-9, _")
        String name;

        @Option(names = "--socket", paramLabel = "PATH",
                description = "the local end of ssh -L to the remote's runtime.sock (default: <home>/remotes/NAME.sock, "
                        + "in a folder only you may enter)")
        Path socket;

        private Path at;
        private String url;

        @Option(names = "--token-file", required = true, description = "a file holding the governor token")
        Path tokenFile;

        @Override
        String name() {
            return name;
        }

        @Override
        Void register(Home home) throws IOException {
            String token;
            try {
                token = Files.readString(tokenFile);
            } catch (IOException e) {
                throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "token_file",
                        "cannot read " + tokenFile));
            }
            RemoteConfig config = config(home.ensure());
            at = socket != null ? socket.toAbsolutePath().normalize() : config.socketFile(name == null ? "" : name);
            url = RemoteConfig.urlOf(at);
            config.put(name, url, token);
            return null;
        }

        @Override
        void report(Home home, Void registered, PrintWriter out) {
            out.println("Remote '" + name + "' at " + url + " is registered; its token is kept readable by you only.");
            String local = at.toString().contains(" ") ? "'" + at + "'" : at.toString();
            out.println("Forward its runtime there with: ssh -N -L " + local
                    + ":REMOTE_HOME/runtime.sock you@" + name + "   (REMOTE_HOME: what its 'countersign serve' prints)");
            out.println("Agents see it as the tool '" + name + "' once 'countersign serve' restarts.");
            out.println("You may delete " + tokenFile + " now.");
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List remotes (never their tokens).")
    static final class ListRemotes extends RegistryCommand.Listing<RemoteConfig.Entry> {
        @Override
        List<RemoteConfig.Entry> entries(Home home) throws IOException {
            return config(home).load();
        }

        @Override
        String none() {
            return "No remotes. Drive another machine's Countersign with: countersign remote add NAME --token-file FILE";
        }

        @Override
        String format() {
            return "%-32s %s%n";
        }

        @Override
        Object[] header() {
            return new Object[] {"NAME", "URL"};
        }

        @Override
        Object[] row(Home home, RemoteConfig.Entry remote) {
            return new Object[] {remote.name(), remote.url()};
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Forget a remote and its token.")
    static final class Remove extends RegistryCommand.Remove {
        @Override
        boolean revoke(Home home, String name) throws IOException {
            return config(home).remove(name);
        }

        @Override
        String revoked(String name) {
            return "Remote '" + name + "' and its token are removed.";
        }
    }
}
