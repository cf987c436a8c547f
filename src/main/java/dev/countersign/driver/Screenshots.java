package dev.countersign.driver;

import dev.countersign.core.CountersignException;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.vision.MarkCandidate;
import dev.countersign.vision.MarkOptions;
import dev.countersign.vision.VisualCapture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Set-of-Mark captures of an observation's window: for agents, and highlighted for the approval dialog. */
final class Screenshots {
    private static final Logger LOG = LoggerFactory.getLogger(Screenshots.class);
    /** Roles that only show text: marked only if they also have an action. */
    private static final Set<String> STATIC_ROLES = Set.of("label", "static", "static text", "text", "heading",
            "paragraph", "AXStaticText", "caption", "icon", "image", "separator", "filler", "panel");

    private Screenshots() {
    }

    /** Captures the observation's window now and runs the vision pipeline on it. */
    static VisualCapture.Result capture(DriverContext ctx, Observation observation, MarkOptions options,
            String staleWhy) {
        WindowCapture capture = ctx.backend.capture(observation.window);
        return VisualCapture.process(capture.toImage(), capture.frame(), candidates(observation, staleWhy), options);
    }

    /** The dialog's screenshot with the target's mark highlighted, or null when none can be taken. */
    static byte[] highlighted(DriverContext ctx, Observation observation, String ref) {
        try {
            VisualCapture.Result result = capture(ctx, observation, MarkOptions.defaults().highlight(ref), null);
            return result instanceof VisualCapture.Delivered delivered ? delivered.png().bytes() : null;
        } catch (CountersignException e) {
            // The dialog can still ask without a picture; the person sees the action in words.
            LOG.warn("no screenshot for the approval dialog: {}", e.error().message());
            return null;
        }
    }

    static List<MarkCandidate> candidates(Observation observation, String staleWhy) {
        Map<Integer, String> refs = new HashMap<>();
        observation.refs.forEach((ref, index) -> refs.put(index, ref));
        List<MarkCandidate> candidates = new ArrayList<>(observation.nodes.size());
        for (int i = 0; i < observation.nodes.size(); i++) {
            ElementNode node = observation.nodes.get(i);
            boolean interactive = !node.actions().isEmpty() || node.hasState("editable")
                    || node.hasState("focusable");
            boolean staticLabel = STATIC_ROLES.contains(node.role()) && !node.hasState("editable");
            MarkCandidate candidate = new MarkCandidate(i, refs.get(i), node.role(), node.frame(), interactive,
                    staticLabel);
            candidates.add(staleWhy == null ? candidate : candidate.stale(staleWhy));
        }
        return candidates;
    }
}
