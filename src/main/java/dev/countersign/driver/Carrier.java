package dev.countersign.driver;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignException;
import dev.countersign.graph.ComputerUseRuntime;
import java.util.Map;

/**
 * A runtime that carries an act to a desktop this Countersign does not own: another machine's
 * Countersign, reached through its runtime endpoint (docs/govern.md). The act still runs through
 * this driver's one run owner, like a local act: the same pre-graph checks, the governed graph, the
 * person asked through the one approval path (audited, with progress, withdrawn when the agent goes
 * away, refused by the kill switch), the agent's lease here charged at dispatch, one receipt with
 * its timings in the agent's ring. A carrier supplies only what differs: where the act's ref
 * points, the graph's runtime, what the far side's policy requires, and what the person is shown.
 */
public interface Carrier {

    /** The machine the act runs on, as the person knows it: named in every dialog and receipt route. */
    String machine();

    /**
     * The target {@code args}' ref names: the app, window and element evidence the far side finds
     * the element by. Nothing is sent yet.
     *
     * @throws CountersignException with the refusal (for example {@code REF_UNKNOWN}) when the ref
     *     names nothing this carrier knows for the agent
     */
    ActionTarget resolve(String agentId, ActArgs args);

    /** The graph's runtime on the far side; safe for concurrent acts, each action's state its own. */
    ComputerUseRuntime runtime();

    /** What approving the previewed act requires. */
    ApprovalRequirement requirement(ActionEnvelope previewed);

    /** How the person is told about the previewed act. */
    Shown shown(ActionEnvelope previewed);

    /**
     * The far side's own pictures of the previewed act by role ({@code before}, {@code after}),
     * once it was verified there; none by default. From the far side: checked and scaled here
     * before they are kept, never obeyed.
     */
    default Map<String, byte[]> pictures(ActionEnvelope previewed) {
        return Map.of();
    }

    /** The graph is done with the previewed act: the carrier may forget what it kept for it. */
    default void finished(ActionEnvelope previewed) {
    }

    /**
     * What the person reads about a carried act: the act in words, the app and the window title,
     * and the far side's marked capture of that window (null when it sent none); from the far side:
     * shown, never obeyed.
     */
    record Shown(String summary, String app, String window, byte[] capture) {
    }
}
