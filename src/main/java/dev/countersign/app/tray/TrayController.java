package dev.countersign.app.tray;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.application.Platform;

/**
 * Keeps the tray (or the status window) current: every half second it reads the facts — paused,
 * agents, pending approvals, the last receipt — and shows the resulting {@link TrayStatus}.
 */
public final class TrayController {
    /** An agent counts as acting for this long after its last receipt. */
    static final Duration ACTING_FOR = Duration.ofSeconds(3);

    /** The facts the tray shows, read off the FX thread. */
    public interface Facts {
        boolean paused();

        int agents();

        int pendingApprovals();

        Instant lastReceipt();
    }

    private final TrayView view;
    private final Facts facts;
    private final Clock clock;
    private ScheduledFuture<?> polling;
    private volatile TrayStatus last;

    private TrayController(TrayView view, Facts facts, Clock clock) {
        this.view = view;
        this.facts = facts;
        this.clock = clock;
    }

    /**
     * Installs the tray icon, or opens the status window where the desktop has no tray. Call off
     * the FX thread (it waits for AWT and FX).
     */
    public static TrayController install(MenuActions actions, Facts facts, Clock clock, boolean preferTray) {
        TrayView view = preferTray ? AwtTray.install(actions).orElse(null) : null;
        if (view == null) {
            CompletableFuture<TrayView> window = new CompletableFuture<>();
            Platform.runLater(() -> window.complete(StatusWindow.show(actions)));
            try {
                view = window.get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("the status window could not be opened", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while opening the status window", e);
            }
        }
        return new TrayController(view, facts, clock);
    }

    public void start(ScheduledExecutorService scheduler) {
        polling = scheduler.scheduleWithFixedDelay(this::refresh, 0, 500, TimeUnit.MILLISECONDS);
    }

    /** Reads the facts now and shows them. */
    public TrayStatus refresh() {
        boolean acting = Duration.between(facts.lastReceipt(), clock.instant()).compareTo(ACTING_FOR) < 0;
        TrayStatus status = new TrayStatus(facts.paused(), facts.agents(), facts.pendingApprovals(), acting);
        if (!status.equals(last)) {
            last = status;
            view.update(status);
        }
        return status;
    }

    /** Whether the desktop's system tray holds the icon (false: the status window stands in). */
    public boolean inSystemTray() {
        return view instanceof AwtTray;
    }

    public TrayStatus last() {
        return last;
    }

    public void remove() {
        if (polling != null) {
            polling.cancel(false);
        }
        view.remove();
    }
}
