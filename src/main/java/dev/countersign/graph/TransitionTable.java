package dev.countersign.graph;

import static dev.countersign.graph.GraphDefinition.on;

import dev.countersign.graph.Outcome.Assessed;
import dev.countersign.graph.Outcome.Checked;
import dev.countersign.graph.Outcome.Decided;
import dev.countersign.graph.Outcome.Executed;
import dev.countersign.graph.Outcome.Released;
import dev.countersign.graph.Outcome.Reserved;
import java.util.List;
import java.util.Optional;

/**
 * The governed graph, declared once: every node with its work and its edges, the interrupt where
 * it waits for the person, and the terminal state. Each node names the {@link Outcome} type its
 * work returns, which is the set of events it can emit; a declaration that is not closed (an
 * emittable event without an edge, an edge no work emits, a node without a way out or out of
 * reach) fails when this class loads, not when a run reaches the gap.
 *
 * <p>Once a reservation was returned, every terminal path goes through {@code RELEASE}; before
 * that there is nothing to release and refusals end at {@code DONE}.
 */
public final class TransitionTable {
    static final GraphDefinition GOVERNED = GraphDefinition.startingAt(Node.OBSERVE)
            .node(Node.OBSERVE, Checked.class, (state, s) -> NodeSteps.observe(state),
                    on(Checked.PASSED, Node.PREVIEW),
                    on(Checked.REFUSED, Node.DONE))
            .node(Node.PREVIEW, Checked.class, (state, s) -> NodeSteps.preview(state, s.runtime(), s.clock()),
                    on(Checked.PASSED, Node.RESERVE),
                    on(Checked.REFUSED, Node.DONE))
            .node(Node.RESERVE, Reserved.class, (state, s) -> NodeSteps.reserve(state, s.runtime(), s.clock()),
                    on(Reserved.PASSED, Node.APPROVE),
                    on(Reserved.REFUSED, Node.DONE),
                    on(Reserved.RESERVATION_REJECTED, Node.RELEASE))
            .node(Node.APPROVE, Assessed.class, (state, s) -> NodeSteps.approve(state, s.gate(), s.clock(), s.ids()),
                    on(Assessed.PASSED, Node.LEASE),
                    on(Assessed.APPROVAL_REQUIRED, Node.AWAIT_APPROVAL),
                    on(Assessed.REFUSED, Node.RELEASE))
            .interrupt(Node.AWAIT_APPROVAL, Decided.class,
                    (state, decision, s) -> NodeSteps.decide(state, decision, s.clock()),
                    on(Decided.APPROVED, Node.LEASE),
                    on(Decided.DENIED, Node.RELEASE),
                    on(Decided.REFUSED, Node.RELEASE))
            .node(Node.LEASE, Checked.class, (state, s) -> NodeSteps.lease(state, s.runtime(), s.clock()),
                    on(Checked.PASSED, Node.EXECUTE),
                    on(Checked.REFUSED, Node.RELEASE))
            .node(Node.EXECUTE, Executed.class,
                    (state, s) -> NodeSteps.execute(state, s.runtime(), s.clock()),
                    on(Executed.PASSED, Node.VERIFY),
                    on(Executed.REFUSED, Node.RELEASE),
                    on(Executed.DISPATCH_UNCERTAIN, Node.RELEASE))
            .node(Node.VERIFY, Checked.class, (state, s) -> NodeSteps.verify(state, s.runtime()),
                    on(Checked.PASSED, Node.RELEASE),
                    on(Checked.REFUSED, Node.RELEASE))
            .node(Node.RELEASE, Released.class, (state, s) -> NodeSteps.release(state, s.runtime()),
                    on(Released.RELEASED, Node.DONE),
                    on(Released.RELEASE_FAILED, Node.DONE))
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
