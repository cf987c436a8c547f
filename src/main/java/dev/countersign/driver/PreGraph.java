package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The checks an acting tool runs before the governed graph, as one ordered list of named checks:
 * the first refusal ends the call and nothing after it runs. {@code computer_act} and
 * {@code computer_visual_act} share the common ones ({@link #arguments}, {@link #notPaused},
 * {@link #sessionAvailable}, {@link #spend}) and add their own between them, so the order of what
 * is refused first is written in one place per tool and reads top to bottom.
 */
final class PreGraph {
    /** One check: its name (for reading and for tests) and what it refuses, if anything. */
    record Check(String name, Supplier<Optional<CountersignError>> test) {
    }

    /** The first check that refused, with its name; empty when every check passed. */
    record Refusal(String check, CountersignError error) {
    }

    private PreGraph() {
    }

    static Check check(String name, Supplier<Optional<CountersignError>> test) {
        return new Check(name, test);
    }

    /** Runs {@code checks} in order and stops at the first refusal. */
    static Optional<Refusal> firstRefusal(List<Check> checks) {
        for (Check check : checks) {
            Optional<CountersignError> refused = check.test().get();
            if (refused.isPresent()) {
                return Optional.of(new Refusal(check.name(), refused.get()));
            }
        }
        return Optional.empty();
    }

    /** The arguments are well formed (ranges, lengths, key names). */
    static Check arguments(Supplier<Optional<CountersignError>> validate) {
        return check("arguments", validate);
    }

    /** The person has not paused all agents (the kill switch). */
    static Check notPaused(DriverContext ctx) {
        return check("not paused", ctx::pauseProblem);
    }

    /** The desktop session is unlocked and the permissions are granted. */
    static Check sessionAvailable(DriverContext ctx) {
        return check("session available", ctx::sessionProblem);
    }

    /**
     * The act is accepted: from here its outcome may be uncertain, so the observation is spent
     * (one mutating action per observation). Everything that can refuse without consuming comes
     * before this check.
     */
    static Check spend(DriverContext ctx, Supplier<Observation> observation) {
        return check("observation spent", () -> ctx.observations.consume(observation.get()));
    }
}
