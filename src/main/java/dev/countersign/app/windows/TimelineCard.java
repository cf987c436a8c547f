package dev.countersign.app.windows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.app.dialog.DialogText;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One act on the Activity timeline, read from its receipt's audit record: when, which agent, the
 * act in the approval dialog's words, its outcome and evidence in words, who allowed it, and the
 * hashes of its small pictures by role, and the other machine that ran it and took them (null for
 * this one). Everything an agent could choose (a label, a window title,
 * an app's name) is only ever in {@link #act}, {@link #app}, {@link #window} and {@link #machine}, cleaned by
 * {@link #clean}; who allowed it and the outcome come from fields the app wrote, never from words.
 */
record TimelineCard(long seq, Instant at, String agent, String act, String app, String window, String status,
        String outcome, String allowedBy, boolean askedMe, Map<String, String> pictures, String machine) {

    /** The longest text of an agent's choosing a card shows. */
    static final int TEXT_MAX = 200;

    TimelineCard {
        pictures = Map.copyOf(pictures);
    }

    /**
     * A receipt record as a card; {@code grants} words each grant by its scope (from its
     * {@code grant_created} record).
     */
    static TimelineCard of(long seq, Instant at, String agent, JsonNode data, Map<String, String> grants) {
        String status = text(data, "status", "unknown");
        String app = clean(text(data, "app", null));
        String window = clean(text(data, "window", null));
        String act = clean(text(data, "act", null));
        if (act == null) {
            String op = text(data, "operation", null);
            act = clean(text(data, "tool", "an act") + (op == null ? "" : " " + op)
                    + (data.hasNonNull("machine") ? " on " + text(data, "machine", "") : ""));
        }
        Map<String, String> pictures = new LinkedHashMap<>();
        JsonNode p = data.get("pictures");
        if (p != null && p.isObject()) {
            p.fields().forEachRemaining(e -> pictures.put(e.getKey(), e.getValue().asText()));
        }
        boolean asked = data.path("asked").asBoolean(false);
        return new TimelineCard(seq, at, clean(agent == null ? "the person" : agent), act, app, window, status,
                outcome(status, text(data, "code", null), text(data, "verification", null), clean(text(data, "evidence", null))),
                allowedBy(data, asked, grants), asked, pictures, clean(text(data, "machine", null)));
    }

    /** The outcome and its evidence in words; "done" only with evidence. */
    static String outcome(String status, String code, String verification, String evidence) {
        String because = evidence == null ? "" : ": " + evidence;
        switch (status) {
            case "confirmed":
                return "Done, and the evidence shows it" + because;
            case "unknown":
                return "Outcome unknown: it may have run, but nothing showed its effect" + because;
            case "failed":
                return "Failed" + (code == null ? "" : " (" + code + ")") + because;
            case "rejected":
                return "Not done" + (code == null ? "" : " (" + code + ")") + because;
            default:
                return status + because;
        }
    }

    /** Who allowed the act, from the fields the app wrote: asked and allowed once, a grant by name, or not needed and why. */
    static String allowedBy(JsonNode data, boolean asked, Map<String, String> grants) {
        String approval = text(data, "approval", null);
        String grant = text(data, "grant", null);
        String grantWords = grant == null ? null : grants.getOrDefault(grant, "grant " + grant);
        if ("allowed_for_a_while".equals(approval)) {
            return "You allowed it and this kind of act for a while: " + grantWords;
        }
        if ("allowed_by_grant".equals(approval) || (grant != null && !asked)) {
            return "Allowed by your " + grantWords;
        }
        if ("allowed_once".equals(approval)) {
            return "You were asked and allowed it once";
        }
        if (approval != null) {
            return asked ? "You were asked: " + approval : "Asked, and not allowed: " + approval;
        }
        String why = clean(text(data, "not_asked_why", null));
        return "Not needed" + (why == null ? "" : ": " + why);
    }

    /** A grant's scope in words, from its {@code grant_created} record. */
    static String grantWords(JsonNode data) {
        String window = data.hasNonNull("window") ? " \u2014 window \u2018" + clean(text(data, "window", "")) + "\u2019" : "";
        return "grant for " + clean(text(data, "operation", "acts")) + " (" + text(data, "category", "?") + ") in "
                + clean(text(data, "app", "?")) + window + ", at most " + data.path("max_acts").asInt() + " acts";
    }

    /**
     * Text of an agent's or an app's choosing made fit for one line of a card, as the approval
     * dialog does it ({@link DialogText#clean}): no line breaks, no control or direction-changing
     * characters, at most {@link #TEXT_MAX} characters; null stays null.
     */
    static String clean(String text) {
        return text == null ? null : DialogText.clean(text, TEXT_MAX);
    }

    private static String text(JsonNode data, String field, String otherwise) {
        JsonNode v = data.get(field);
        return v == null || v.isNull() ? otherwise : v.asText();
    }
}
