package dev.countersign.app.windows;

import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.Receipt;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Receipts across agents, newest first. The driver keeps each agent's recent receipts in a ring;
 * the feed polls the rings and stamps each receipt with when it first saw it, which orders
 * receipts of different agents. Bounded like the rings it reads.
 */
public final class ActivityFeed {
    /** One receipt of one agent, as first seen. */
    public record Entry(Instant seenAt, String agent, Receipt receipt) {
    }

    static final int CAPACITY = 500;

    private final ComputerDriver driver;
    private final Clock clock;
    private final Map<String, Entry> byReceipt = new HashMap<>();

    public ActivityFeed(ComputerDriver driver, Clock clock) {
        this.driver = driver;
        this.clock = clock;
    }

    /**
     * Reads the rings of {@code agents} and of everyone else holding receipts here (a governing
     * Countersign's scope, whose acts ran on this desktop) and returns every receipt seen so far,
     * newest first.
     */
    public synchronized List<Entry> poll(Collection<String> agents) {
        Instant now = clock.instant();
        Set<String> holders = new LinkedHashSet<>(agents);
        holders.addAll(driver.receiptHolders());
        for (String agent : holders) {
            // The ring lists newest first; stamping oldest first keeps one poll's order stable.
            List<Receipt> receipts = new ArrayList<>(driver.receipts(agent));
            for (int i = receipts.size() - 1; i >= 0; i--) {
                Receipt r = receipts.get(i);
                byReceipt.putIfAbsent(r.receiptId(), new Entry(now.plusNanos(receipts.size() - i), agent, r));
            }
        }
        List<Entry> all = new ArrayList<>(byReceipt.values());
        all.sort(Comparator.comparing(Entry::seenAt).reversed());
        if (all.size() > CAPACITY) {
            for (Entry old : all.subList(CAPACITY, all.size())) {
                byReceipt.remove(old.receipt().receiptId());
            }
            all = new ArrayList<>(all.subList(0, CAPACITY));
        }
        return all;
    }

    /** When the newest receipt was first seen, or {@link Instant#EPOCH} when none was. */
    public synchronized Instant lastSeen() {
        return byReceipt.values().stream().map(Entry::seenAt).max(Comparator.naturalOrder()).orElse(Instant.EPOCH);
    }
}
