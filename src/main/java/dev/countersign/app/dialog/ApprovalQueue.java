package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The requests waiting for the person, oldest first, and the only place their futures complete.
 * Plain Java and thread-safe, so its rules are tested without a window: the head is the one shown;
 * only the shown request can be allowed; each future completes exactly once; withdrawing, expiry
 * and quitting never allow.
 */
final class ApprovalQueue {
    /** Notified (on whatever thread changed the queue) after every change. */
    interface Listener {
        void changed();
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    private record Entry(ApprovalRequest request, CompletableFuture<Decision> future) {
    }

    void addListener(Listener listener) {
        listeners.add(listener);
    }

    /**
     * Queues a request behind the ones already waiting. A nonce is asked once: a repeat gets the
     * first request's future rather than a second dialog.
     */
    CompletableFuture<Decision> offer(ApprovalRequest request) {
        CompletableFuture<Decision> future;
        synchronized (this) {
            Entry existing = entries.get(request.nonce());
            if (existing != null) {
                return existing.future();
            }
            future = new CompletableFuture<>();
            entries.put(request.nonce(), new Entry(request, future));
        }
        fire();
        return future;
    }

    /** The request the dialog shows now, if any. */
    synchronized Optional<ApprovalRequest> head() {
        Iterator<Entry> it = entries.values().iterator();
        return it.hasNext() ? Optional.of(it.next().request()) : Optional.empty();
    }

    /** How many requests wait behind the shown one. */
    synchronized int waitingBehind() {
        return Math.max(0, entries.size() - 1);
    }

    synchronized int size() {
        return entries.size();
    }

    /**
     * The person's answer to the shown request. It counts only for the request that is shown now:
     * a click that arrives after the dialog moved on to another request decides nothing.
     *
     * @return whether this call completed the request's future
     */
    boolean decideShown(String nonce, Decision decision) {
        Entry entry;
        synchronized (this) {
            Optional<ApprovalRequest> shown = head();
            if (shown.isEmpty() || !shown.get().nonce().equals(nonce)) {
                return false;
            }
            if (decision == Decision.ALLOW_FOR_A_WHILE && shown.get().offer().isEmpty()) {
                // Only a request that offered a grant can be answered with one.
                return false;
            }
            entry = entries.remove(nonce);
        }
        boolean completed = entry.future().complete(decision);
        fire();
        return completed;
    }

    /** Removes a request wherever it waits; its future denies as {@link Decision#UNAVAILABLE}. */
    boolean withdraw(String nonce) {
        Entry entry;
        synchronized (this) {
            entry = entries.remove(nonce);
        }
        if (entry == null) {
            return false;
        }
        entry.future().complete(Decision.UNAVAILABLE);
        fire();
        return true;
    }

    /** Times out every request whose envelope has expired by {@code now}, shown or waiting. */
    int expire(Instant now) {
        List<Entry> expired = new ArrayList<>();
        synchronized (this) {
            Iterator<Entry> it = entries.values().iterator();
            while (it.hasNext()) {
                Entry e = it.next();
                if (!now.isBefore(e.request().expiresAt())) {
                    expired.add(e);
                    it.remove();
                }
            }
        }
        expired.forEach(e -> e.future().complete(Decision.TIMEOUT));
        if (!expired.isEmpty()) {
            fire();
        }
        return expired.size();
    }

    /** Denies everything (the app is quitting): nobody can answer any more. */
    void denyAll() {
        List<Entry> all;
        synchronized (this) {
            all = new ArrayList<>(entries.values());
            entries.clear();
        }
        all.forEach(e -> e.future().complete(Decision.DENY));
        if (!all.isEmpty()) {
            fire();
        }
    }

    private void fire() {
        listeners.forEach(Listener::changed);
    }
}
