package dev.countersign.graph;

import dev.countersign.core.ApprovalDecision;
import dev.countersign.core.IdSource;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A state machine declared in one place: each node with its work and its edges, the states where a
 * run stops (terminal) and where it waits for input (interrupt). The loop that runs it is "do the
 * node's work, follow its edge, until a declared stop". A declaration that is not a closed graph
 * fails when it is built, not when a run reaches the gap: a node declared twice or never (so no
 * edge can lead to an undeclared one), a working node without edges, a terminal with edges, a node no run
 * can reach, an event a node's work can emit that has no edge, or an edge on an event its work never
 * emits.
 *
 * <p>What a work can emit is its type: a node is declared with an {@link Outcome} enum, its work
 * returns a constant of that enum and its edges are keyed by that enum's constants, so the compiler
 * holds the work to the declared set and the build holds the edges to it (every constant has an
 * edge; an edge whose event is not a constant, possible only past an unchecked cast, is refused).
 *
 * <p>Modelled on Temporal's {@code StateMachineDefinition} ({@code add(from, event, to, action)}
 * plus final states), written for this graph.
 */
final class GraphDefinition {
    /** What a node's work may use; the runtime is the only thing it talks to. */
    record Services(ComputerUseRuntime runtime, ApprovalGate gate, Clock clock, IdSource ids) {
    }

    /** The work of a node: reads and appends graph state, returns one of the events it declares. */
    @FunctionalInterface
    interface Work<E extends Enum<E> & Outcome> {
        E run(GraphState state, Services services);
    }

    /** The work of an interrupt when its input arrives. */
    @FunctionalInterface
    interface Resume<E extends Enum<E> & Outcome> {
        E run(GraphState state, ApprovalDecision decision, Services services);
    }

    /** One edge: on {@code event}, go to {@code to}. */
    record Edge<E extends Enum<E> & Outcome>(E event, Node to) {
    }

    static <E extends Enum<E> & Outcome> Edge<E> on(E event, Node to) {
        return new Edge<>(event, to);
    }

    private record Declared(Work<?> work, Resume<?> resume, Map<Event, Node> edges) {
    }

    private final Node start;
    private final Map<Node, Declared> nodes;
    private final Set<Node> terminals;

    private GraphDefinition(Node start, Map<Node, Declared> nodes, Set<Node> terminals) {
        this.start = start;
        this.nodes = nodes;
        this.terminals = terminals;
    }

    static Builder startingAt(Node start) {
        return new Builder(start);
    }

    Node start() {
        return start;
    }

    /** Whether a run stops at {@code node}: it is terminal, or it waits for input. */
    boolean stopsAt(Node node) {
        return terminals.contains(node) || isInterrupt(node);
    }

    boolean isInterrupt(Node node) {
        Declared declared = nodes.get(node);
        return declared != null && declared.resume() != null;
    }

    /** Runs the work of a working node. */
    Event work(GraphState state, Services services) {
        return declared(state.node).work().run(state, services).event();
    }

    /** Runs the work of an interrupt with the input that answers it. */
    Event resume(GraphState state, ApprovalDecision decision, Services services) {
        return declared(state.node).resume().run(state, decision, services).event();
    }

    /** The node that follows {@code from} on {@code event}, if the definition declares that edge. */
    Optional<Node> next(Node from, Event event) {
        Declared declared = nodes.get(from);
        return Optional.ofNullable(declared == null ? null : declared.edges().get(event));
    }

    /** Every transition, by node then event. */
    List<Transition> transitions() {
        List<Transition> all = new ArrayList<>();
        nodes.forEach((from, declared) -> declared.edges().forEach((event, to) -> all.add(new Transition(from, event, to))));
        return Collections.unmodifiableList(all);
    }

    private Declared declared(Node node) {
        Declared declared = nodes.get(node);
        if (declared == null) {
            throw new IllegalStateException("no work is declared for " + node);
        }
        return declared;
    }

