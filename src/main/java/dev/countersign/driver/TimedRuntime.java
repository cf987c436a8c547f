package dev.countersign.driver;

import dev.countersign.graph.ComputerUseRuntime;
import java.util.Map;
import java.util.Optional;

/**
 * The graph's runtime for one act as {@link GovernedRun} reads it once the graph finished: how the
 * act was delivered and how long delivering and verifying took. Every carrier's runtime answers
 * the same two questions, so every receipt reports its phases the same way.
 */
interface TimedRuntime extends ComputerUseRuntime {

    /** How the act was delivered and how long delivering it took; empty when nothing was dispatched. */
    Optional<Delivery> delivery();

    /** How long verification took, in ns, once it ran; -1 before. */
    long verifyNanos();

    /** The act's small pictures by role ({@code before}, {@code after}) for the timeline; none by default. */
    default Map<String, byte[]> pictures() {
        return Map.of();
    }

    /** The strategy that delivered an act (the receipt's {@code strategy}) and how long it took. */
    record Delivery(String strategy, long nanos) {
    }
}
