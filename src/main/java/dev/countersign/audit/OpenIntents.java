package dev.countersign.audit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The intents of an intact chain still waiting for their outcome, as {@link AuditVerifier} reads
 * it: an {@code intent} opens its {@code action_id}, a {@code receipt} with that id closes it. What
 * is open at the end was dispatched (or about to be) with no outcome in the log.
 */
final class OpenIntents {
    /** Acts in flight at once are few; a log with more open ones lists the first this many. */
    static final int LISTED = 1000;
    private final Map<String, AuditVerification.OpenIntent> open = new LinkedHashMap<>();

    void read(AuditRecord record) {
        String actionId = record.data().path("action_id").asText(null);
        if (actionId == null) {
            return;
        }
        if (AuditKind.INTENT.wire().equals(record.kind())) {
            if (open.size() < LISTED) {
                open.put(actionId, new AuditVerification.OpenIntent(record.seq(), actionId, record.agentId()));
            }
        } else if (AuditKind.RECEIPT.wire().equals(record.kind())) {
            open.remove(actionId);
        }
    }

    List<AuditVerification.OpenIntent> open() {
        return new ArrayList<>(open.values());
    }
}
