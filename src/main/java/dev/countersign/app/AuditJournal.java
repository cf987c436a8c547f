package dev.countersign.app;

import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ActJournal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The served app's {@link ActJournal}: each act's {@code intent} record in the audit log, fsynced
 * before dispatch (docs/audit.md). Holds ids and digests only, never the typed text.
 */
final class AuditJournal implements ActJournal {
    private final AuditLog log;

    AuditJournal(AuditLog log) {
        this.log = log;
    }

    @Override
    public void intent(ActionEnvelope envelope, ApprovalGrant approval) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", envelope.tool());
        data.put("action_id", envelope.actionId());
        data.put("operation", envelope.operation());
        data.put("action_class", envelope.actionClass());
        data.put("app_id", envelope.target().appId());
        data.put("window_id", envelope.target().windowId());
        data.put("args_digest", envelope.argsDigest());
        if (approval != null) {
            data.put("approval", approval.grantId() != null ? approval.grantId() : "runtime");
        }
        log.append(AuditKind.INTENT, envelope.agentId(), data);
    }

    @Override
    public Optional<CountersignError> unwritable() {
        return log.unwritable().map(because -> CountersignError.of(ErrorCode.AUDIT_UNWRITABLE,
                "Countersign cannot write its audit log (" + because + ")"));
    }

    @Override
    public Optional<CountersignError> tryAgain() {
        if (log.unwritable().isEmpty()) {
            return Optional.empty();
        }
        try {
            log.resume();
            return Optional.empty();
        } catch (CountersignException e) {
            return Optional.of(e.error());
        }
    }
}
