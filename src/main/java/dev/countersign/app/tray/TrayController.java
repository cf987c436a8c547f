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
 * Keeps the tray (or the status window) current: it reads the facts — paused, agents, pending
 * approvals, the last receipt — and shows the resulting {@link TrayStatus}. What has an event
 * (pause, a pending approval, a change in the home folder) calls {@link #poke()}; receipts have
 * none, so the facts are read again every {@link #BUSY} while approvals wait or an agent acts,
 * every {@link #WATCHING} while agents are registered (one could start acting), and only every
 * {@link #IDLE} with none: an idle app wakes rarely (scripts/bench/idle).
 */
public final class TrayController {
    /** An agent counts as acting for this long after its last receipt. */
    static final Duration ACTING_FOR = Duration.ofSeconds(3);
    static final Duration BUSY = Duration.ofMillis(500);
    static final Duration WATCHING = Duration.ofSeconds(2);
    static final Duration IDLE = Duration.ofSeconds(5);

    /** The facts the tray shows, read off the FX thread. */
    public interface Facts {
        boolean paused();

        /** The audit log takes no records now, so every act is refused. */
        boolean auditUnwritable();

        int agents();

        int pendingApprovals();

        Instant lastReceipt();
    }

    private final TrayView view;
    private final Facts facts;
    private final Clock clock;
    private ScheduledExecutorService scheduler;
    private ScheduledFuture<?> next;
    private boolean removed;
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

    public synchronized void start(ScheduledExecutorService scheduler) {
        this.scheduler = scheduler;
        schedule(Duration.ZERO);
    }

    /** Something changed: read the facts now (on the scheduler) and pick the next period from them. */
    public synchronized void poke() {
        schedule(Duration.ZERO);
    }

    private synchronized void schedule(Duration delay) {
        if (removed || scheduler == null) {
            return;
        }
        if (next != null) {
            next.cancel(false);
        }
        next = scheduler.schedule(this::tick, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tick() {
        TrayStatus status;
        try {
            status = refresh();
        } catch (RuntimeException e) {
            // A fact that could not be read this time must not stop the tray for good.
            schedule(BUSY);
            throw e;
        }
        schedule(period(status));
    }

    /** How long the tray may sleep after showing {@code status}. */
    static Duration period(TrayStatus status) {
        if (status.pending() > 0 || status.acting()) {
            return BUSY;
        }
        return status.agents() > 0 ? WATCHING : IDLE;
    }

    /** Reads the facts now and shows them. */
    public TrayStatus refresh() {
        boolean acting = Duration.between(facts.lastReceipt(), clock.instant()).compareTo(ACTING_FOR) < 0;
        TrayStatus status = new TrayStatus(facts.paused(), facts.agents(), facts.pendingApprovals(), acting,
                facts.auditUnwritable());
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
        synchronized (this) {
            removed = true;
            if (next != null) {
                next.cancel(false);
            }
        }
        view.remove();
    }
}