    /** Collects the declaration and checks it is a closed graph. */
    static final class Builder {
        private final Node start;
        private final Map<Node, Declared> nodes = new EnumMap<>(Node.class);
        private final Set<Node> terminals = EnumSet.noneOf(Node.class);

        private Builder(Node start) {
            this.start = start;
        }

        /** A working node whose work can emit exactly the constants of {@code emits}. */
        @SafeVarargs
        final <E extends Enum<E> & Outcome> Builder node(Node node, Class<E> emits, Work<E> work,
                Edge<E>... edges) {
            return add(node, new Declared(work, null, edges(node, emits, edges)));
        }

        /** An interrupt whose resume can emit exactly the constants of {@code emits}. */
        @SafeVarargs
        final <E extends Enum<E> & Outcome> Builder interrupt(Node node, Class<E> emits, Resume<E> resume,
                Edge<E>... edges) {
            return add(node, new Declared(null, resume, edges(node, emits, edges)));
        }

        Builder terminal(Node node) {
            if (nodes.containsKey(node) || !terminals.add(node)) {
                throw new IllegalStateException(node + " is declared twice");
            }
            return this;
        }

        GraphDefinition build() {
            for (Node node : Node.values()) {
                if (!nodes.containsKey(node) && !terminals.contains(node)) {
                    throw new IllegalStateException(node + " is never declared");
                }
            }
            if (terminals.isEmpty()) {
                throw new IllegalStateException("a graph needs a terminal state");
            }
            nodes.forEach((from, declared) -> {
                if (declared.edges().isEmpty()) {
                    throw new IllegalStateException(from + " has no way out");
                }
            });
            Set<Node> unreachable = EnumSet.allOf(Node.class);
            unreachable.removeAll(reachable());
            if (!unreachable.isEmpty()) {
                throw new IllegalStateException("no run can reach " + unreachable);
            }
            return new GraphDefinition(start, Collections.unmodifiableMap(new EnumMap<>(nodes)),
                    Collections.unmodifiableSet(EnumSet.copyOf(terminals)));
        }

        private Set<Node> reachable() {
            Set<Node> seen = EnumSet.of(start);
            Deque<Node> todo = new ArrayDeque<>(List.of(start));
            while (!todo.isEmpty()) {
                Declared declared = nodes.get(todo.pop());
                if (declared != null) {
                    declared.edges().values().stream().filter(seen::add).forEach(todo::push);
                }
            }
            return seen;
        }

        private Builder add(Node node, Declared declared) {
            if (terminals.contains(node) || nodes.putIfAbsent(node, declared) != null) {
                throw new IllegalStateException(node + " is declared twice");
            }
            return this;
        }

        private static <E extends Enum<E> & Outcome> Map<Event, Node> edges(Node from, Class<E> emits,
                Edge<E>[] edges) {
            Map<Event, Node> row = new EnumMap<>(Event.class);
            Set<E> covered = EnumSet.noneOf(emits);
            for (Edge<E> edge : edges) {
                // Generics are erased: an edge on another node's event can only get here through an
                // unchecked cast, and is refused rather than trusted.
                Object event = edge.event();
                if (!emits.isInstance(event)) {
                    throw new IllegalStateException(from + " has an edge on " + event
                            + ", which its work never emits (it emits " + EnumSet.allOf(emits) + ")");
                }
                E typed = emits.cast(event);
                if (!covered.add(typed) || row.put(typed.event(), edge.to()) != null) {
                    throw new IllegalStateException("duplicate transition " + from + " on " + typed.event());
                }
            }
            Set<E> missing = EnumSet.allOf(emits);
            missing.removeAll(covered);
            // A node with no edge at all is reported by build() as having no way out.
            if (!covered.isEmpty() && !missing.isEmpty()) {
                throw new IllegalStateException(from + " can emit " + missing + " but has no edge for it");
            }
            return row;
        }
    }
}
