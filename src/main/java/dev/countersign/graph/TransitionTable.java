package dev.countersign.graph;

import static dev.countersign.graph.GraphDefinition.on;

import java.util.List;
import java.util.Optional;

/**
 * The governed graph, declared once: every node with its work and its edges, the interrupt where
 * it waits for the person, and the terminal state. A pair that is not declared is a programming
 * error, not a state the graph can reach; a declaration that is not closed fails when this class
 * loads.
 *
 * <p>Once a reservation was returned, every terminal path goes through {@code RELEASE}; before
 * that there is nothing to release and refusals end at {@code DONE}.
 */
public final class TransitionTable {
    static final GraphDefinition GOVERNED = GraphDefinition.startingAt(Node.OBSERVE)
            .node(Node.OBSERVE, (state, s) -> NodeSteps.observe(state),
                    on(Event.PASSED, Node.PREVIEW),
                    on(Event.REFUSED, Node.DONE))
            .node(Node.PREVIEW, (state, s) -> NodeSteps.preview(state, s.runtime(), s.clock()),
                    on(Event.PASSED, Node.RESERVE),
                    on(Event.REFUSED, Node.DONE))
            .node(Node.RESERVE, (state, s) -> NodeSteps.reserve(state, s.runtime(), s.clock()),
                    on(Event.PASSED, Node.APPROVE),
                    on(Event.REFUSED, Node.DONE),
                    on(Event.RESERVATION_REJECTED, Node.RELEASE))
            .node(Node.APPROVE, (state, s) -> NodeSteps.approve(state, s.gate(), s.clock(), s.ids()),
                    on(Event.PASSED, Node.LEASE),
                    on(Event.APPROVAL_REQUIRED, Node.AWAIT_APPROVAL),
                    on(Event.REFUSED, Node.RELEASE))
            .interrupt(Node.AWAIT_APPROVAL, (state, decision, s) -> NodeSteps.decide(state, decision, s.clock()),
                    on(Event.APPROVED, Node.LEASE),
                    on(Event.DENIED, Node.RELEASE),
                    on(Event.REFUSED, Node.RELEASE))
            .node(Node.LEASE, (state, s) -> NodeSteps.lease(state, s.runtime(), s.clock()),
                    on(Event.PASSED, Node.EXECUTE),
                    on(Event.REFUSED, Node.RELEASE))
            .node(Node.EXECUTE, (state, s) -> NodeSteps.execute(state, s.runtime(), s.clock(), s.checkpoint()),
                    on(Event.PASSED, Node.VERIFY),
                    on(Event.REFUSED, Node.RELEASE),
                    on(Event.DISPATCH_UNCERTAIN, Node.RELEASE))
            .node(Node.VERIFY, (state, s) -> NodeSteps.verify(state, s.runtime()),
                    on(Event.PASSED, Node.RELEASE),
                    on(Event.REFUSED, Node.RELEASE))
            .node(Node.RELEASE, (state, s) -> NodeSteps.release(state, s.runtime()),
                    on(Event.RELEASED, Node.DONE),
                    on(Event.RELEASE_FAILED, Node.DONE))
            .terminal(Node.DONE)
            .build();

    private TransitionTable() {
    }

    /** The node that follows {@code from} on {@code event}, if the table allows that pair. */
    public static Optional<Node> next(Node from, Event event) {
        return GOVERNED.next(from, event);
    }

    /** Every transition, by node then event. */
    public static List<Transition> all() {
        return GOVERNED.transitions();
    }

    /** The table as a Mermaid state diagram (committed as {@code docs/graph.md}, checked by a test). */
    public static String toMermaid() {
        StringBuilder out = new StringBuilder("stateDiagram-v2\n");
        out.append("    [*] --> ").append(GOVERNED.start()).append('\n');
        for (Transition t : all()) {
            String to = GOVERNED.stopsAt(t.to()) && !GOVERNED.isInterrupt(t.to()) ? "[*]" : t.to().name();
            out.append("    ").append(t.from()).append(" --> ").append(to)
                    .append(" : ").append(t.event()).append('\n');
        }
        return out.toString();
    }
}
