package dev.countersign.policy;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the policy may look at for one action: the operation, the target's own live
 * accessible name, identifier and description, the {@code keys} argument, the secure flag, and
 * the target's role (null when unknown), which decides whether an arrow key changes a value.
 *
 * <p>There is deliberately no slot for other screen text: a sibling label saying "click Delete"
 * cannot change a decision about an "OK" button. The caller fills the labels from the re-read
 * target, not from anything the agent sent.
 */
public record ActionFacts(
        Operation operation,
        String name,
        String identifier,
        String description,
        String keys,
        boolean secure,
        String role) {

    public ActionFacts {
        Objects.requireNonNull(operation, "operation");
    }

    /** A click, focus, type or scroll on an element with these labels. */
    public static ActionFacts of(Operation operation, String name, String identifier, String description,
                                 boolean secure) {
        return new ActionFacts(operation, name, identifier, description, null, secure, null);
    }

    /** A key chord sent to an element with these labels. */
    public static ActionFacts key(String keys, String name, String identifier, String description, boolean secure) {
        return new ActionFacts(Operation.KEY, name, identifier, description, keys, secure, null);
    }

    /** A key chord sent to an element of this role (e.g. {@code "slider"}, {@code "AXSlider"}) with these labels. */
    public static ActionFacts key(String keys, String role, String name, String identifier, String description,
            boolean secure) {
        return new ActionFacts(Operation.KEY, name, identifier, description, keys, secure, role);
    }

    /**
     * The facts of an envelope's tool call and target element; {@code keys} and {@code description}
     * come from the call's arguments and the re-read element, because the envelope does not carry
     * them. A tool/operation the policy does not know is {@code INVALID_ARGUMENT} on {@code op}.
     */
    public static ActionFacts from(ActionEnvelope envelope, String keys, String description) {
        Operation operation = Operation.of(envelope.tool(), envelope.operation())
                .orElseThrow(() -> new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "op",
                        "\"" + envelope.operation() + "\" is not an operation of " + envelope.tool())));
        Optional<ElementEvidence> element = envelope.target() == null
                ? Optional.empty() : envelope.target().elementEvidence();
        return new ActionFacts(operation,
                element.map(ElementEvidence::name).orElse(null),
                element.map(ElementEvidence::identifier).orElse(null),
                description,
                keys,
                element.map(ElementEvidence::secure).orElse(false),
                element.map(ElementEvidence::role).orElse(null));
    }
}
