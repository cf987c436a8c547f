package dev.countersign.server.tools;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditPictures;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.Digests;
import dev.countersign.driver.ActAccount;
import dev.countersign.driver.Forwarded;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.Receipt;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the endpoint writes to the audit log, and when: approval requests before the person is
 * asked, decisions before anything is dispatched, receipts before the agent is answered (each
 * fsynced by {@link AuditLog#append} before it returns). Records hold ids, digests and words,
 * never typed text, tokens or screenshots (a
 * receipt's small pictures are kept beside the log and named here by their hashes).
 */
public final class AuditTrail {
    private static final Logger LOG = LoggerFactory.getLogger(AuditTrail.class);
    private final AuditLog log;
    private final Function<String, Optional<ActAccount>> accounts;

    /** Writes to {@code log}; receipts carry no account of the act. */
    public AuditTrail(AuditLog log) {
        this(log, receiptId -> Optional.empty());
    }

    /**
     * Writes to {@code log}; each receipt's record also carries the act's account from
     * {@code accounts} (its words, who allowed it, its pictures' hashes: docs/audit.md).
     */
    public AuditTrail(AuditLog log, Function<String, Optional<ActAccount>> accounts) {
        this.log = log;
        this.accounts = accounts;
    }

    /** The endpoint serves {@code tools} at {@code url}. */
    public void serverStarted(String url, Iterable<String> tools) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("url", url);
        data.put("tools", tools);
        log.append(AuditKind.SERVER_STARTED, null, data);
    }

    /** The endpoint stopped. */
    public void serverStopped() {
        log.append(AuditKind.SERVER_STOPPED, null, Map.of());
    }

    void observed(String agentId, ObservationView view) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", "computer_observe");
        data.put("observation_id", view.observationId());
        data.put("fingerprint", view.fingerprint());
        if (view.app() != null) {
            data.put("app", view.app().name());
        }
        data.put("nodes", view.nodes().size());
        log.append(AuditKind.OBSERVED, agentId, data);
    }

    /** The person is about to be asked {@code request} for {@code tool}. */
    public void approvalRequested(String tool, ApprovalRequest request) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", tool);
        data.put("request", requestId(request));
        data.put("summary", request.summary());
        data.put("category", request.category());
        data.put("matched_words", request.matchedWords());
        data.put("expires_at", request.expiresAt().toString());
        log.append(AuditKind.APPROVAL_REQUESTED, request.agentId(), data);
    }

    /** The person's decision on {@code request} for {@code tool}, or its withdrawal. */
    public void approvalDecided(String tool, ApprovalRequest request, Decision decision, boolean withdrawn) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", tool);
        data.put("request", requestId(request));
        data.put("decision", decision.name().toLowerCase(Locale.ROOT));
        AuditKind kind = withdrawn ? AuditKind.APPROVAL_WITHDRAWN
                : decision.allows() ? AuditKind.APPROVAL_ALLOWED : AuditKind.APPROVAL_DENIED;
        log.append(kind, request.agentId(), data);
    }

    /** The receipt of {@code agentId}'s act through {@code tool}, with the act's account when there is one. */
    public void receipt(String agentId, String tool, Receipt receipt) {
        receipt(agentId, tool, receipt, Map.of());
    }

    /**
     * A governed server's act: its receipt, with what Countersign itself resolved at the point and
     * the SHA-256 of its own capture of that window before dispatch.
     */
    void forwarded(String agentId, String tool, Forwarded forwarded) {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("target", forwarded.target());
        if (forwarded.captureSha256() != null) {
            extra.put("capture_sha256", forwarded.captureSha256());
        }
        receipt(agentId, tool, forwarded.receipt(), extra);
    }

    private void receipt(String agentId, String tool, Receipt receipt, Map<String, Object> extra) {
        Map<String, Object> more = new LinkedHashMap<>(extra);
        accounts.apply(receipt.receiptId()).ifPresent(account -> {
            more.putAll(account(account));
            // The outcome's evidence in words (what was read back, or why it is unknown), for the timeline.
            putIfPresent(more, "evidence", receipt.detail());
        });
        log.append(AuditKind.RECEIPT, agentId, receipt.auditRecord(tool, more));
    }

    /** The act's account as record fields; its pictures kept beside the log and named by their hashes. */
    private Map<String, Object> account(ActAccount account) {
        Map<String, Object> data = new LinkedHashMap<>();
        putIfPresent(data, "act", account.words());
        putIfPresent(data, "app", account.app());
        putIfPresent(data, "window", account.window());
        putIfPresent(data, "machine", account.machine());
        putIfPresent(data, "operation", account.operation());
        data.put("asked", account.asked());
        putIfPresent(data, "not_asked_why", account.notAskedWhy());
        if (!account.pictures().isEmpty() && account.rules().on()) {
            AuditPictures store = AuditPictures.forLog(log.file());
            Map<String, String> hashes = new TreeMap<>();
            try {
                for (Map.Entry<String, byte[]> picture : account.pictures().entrySet()) {
                    hashes.put(picture.getKey(), store.put(picture.getValue()));
                }
                store.prune(account.rules().capBytes(), account.rules().maxAge(), log.clock().instant());
            } catch (IOException e) {
                // A picture that could not be kept is left out; the act's record is not.
                LOG.warn("a timeline picture could not be kept: {}", e.getMessage());
            }
            if (!hashes.isEmpty()) {
                data.put(AuditPictures.KEY, hashes);
            }
        }
        return data;
    }

    private static void putIfPresent(Map<String, Object> data, String key, String value) {
        if (value != null) {
            data.put(key, value);
        }
    }

    /** A stable id for one approval request that does not reveal its single-use nonce. */
    private static String requestId(ApprovalRequest request) {
        return Digests.sha256Hex(request.nonce()).substring(0, 16);
    }
}
