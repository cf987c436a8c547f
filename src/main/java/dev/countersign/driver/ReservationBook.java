package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import dev.countersign.core.Timestamps;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Per-window reservations: at most one action holds a window at a time, so two agents never
 * mutate one window at once. A second action waits (bounded) for the window and then proceeds, or
 * is refused with {@code RESERVATION_INVALID}.
 */
final class ReservationBook {
    private final Clock clock;
    private final Duration holdFor;
    private final Map<String, Held> byWindow = new HashMap<>();
    /** Ids the kill switch or a dispose dropped; their own release later is not an error. */
    private final Set<String> dropped = Collections.newSetFromMap(
            new LinkedHashMap<String, Boolean>() {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > 10_000;
                }
            });
    private boolean closed;

    private record Held(TargetReservation reservation, String windowKey) {
    }

    ReservationBook(Clock clock, Duration holdFor) {
        this.clock = clock;
        this.holdFor = holdFor;
    }

    /**
     * Reserves {@code scope} for one action, waiting up to {@code wait} while another action holds
     * it. Real time (not the injected clock) bounds the wait: it is about threads, not policy.
     */
    synchronized TargetReservation acquire(String reservationId, String sessionId, String principalId,
            String agentId, String groupId, String actionId, ReservationScope scope, String windowKey,
            Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!closed && heldAndUnexpired(windowKey)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new CountersignException(CountersignError.onField(ErrorCode.RESERVATION_INVALID, "window",
                        "another action holds this window; try again in a moment"));
            }
            try {
                wait(Math.max(1, left / 1_000_000), (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CountersignException(CountersignError.of(ErrorCode.RESERVATION_INVALID,
                        "interrupted while waiting for the window"), e);
            }
        }
        if (closed) {
            throw new CountersignException(CountersignError.of(ErrorCode.AGENT_PAUSED, "agents are paused"));
        }
        TargetReservation reservation = new TargetReservation(reservationId, sessionId, principalId, agentId,
                groupId, actionId, TargetReservation.ACTIVE, Timestamps.format(clock.instant().plus(holdFor)), scope);
        byWindow.put(windowKey, new Held(reservation, windowKey));
        return reservation;
    }

    /** Whether this reservation is still held (not released, dropped by the kill switch, or disposed). */
    synchronized boolean isHeld(String reservationId) {
        return byWindow.values().stream().anyMatch(h -> h.reservation().reservationId().equals(reservationId));
    }

    private boolean heldAndUnexpired(String windowKey) {
        Held held = byWindow.get(windowKey);
        if (held == null) {
            return false;
        }
        boolean expired = Timestamps.parse(held.reservation().expiresAt())
                .map(at -> !clock.instant().isBefore(at)).orElse(true);
        if (expired) {
            // A holder that never released (a crashed thread) cannot block the window forever.
            byWindow.remove(windowKey);
            dropped.add(held.reservation().reservationId());
        }
        return !expired;
    }

    /**
     * Releases the reservation with this id. Releasing one the kill switch, a dispose or its expiry
     * already dropped is fine; releasing one never held is an error.
     */
    synchronized void release(TargetReservation reservation) {
        if (dropped.remove(reservation.reservationId())) {
            return;
        }
        Optional<String> key = byWindow.entrySet().stream()
                .filter(e -> e.getValue().reservation().reservationId().equals(reservation.reservationId()))
                .map(Map.Entry::getKey).findFirst();
        if (key.isEmpty()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.RESERVATION_INVALID, "reservation_id",
                    "no such reservation is held (already released?)"));
        }
        byWindow.remove(key.get());
        notifyAll();
    }

    /** Releases every reservation of this agent (scope disposed). */
    synchronized void releaseAgent(String agentId) {
        byWindow.values().removeIf(h -> {
            boolean theirs = h.reservation().agentId().equals(agentId);
            if (theirs) {
                dropped.add(h.reservation().reservationId());
            }
            return theirs;
        });
        notifyAll();
    }

    /** Releases everything and refuses new reservations until {@link #reopen()} (the kill switch). */
    synchronized void closeAll() {
        closed = true;
        byWindow.values().forEach(h -> dropped.add(h.reservation().reservationId()));
        byWindow.clear();
        notifyAll();
    }

    synchronized void reopen() {
        closed = false;
    }

    synchronized int held() {
        return byWindow.size();
    }
}
