package dev.countersign.app;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices at once when another process changes what the running app must act on: {@code
 * countersign agent add|remove} rewriting {@code agents.json} or handing an audit record to the
 * inbox. One daemon thread waits on a {@link WatchService} (inotify on Linux) over the given
 * folders and runs {@code onChange} after every batch of events, and also every
 * {@link #POLL_SECONDS} seconds in case the platform's watcher misses one. On Linux inotify
 * reports every change, so the net is wide (an idle app should not wake every 2 s); the JDK's
 * macOS watcher polls (about every 10 s), so there the net stays at 2 s.
 */
final class HomeWatch implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HomeWatch.class);
    static final long POLL_SECONDS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT)
            .startsWith("linux") ? 30 : 2;

    private final WatchService watcher;
    private final Thread thread;

    private HomeWatch(WatchService watcher, Runnable onChange) {
        this.watcher = watcher;
        this.thread = new Thread(() -> loop(onChange), "countersign-home-watch");
        this.thread.setDaemon(true);
    }

    /** Starts watching {@code folders} (created when missing); {@code onChange} must not throw for expected faults. */
    static HomeWatch start(List<Path> folders, Runnable onChange) throws IOException {
        WatchService watcher = FileSystems.getDefault().newWatchService();
        try {
            for (Path folder : folders) {
                Files.createDirectories(folder);
                folder.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                        StandardWatchEventKinds.ENTRY_DELETE);
            }
        } catch (IOException e) {
            watcher.close();
            throw e;
        }
        HomeWatch watch = new HomeWatch(watcher, onChange);
        watch.thread.start();
        return watch;
    }

    private void loop(Runnable onChange) {
        while (true) {
            WatchKey key;
            try {
                key = watcher.poll(POLL_SECONDS, TimeUnit.SECONDS);
            } catch (ClosedWatchServiceException | InterruptedException e) {
                return;
            }
            if (key != null) {
                key.pollEvents();
                key.reset();
            }
            try {
                onChange.run();
            } catch (RuntimeException e) {
                // The watcher must outlive one bad change (e.g. a half-edited file by hand).
                LOG.warn("reacting to a change in the home folder failed: {}", e.toString());
            }
        }
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            LOG.debug("closing the home watcher: {}", e.getMessage());
        }
        thread.interrupt();
    }
}
