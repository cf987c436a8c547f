package dev.countersign.script;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignError;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The durable state of one suspended or running script: whose it is, the continuation at its
 * pending tool call, and how far that call got. {@link Phase} is the SAVE-BEFORE / SAVE-AFTER
 * protocol: recovery reads it to decide between resuming with a stored result, re-running a
 * read-only call, re-asking the person, or reporting an acting call's outcome as unknown.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ScriptCheckpoint(
        @JsonProperty("script_id") String scriptId,
        @JsonProperty("agent_id") String agentId,
        @JsonProperty("name") String name,
        @JsonProperty("phase") Phase phase,
        @JsonProperty("tool") String tool,
        @JsonProperty("args") ObjectNode args,
        @JsonProperty("snapshot") byte[] snapshot,
        @JsonProperty("stdout") String stdout,
        @JsonProperty("tool_calls") int toolCalls,
        @JsonProperty("target") Target target,
        @JsonProperty("waiting_for") String waitingFor,
        @JsonProperty("result") Result result,
        @JsonProperty("refs") Map<String, Target> refs) {

    /** How far the pending tool call got. */
    enum Phase {
        /** SAVE-BEFORE is written; the call may or may not have been dispatched. */
        BEFORE,
        /** The driver asked the person; nothing was dispatched (dispatch only follows an allow). */
        AWAITING_APPROVAL,
        /** The person allowed; dispatch may have happened. */
        DISPATCHING,
        /** SAVE-AFTER is written: {@code result} is the call's answer; it is never run again. */
        AFTER
    }

    /** What identifies an act's target across a restart, taken from the observation the script acted on. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Target(
            @JsonProperty("pid") long pid,
            @JsonProperty("launch_id") String launchId,
            @JsonProperty("window_title") String windowTitle,
            @JsonProperty("role") String role,
            @JsonProperty("name") String name,
            @JsonProperty("identifier") String identifier,
            @JsonProperty("frame") int[] frame) {
    }

    /** A stored tool answer: a value, or an error with its optional receipt. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Result(
            @JsonProperty("ok") JsonNode ok,
            @JsonProperty("error") CountersignError error,
            @JsonProperty("receipt") JsonNode receipt) {

        static Result of(ResumeWith with) {
            if (with instanceof ResumeWith.Value value) {
                return new Result(value.value(), null, null);
            }
            ResumeWith.Failure failure = (ResumeWith.Failure) with;
            return new Result(null, failure.error(), failure.receipt());
        }

        ResumeWith toResumeWith() {
            return error != null ? new ResumeWith.Failure(error, receipt) : new ResumeWith.Value(ok);
        }
    }

    ScriptCheckpoint {
        Objects.requireNonNull(scriptId, "scriptId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(snapshot, "snapshot");
        // Insertion order matters: the oldest remembered refs are dropped first.
        refs = refs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(refs));
    }

    ScriptCheckpoint with(Phase next, Result answer) {
        return new ScriptCheckpoint(scriptId, agentId, name, next, tool, args, snapshot, stdout, toolCalls, target,
                waitingFor, answer, refs);
    }

    ScriptCheckpoint waitingFor(String summary) {
        return new ScriptCheckpoint(scriptId, agentId, name, Phase.AWAITING_APPROVAL, tool, args, snapshot, stdout,
                toolCalls, target, summary, null, refs);
    }

    boolean acting() {
        return ToolCatalog.find(tool).map(ScriptTool::acting).orElse(true);
    }
}
