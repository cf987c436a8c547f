package dev.countersign.script;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One step of a script run: it stopped at one tool call, it returned, or it raised. A step is
 * data only; a {@link Call} carries the serialized continuation to resume from.
 */
public sealed interface RunStep {

    /** What the script printed so far (bounded). */
    String stdout();

    /**
     * The script waits for one tool call. {@code snapshot} is the continuation in the runtime's own
     * format; it is only ever read back through {@link CodeRuntime#resume}.
     */
    record Call(String tool, ObjectNode args, String stdout, byte[] snapshot) implements RunStep {
        public Call {
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(args, "args");
            Objects.requireNonNull(snapshot, "snapshot");
        }
    }

    /** The script returned this value (as JSON). */
    record Complete(JsonNode value, String stdout) implements RunStep {
        public Complete {
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * The script failed in a way the agent can fix by writing different code: a syntax error, a
     * refused call form, an uncaught exception or a resource limit. The message goes back verbatim.
     */
    record Raised(String message, String stdout) implements RunStep {
        public Raised {
            Objects.requireNonNull(message, "message");
        }
    }
}
