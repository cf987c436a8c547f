package dev.countersign.app;

import dev.countersign.remote.RemoteConfig;
import dev.countersign.server.Secrets;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Countersign's folder (docs/endpoint.md): {@code $COUNTERSIGN_HOME}, else
 * {@code ~/Library/Application Support/Countersign} on macOS, else
 * {@code $XDG_CONFIG_HOME/countersign} (default {@code ~/.config/countersign}). It and its
 * sub-folders are 0700: it holds token hashes, token files and the audit log.
 */
public final class Home {
    private final Path root;

    private Home(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public static Home of(Path root) {
        return new Home(root);
    }

    /**
     * The folder this process should use, from its environment. The system property
     * {@code countersign.home} overrides everything, so tests can run commands in-process
     * against a folder of their own.
     */
    public static Home current() {
        String property = System.getProperty("countersign.home");
        if (property != null && !property.isBlank()) {
            return new Home(Path.of(property));
        }
        return resolve(System.getenv(), System.getProperty("os.name", ""), System.getProperty("user.home"));
    }

    public static Home resolve(Map<String, String> env, String osName, String userHome) {
        String explicit = env.get("COUNTERSIGN_HOME");
        if (explicit != null && !explicit.isBlank()) {
            return new Home(Path.of(explicit));
        }
        if (osName.toLowerCase(Locale.ROOT).startsWith("mac")) {
            return new Home(Path.of(userHome, "Library", "Application Support", "Countersign"));
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        Path config = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(userHome, ".config");
        return new Home(config.resolve("countersign"));
    }

    /** Creates the folder and its sub-folders as 0700 (tightening them if they exist). */
    public Home ensure() throws IOException {
        Secrets.ownerOnlyDirectory(root);
        // The inbox too: it is created here, owner-only, before a watcher or the CLI would make it
        // with the process's umask (0755).
        for (Path dir : new Path[] {tokens(), checkpoints(), auditFile().getParent(),
                dev.countersign.audit.AuditInbox.folderFor(auditFile()), logs()}) {
            Secrets.ownerOnlyDirectory(dir);
        }
        return this;
    }

    public Path root() {
        return root;
    }

    public Path settings() {
        return root.resolve("settings.json");
    }

    public Path policy() {
        return root.resolve("policy.json");
    }

    public Path agents() {
        return root.resolve("agents.json");
    }

    /** Each agent's lease as it stands, kept across restarts so a restart does not refill a spent budget. */
    public Path leases() {
        return root.resolve("leases.json");
    }

    /** The governing Countersigns allowed to drive this one's runtime (docs/govern.md); never agents. */
    public Path governors() {
        return root.resolve("governors.json");
    }

    /**
     * The runtime endpoint's Unix-domain socket, which a governing Countersign reaches through
     * {@code ssh -L} (docs/govern.md): in the 0700 home, so no other local user can stand in for it.
     */
    public Path runtimeSocket() {
        return root.resolve("runtime.sock");
    }

    /** The governed servers the person registered ({@code countersign govern}). */
    public Path govern() {
        return root.resolve("govern.json");
    }

    /** The remotes the person registered ({@code countersign remote}): names and URLs, and their 0600 token files. */
    public RemoteConfig remotes() {
        return new RemoteConfig(root);
    }

    public Path tokens() {
        return root.resolve("tokens");
    }

    public Path tokenFile(String agent) {
        return tokens().resolve(agent + ".token");
    }

    public Path checkpoints() {
        return root.resolve("checkpoints");
    }

    public Path auditFile() {
        return root.resolve("audit").resolve("audit.jsonl");
    }

    public Path logs() {
        return root.resolve("logs");
    }
}
