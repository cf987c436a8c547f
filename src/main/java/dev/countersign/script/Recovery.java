package dev.countersign.script;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.ApprovalTap;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * What a script's pending call becomes when the process that ran it is gone. Observation refs live
 * only in memory, so an act that was waiting for the person is re-issued on a fresh observation of
 * the same target — found again by the identity the driver re-checks (launch, window title, role,
 * name, identifier, frame) — and the person is asked again. An act that may have been dispatched
 * is never repeated: the person is asked whether the script may continue, told that the outcome is
 * unknown.
 */
final class Recovery {
    /** Refs of at most this many actionable nodes are remembered per script (the latest observations win). */
    static final int MAX_REFS = 2_000;
    private static final Duration QUESTION_WINDOW = Duration.ofMinutes(5);

    private final ToolPort tools;
    private final ApprovalTap approvals;

    Recovery(ToolPort tools, ApprovalTap approvals) {
        this.tools = tools;
        this.approvals = approvals;
    }

    /** Adds the actionable nodes of an observation to the remembered refs, dropping the oldest beyond the bound. */
    static Map<String, ScriptCheckpoint.Target> remember(Map<String, ScriptCheckpoint.Target> refs, JsonNode view) {
        LinkedHashMap<String, ScriptCheckpoint.Target> next = new LinkedHashMap<>(refs);
        JsonNode app = view.path("app");
        for (JsonNode node : view.path("nodes")) {
            if (node.path("actions").size() == 0 || !node.hasNonNull("ref")) {
                continue;
            }
            next.put(node.get("ref").asText(), new ScriptCheckpoint.Target(app.path("pid").asLong(),
                    text(app, "launch_id"), text(view.path("window"), "title"), text(node, "role"),
                    text(node, "name"), text(node, "identifier"), frame(node.path("frame"))));
        }
        Iterator<String> oldest = next.keySet().iterator();
        while (next.size() > MAX_REFS && oldest.hasNext()) {
            oldest.next();
            oldest.remove();
        }
        return next;
    }

    /** Re-observes the target's app, finds the target again by identity, and repeats the act on the new ref. */
    ResumeWith reissue(ScriptCheckpoint checkpoint, ScriptAudit audit) {
        ScriptCheckpoint.Target target = checkpoint.target();
        if (target == null) {
            return changed("Countersign restarted while the person was deciding and the target cannot be identified "
                    + "again; observe again and repeat the action");
        }
        ObjectNode observe = Json.mapper().createObjectNode().put("app", Long.toString(target.pid()));
        ResumeWith seen = tools.call(checkpoint.agentId(), ToolCatalog.OBSERVE, observe, audit);
        if (seen instanceof ResumeWith.Failure) {
            return seen;
        }
        JsonNode view = ((ResumeWith.Value) seen).value();
        if (!Objects.equals(text(view.path("app"), "launch_id"), target.launchId())
                || !Objects.equals(text(view.path("window"), "title"), target.windowTitle())) {
            return changed("after the restart the application or window is not the one the script acted on");
        }
        List<String> matches = new ArrayList<>();
        for (JsonNode node : view.path("nodes")) {
            if (Objects.equals(text(node, "role"), target.role()) && Objects.equals(text(node, "name"), target.name())
                    && Objects.equals(text(node, "identifier"), target.identifier())
                    && Arrays.equals(frame(node.path("frame")), target.frame())) {
                matches.add(node.get("ref").asText());
            }
        }
        if (matches.size() != 1) {
            return changed("after the restart the target was found " + matches.size() + " times instead of once");
        }
        ObjectNode act = checkpoint.args().deepCopy().put("ref", matches.get(0));
        return tools.call(checkpoint.agentId(), ToolCatalog.ACT, act, audit);
    }

    /** Asks the person whether a script may go on after an action whose outcome is unknown. */
    CompletableFuture<ResumeWith> askAboutInterrupted(ScriptCheckpoint checkpoint, ScriptAudit audit) {
        ScriptCheckpoint.Target target = checkpoint.target();
        return approvals.askPerson(checkpoint.agentId(), interruptedSummary(checkpoint), "interrupted",
                target == null ? "(unknown app)" : "pid " + target.pid(), target == null ? null : target.windowTitle(),
                Instant.now().plus(QUESTION_WINDOW), audit.approvals()).thenApply(allowed -> {
            if (allowed) {
                ObjectNode receipt = Json.mapper().createObjectNode().put("status", "unknown")
                        .put("detail", "Countersign stopped while this action may have been dispatched; it was not "
                                + "repeated. Observe again to see whether it happened.")
                        .put("interrupted", true);
                return new ResumeWith.Value(receipt);
            }
            return new ResumeWith.Failure(new CountersignError(ErrorCode.APPROVAL_DENIED, "Countersign stopped while "
                    + "this action may have been dispatched, and the person did not let the script continue", null,
                    null, null), null);
        });
    }

    static String interruptedSummary(ScriptCheckpoint checkpoint) {
        ScriptCheckpoint.Target t = checkpoint.target();
        String what = checkpoint.args().path("op").asText("act") + (t == null || t.name() == null ? ""
                : " \u2018" + t.name() + "\u2019") + (t == null || t.windowTitle() == null ? ""
                : " in window \u2018" + t.windowTitle() + "\u2019");
        return "Script \u2018" + checkpoint.name() + "\u2019 was interrupted during: " + what + ". It may or may not "
                + "have happened and will not be repeated. Let the script continue?";
    }

    private static ResumeWith changed(String message) {
        return new ResumeWith.Failure(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref", message), null);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static int[] frame(JsonNode frame) {
        if (!frame.isArray()) {
            return null;
        }
        int[] f = new int[frame.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = frame.get(i).asInt();
        }
        return f;
    }
}
