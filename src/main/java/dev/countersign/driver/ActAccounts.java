package dev.countersign.driver;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The accounts of recent acts by receipt id, until the endpoint writes them into the audit log;
 * bounded, oldest first out, so acts nobody records (a test, a dropped connection) cannot grow it.
 */
final class ActAccounts {
    private final int capacity;
    private final Map<String, ActAccount> byReceipt;

    ActAccounts(int capacity) {
        this.capacity = capacity;
        this.byReceipt = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, ActAccount> eldest) {
                return size() > ActAccounts.this.capacity;
            }
        };
    }

    synchronized void add(ActAccount account) {
        byReceipt.put(account.receiptId(), account);
    }

    /** The account of {@code receiptId}, handed over once: the audit record takes it. */
    synchronized Optional<ActAccount> take(String receiptId) {
        return Optional.ofNullable(byReceipt.remove(receiptId));
    }
}
