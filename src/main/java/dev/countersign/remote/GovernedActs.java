package dev.countersign.remote;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.Admitted;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import java.util.List;
import java.util.Objects;

/**
 * Acts a governing Countersign drives on this desktop (docs/govern.md): the request names its
 * target by app, window and element evidence (role, name, identifier) instead of a ref, since the
 * governor saw this desktop only through the {@code observe} runtime operation. This side observes
 * the window whole for the governor's scope, finds exactly the one element the evidence names in
 * what it shows (the same redacted view the governor saw), and admits the act with that element's
 * ref through the driver: exactly the checks a local {@code computer_act} runs before its graph.
 */
final class GovernedActs {
    private final ComputerDriver driver;

    GovernedActs(ComputerDriver driver) {
        this.driver = driver;
    }

    /**
     * Resolves and admits {@code request} for {@code scopeId}. Throws {@link CountersignException}
     * with the first refusal; nothing is dispatched.
     */
    Admitted admit(String scopeId, ActionRequest request) {
        Objects.requireNonNull(scopeId, "scopeId");
        driver.pauseProblem().ifPresent(GovernedActs::refuse);
        if (!"computer_act".equals(request.tool())) {
            refuse(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "tool",
                    "a governed act is a computer_act (" + String.join(", ", ActArgs.ops()) + ")"));
        }
        ElementEvidence evidence = request.target() == null ? null : request.target().element();
        if (evidence == null || evidence.role() == null) {
            refuse(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "target.element",
                    "a governed act names its element by role, and by name or identifier unless the role is unique"));
        }
        ObservationView seen = driver.observe(scopeId,
                ObserveArgs.whole(request.target().appId(), request.target().windowId())).orThrow();
        ActArgs args = args(request, match(seen, evidence));
        if (!args.op().equals(request.operation())) {
            refuse(CountersignError.identityMismatch("operation"));
        }
        return driver.admit(scopeId, args).orThrow();
    }

    /**
     * The ref of the one element of the observation the evidence names; none or several is a
     * refusal, and so is a window whose observation was cut at its node bound: an element it left
     * out could match too, so one match there does not prove the element unique.
     */
    static String match(ObservationView seen, ElementEvidence evidence) {
        if (seen.truncated()) {
            refuse(CountersignError.onField(ErrorCode.TARGET_CHANGED, "target.element",
                    "the window has more elements than one observation holds (" + seen.omittedCount()
                            + " left out), so the named element cannot be proven unique; act on a smaller window"));
        }
        List<NodeView> found = seen.nodes().stream()
                .filter(node -> evidence.role().equals(node.role())
                        && (evidence.name() == null || evidence.name().equals(node.name()))
                        && (evidence.identifier() == null || evidence.identifier().equals(node.identifier())))
                .toList();
        if (found.size() != 1) {
            refuse(CountersignError.onField(ErrorCode.TARGET_CHANGED, "target.element", found.isEmpty()
                    ? "no element of the window matches the named role and name"
                    : found.size() + " elements of the window match the named role and name; name one exactly"));
        }
        return found.get(0).ref();
    }

    /** The request's arguments as a {@code computer_act} on the element found, with a ref of this scope. */
    private static ActArgs args(ActionRequest request, String ref) {
        ObjectNode node = Json.mapper().valueToTree(request.arguments());
        node.put("ref", ref);
        if (request.postcondition() != null) {
            node.set("postcondition", Json.mapper().valueToTree(request.postcondition()));
        }
        return Json.bind(node, ActArgs.class);
    }

    private static void refuse(CountersignError error) {
        throw new CountersignException(error);
    }
}
