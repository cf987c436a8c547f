package dev.countersign.driver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Each agent's most recent receipts, bounded, with honest counts of what was dropped. */
final class ReceiptRing {
    private final int capacity;
    private final Map<String, Ring> rings = new ConcurrentHashMap<>();

    /** A snapshot of one agent's ring. */
    record Window(List<Receipt> receipts, long total, long dropped, int capacity) {
    }

    ReceiptRing(int capacity) {
        this.capacity = capacity;
    }

    void add(String agentId, Receipt receipt) {
        rings.computeIfAbsent(agentId, a -> new Ring()).add(receipt, capacity);
    }

    Window window(String agentId) {
        Ring ring = rings.get(agentId);
        return ring == null ? new Window(List.of(), 0, 0, capacity) : ring.window(capacity);
    }

    /** Whoever holds a ring now. */
    Set<String> holders() {
        return Set.copyOf(rings.keySet());
    }

    void forget(String agentId) {
        rings.remove(agentId);
    }

    private static final class Ring {
        private final ArrayDeque<Receipt> receipts = new ArrayDeque<>();
        private long total;
        private long dropped;

        synchronized void add(Receipt receipt, int capacity) {
            receipts.addLast(receipt);
            total++;
            if (receipts.size() > capacity) {
                receipts.removeFirst();
                dropped++;
            }
        }

        synchronized Window window(int capacity) {
            List<Receipt> newestFirst = new ArrayList<>(receipts);
            Collections.reverse(newestFirst);
            return new Window(newestFirst, total, dropped, capacity);
        }
    }
}
