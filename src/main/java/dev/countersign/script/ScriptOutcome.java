package dev.countersign.script;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;

/** What {@code computer_script} and {@code computer_script_resume} answer the agent. */
public sealed interface ScriptOutcome {

    /** The script returned {@code {observation: …}}: the value goes back to the agent, which continues. */
    record Observation(JsonNode value, String stdout) implements ScriptOutcome {
    }

    /** The script returned {@code {final_result: …}}: the task is done. */
    record FinalResult(JsonNode value, String stdout) implements ScriptOutcome {
    }

    /** The script raised (its own error, verbatim) or broke a rule of the runtime; the agent can fix the code. */
    record Error(String message, String stdout) implements ScriptOutcome {
    }

    /** A tool call waits for the person; resume with {@code script_id} after the decision. */
    record Suspended(String scriptId, String waitingFor, String stdout) implements ScriptOutcome {
    }

    /** The host refused or failed (unknown script id, refused checkpoint, internal fault); the run stopped. */
    record HostFault(CountersignError error) implements ScriptOutcome {
    }
}
