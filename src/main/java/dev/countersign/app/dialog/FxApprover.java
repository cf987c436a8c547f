package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import javafx.application.Platform;

/**
 * The approver behind the local UI: the driver's requests queue in a JavaFX dialog, one at a
 * time, and the person answers with Allow once, Deny, or — where the request offers one — a
 * grant for a while (docs/approvals.md). Expiry, withdrawal and quitting deny.
 * Requires a running JavaFX toolkit; without one every request is {@link Decision#UNAVAILABLE}.
 */
public final class FxApprover implements Approver, AutoCloseable {
    private final ApprovalQueue queue = new ApprovalQueue();
    private final Clock clock;
    private final ScheduledExecutorService timers;
    private final CopyOnWriteArrayList<IntConsumer> pendingListeners = new CopyOnWriteArrayList<>();
    /** Created on the FX thread by {@link #prepare()} or at the first request. */
    private ApprovalDialog dialog;
    private volatile boolean closed;
    private final QuestionNotifier notifier;
    private final BooleanSupplier foreignGrab;
    private final Predicate<String> focusOwn;
    private final List<Runnable> closers = new CopyOnWriteArrayList<>();
    /** The question the notifier was last told about (FX thread). */
    private String notified;

    /** An approver without desktop notifications. */
    public FxApprover(Clock clock) {
        this(clock, QuestionNotifier.NONE);
    }

    /** An approver that also tells the person through {@code notifier} whenever a question waits. */
    public FxApprover(Clock clock, QuestionNotifier notifier) {
        this(clock, notifier, () -> false, title -> false);
    }

    /**
     * As {@link #FxApprover(Clock, QuestionNotifier)}, with {@code foreignGrab} saying whether another
     * app holds the keyboard grab (an open menu or list), so that the dialog says so and takes the
     * keyboard as soon as it is let go (desktop.linux.X11Grabs on X11; never true elsewhere), and
     * {@code focusOwn} giving this process's window of that title the window system's input focus
     * (desktop.linux.X11WindowStack.focusOwn; false where there is none).
     */
    public FxApprover(Clock clock, QuestionNotifier notifier, BooleanSupplier foreignGrab,
            Predicate<String> focusOwn) {
        this.clock = clock;
        this.notifier = notifier;
        this.foreignGrab = foreignGrab;
        this.focusOwn = focusOwn;
        this.timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "approval-expiry");
            t.setDaemon(true);
            return t;
        });
        queue.addListener(this::changed);
    }

    @Override
    public CompletableFuture<Decision> request(ApprovalRequest request) {
        if (closed) {
            return CompletableFuture.completedFuture(Decision.UNAVAILABLE);
        }
        long delay = Duration.between(clock.instant(), request.expiresAt()).toMillis();
        if (delay <= 0) {
            return CompletableFuture.completedFuture(Decision.TIMEOUT);
        }
        CompletableFuture<Decision> future = queue.offer(request);
        // Expiry does not depend on the FX thread: a stuck UI still times out.
        timers.schedule(() -> queue.expire(clock.instant()), delay + 1, TimeUnit.MILLISECONDS);
        return future;
    }

    @Override
    public void withdraw(String nonce) {
        queue.withdraw(nonce);
    }

    /**
     * Builds the dialog hidden and styles it once, on the FX thread after what is queued there now
     * (call it after the theme is installed): the first request then pays no class loading, skin
     * creation or first styling while the person waits for the dialog. Any thread; without a
     * toolkit it does nothing, as there is nothing to show.
     */
    public void prepare() {
        try {
            Platform.runLater(this::prepareOnFx);
        } catch (IllegalStateException toolkitGone) {
            // No toolkit: requests are denied in changed(), nothing to prepare.
        }
    }

    /** Listens to how many requests wait (shown one included); called on any thread. */
    public void onPendingChanged(IntConsumer listener) {
        pendingListeners.add(listener);
    }

    public int pending() {
        return queue.size();
    }

    @Override
    public boolean asking() {
        return queue.size() > 0;
    }

    /**
     * Runs {@code closer} when this approver closes: it closes a display connection the dialog
     * uses, whose calls answer "nothing" once closed, so a dialog still ticking does no harm.
     */
    public FxApprover closing(Runnable closer) {
        closers.add(closer);
        return this;
    }

    /** Quitting denies everything still waiting. */
    @Override
    public void close() {
        closed = true;
        queue.denyAll();
        timers.shutdownNow();
        notifier.close();
        closers.forEach(Runnable::run);
    }

    private void changed() {
        int size = queue.size();
        pendingListeners.forEach(l -> l.accept(size));
        try {
            Platform.runLater(this::refreshOnFx);
        } catch (IllegalStateException toolkitGone) {
            // No toolkit: nobody can answer, so nothing may wait for an answer.
            queue.denyAll();
        }
    }

    private void prepareOnFx() {
        if (dialog == null && !closed) {
            dialog = new ApprovalDialog(queue, clock, foreignGrab, focusOwn);
            dialog.prepare();
        }
    }

    private void refreshOnFx() {
        if (dialog == null) {
            if (queue.size() == 0) {
                return;
            }
            dialog = new ApprovalDialog(queue, clock, foreignGrab, focusOwn);
        }
        dialog.refresh();
        notify(queue.head().orElse(null));
    }

    /** Keeps the notice in step with the question shown: one notice, for the head of the queue. */
    private void notify(ApprovalRequest head) {
        String now = head == null ? null : head.nonce();
        if (Objects.equals(now, notified)) {
            return;
        }
        if (notified != null) {
            notifier.answered(notified);
        }
        notified = now;
        if (head != null) {
            ApprovalDialog shown = dialog;
            // Activation only raises the dialog; raising it re-arms its input guard.
            notifier.asking(head, () -> Platform.runLater(shown::bringForward));
        }
    }
}
