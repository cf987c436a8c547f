package dev.countersign.app;

import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.driver.GrantBook;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Records the life of every grant for a task in the audit log (docs/audit.md): its creation with
 * its whole scope, each use before the act it allows runs, and its end. Each record is fsynced
 * before {@link GrantBook} lets the grant or the use take effect; a failure refuses them.
 */
final class GrantTrail implements GrantBook.Listener {
    private final AuditLog log;

    GrantTrail(AuditLog log) {
        this.log = log;
    }

    @Override
    public void created(GrantBook.Grant grant) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("grant", grant.id());
        data.put("app", grant.scope().app());
        data.put("pid", grant.scope().pid());
        if (grant.scope().window() != null) {
            data.put("window", grant.scope().window());
        }
        data.put("category", grant.scope().category());
        data.put("operation", grant.scope().operation());
        data.put("expires_at", grant.expiresAt().toString());
        data.put("max_acts", grant.maxActs());
        data.put("policy_digest", grant.policyDigest());
        data.put("by", "person");
        log.append(AuditKind.GRANT_CREATED, grant.scope().agentId(), data);
    }

    @Override
    public void used(GrantBook.Grant grant, String actionId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("grant", grant.id());
        data.put("action_id", actionId);
        data.put("used", grant.used());
        data.put("left", grant.left());
        log.append(AuditKind.GRANT_USED, grant.scope().agentId(), data);
    }

    @Override
    public void ended(GrantBook.Grant grant, GrantBook.End why) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("grant", grant.id());
        data.put("reason", why.wire());
        data.put("used", grant.used());
        log.append(why.ranOut() ? AuditKind.GRANT_ENDED : AuditKind.GRANT_REVOKED, grant.scope().agentId(), data);
    }
}
