package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a script call answers, as the endpoint shows it: an observation or final result (a value),
 * the script's own error (verbatim), a suspension ({@code script_id}), or a host fault (a coded error).
 */
public record ScriptReply(Status status, JsonNode value, String error, String scriptId, String waitingFor,
        String stdout, CountersignError fault) {

    /** The tagged outcome; its wire name is the lower-case name. */
    public enum Status { OBSERVATION, FINAL_RESULT, ERROR, SUSPENDED, FAULT }

    public ScriptReply {
        Objects.requireNonNull(status, "status");
        if (status == Status.FAULT) {
            Objects.requireNonNull(fault, "a fault carries its error");
        }
    }

    public static ScriptReply observation(JsonNode value, String stdout) {
        return new ScriptReply(Status.OBSERVATION, value, null, null, null, stdout, null);
    }

    public static ScriptReply finalResult(JsonNode value, String stdout) {
        return new ScriptReply(Status.FINAL_RESULT, value, null, null, null, stdout, null);
    }

    public static ScriptReply error(String message, String stdout) {
        return new ScriptReply(Status.ERROR, null, message, null, null, stdout, null);
    }

    public static ScriptReply suspended(String scriptId, String waitingFor, String stdout) {
        return new ScriptReply(Status.SUSPENDED, null, null, scriptId, waitingFor, stdout, null);
    }

    public static ScriptReply fault(CountersignError fault) {
        return new ScriptReply(Status.FAULT, null, null, null, null, null, fault);
    }

    /** The structured content the agent receives (not for {@link Status#FAULT}). */
    Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        String wire = status.name().toLowerCase(Locale.ROOT);
        body.put("status", wire);
        switch (status) {
            case OBSERVATION:
            case FINAL_RESULT:
                body.put(wire, value);
                break;
            case ERROR:
                // Coded like every other error result, so a client shows it the same way; the
                // script is the argument to fix. "error" stays for agents that read it already.
                body.put("code", ErrorCode.INVALID_ARGUMENT.name());
                body.put("field", "script");
                body.put("message", error);
                body.put("error", error);
                body.put("hint", "the script raised or broke a rule; fix the script and call computer_script again");
                break;
            case SUSPENDED:
                body.put("script_id", scriptId);
                body.put("waiting_for", waitingFor);
                break;
            default:
                break;
        }
        if (stdout != null && !stdout.isEmpty()) {
            body.put("stdout", stdout);
        }
        return body;
    }
}
