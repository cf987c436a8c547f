package dev.countersign.app;

import dev.countersign.core.CountersignException;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.remote.McpRuntimeLink;
import dev.countersign.remote.RemoteConfig;
import dev.countersign.remote.RemoteMachine;
import dev.countersign.remote.RemoteTool;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The remotes the served app drives (from {@code remotes.json}): each connected once at start
 * and offered as one agent tool. A remote that is down, or refuses the token, is left out (logged;
 * {@code countersign doctor} says why).
 */
public final class RemoteTools implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteTools.class);
    /** A remote act may wait for the person on this side: the call's own timeout is longer than any approval. */
    static final Duration CALL_TIMEOUT = Duration.ofMinutes(3);

    private final List<RemoteMachine> machines = new ArrayList<>();

    static RemoteTools start(Home home, ComputerDriver driver, Clock clock) {
        RemoteTools started = new RemoteTools();
        RemoteConfig config = home.remotes();
        List<RemoteConfig.Entry> entries;
        try {
            entries = config.load();
        } catch (IOException | RuntimeException e) {
            LOG.warn("remotes.json is unreadable; no remote is offered: {}", e.getMessage());
            return started;
        }
        for (RemoteConfig.Entry entry : entries) {
            try {
                McpRuntimeLink link = McpRuntimeLink.connect(URI.create(entry.url()), config.token(entry.name()),
                        CALL_TIMEOUT);
                started.machines.add(new RemoteMachine(entry.name(), link, driver, clock));
            } catch (CountersignException e) {
                LOG.warn("remote '{}' not offered: {}", entry.name(), e.error().message());
            } catch (IOException e) {
                LOG.warn("remote '{}' not offered: its token file is unreadable", entry.name());
            }
        }
        return started;
    }

    List<RemoteTool> tools() {
        return List.copyOf(machines);
    }

    /** Each registered remote, reached once: whether it answers with its token (never printed). */
    public static List<Map<String, Object>> report(Home home) {
        List<Map<String, Object>> out = new ArrayList<>();
        RemoteConfig config = home.remotes();
        List<RemoteConfig.Entry> entries;
        try {
            entries = config.load();
        } catch (IOException | RuntimeException e) {
            out.add(Map.of("error", "remotes.json is unreadable: " + e.getMessage()));
            return out;
        }
        for (RemoteConfig.Entry entry : entries) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", entry.name());
            row.put("url", entry.url());
            try (McpRuntimeLink link = McpRuntimeLink.connect(URI.create(entry.url()), config.token(entry.name()),
                    Duration.ofSeconds(10))) {
                row.put("status", "reachable");
            } catch (CountersignException e) {
                row.put("status", "not offered: " + e.error().message());
            } catch (IOException e) {
                row.put("status", "not offered: its token file is unreadable");
            }
            out.add(row);
        }
        return out;
    }

    @Override
    public void close() {
        machines.forEach(RemoteMachine::close);
    }
}
