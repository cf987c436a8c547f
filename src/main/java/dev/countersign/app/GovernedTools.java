package dev.countersign.app;

import dev.countersign.core.CountersignException;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.govern.ComputerProxy;
import dev.countersign.govern.GovernConfig;
import dev.countersign.govern.GovernedServer;
import dev.countersign.govern.Registration;
import dev.countersign.govern.GuestTool;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The governed servers the served app runs (from {@code govern.json}): each started over stdio and
 * offered as one governed tool. A server that does not start, or offers nothing Countersign can
 * govern, is not offered (logged; {@code countersign doctor} says why); without a window stack
 * (no X11) none is, since no point could be judged.
 */
final class GovernedTools implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GovernedTools.class);

    private final List<GovernedServer> servers = new ArrayList<>();
    private final List<GuestTool> tools = new ArrayList<>();

    static GovernedTools start(Home home, ComputerDriver driver, ScreenWindows windows) {
        GovernedTools started = new GovernedTools();
        List<GovernConfig.Entry> entries;
        try {
            entries = GovernConfig.load(home.govern());
        } catch (IOException | RuntimeException e) {
            LOG.warn("govern.json is unreadable; no governed server is offered: {}", e.getMessage());
            return started;
        }
        for (GovernConfig.Entry entry : entries) {
            if (windows == null) {
                LOG.warn("governed server '{}' not offered: there is no window stack to judge points on", entry.name());
                continue;
            }
            GovernedServer server = null;
            try {
                server = GovernedServer.start(entry.name(), entry.command(), Registration.START);
                started.tools.add(new ComputerProxy(entry.name(), server, driver, windows));
                started.servers.add(server);
            } catch (CountersignException e) {
                LOG.warn("governed server '{}' not offered: {}", entry.name(), e.error().message());
                if (server != null) {
                    server.close();
                }
            }
        }
        return started;
    }

    List<GuestTool> tools() {
        return List.copyOf(tools);
    }

    @Override
    public void close() {
        servers.forEach(GovernedServer::close);
    }
}
