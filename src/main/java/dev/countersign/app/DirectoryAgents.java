package dev.countersign.app;

import dev.countersign.app.windows.AgentRegistry;
import dev.countersign.audit.AuditInbox;
import dev.countersign.audit.AuditKind;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Timestamps;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The tray's view of the server's token store: the same {@code agents.json} that
 * {@code countersign agent add|remove} edits, and the 0600 token file the stdio bridge reads.
 */
final class DirectoryAgents implements AgentRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(DirectoryAgents.class);
    private final AgentDirectory directory;
    private final Home home;

    DirectoryAgents(AgentDirectory directory, Home home) {
        this.directory = directory;
        this.home = home;
    }

    @Override
    public List<Agent> agents() {
        return directory.list().stream()
                .map(a -> new Agent(a.name(), Timestamps.parse(a.createdAt()).orElse(Instant.EPOCH)))
                .collect(Collectors.toList());
    }

    @Override
    public IssuedToken add(String name) {
        AgentDirectory.IssuedToken issued = directory.add(name);
        record(AuditKind.AGENT_ADDED, name);
        try {
            // Like 'countersign agent add': the bridge for stdio-only clients reads this file.
            Secrets.writeOwnerOnly(home.tokenFile(name), issued.token());
        } catch (IOException e) {
            throw new UncheckedIOException("the token was issued but its file could not be written", e);
        }
        return new IssuedToken(issued.name(), issued.token());
    }

    @Override
    public boolean remove(String name) {
        boolean removed = directory.remove(name);
        if (removed) {
            record(AuditKind.AGENT_REMOVED, name);
        }
        try {
            Files.deleteIfExists(home.tokenFile(name));
        } catch (IOException e) {
            throw new UncheckedIOException("the token was revoked but its file could not be deleted", e);
        }
        return removed;
    }

    /** The tray runs beside the app that holds the log, so its records go through the inbox too. */
    private void record(AuditKind kind, String name) {
        try {
            AuditInbox.appendOrHandOver(home.auditFile(), Clock.systemUTC(), kind, Map.of("agent", name, "by", "tray"));
        } catch (CountersignException e) {
            LOG.error("could not record {} of agent {} in the audit log: {}", kind.wire(), name, e.getMessage());
        }
    }

    @Override
    public String problemWithName(String name) {
        if (!AgentDirectory.NAME.matcher(name).matches()) {
            return "Use 1\u201332 lowercase letters, digits, - or _, starting with a letter or digit.";
        }
        boolean taken = directory.list().stream().anyMatch(a -> a.name().equals(name));
        return taken ? "An agent named " + name + " exists already: remove it first or pick another name." : "";
    }
}
