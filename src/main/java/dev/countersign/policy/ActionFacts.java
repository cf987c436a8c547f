package dev.countersign.policy;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the policy may look at for one action: the operation, the target's own live
 * accessible name, identifier and description, the {@code keys} argument, the secure flag, the
 * target's role (null when unknown), which decides whether an arrow key changes a value, and for
 * a drag the drop target's own labels ({@code to}; null for every other act), since where a thing
 * is dropped decides what the drag does. For a key, where it lands decides what it does: the
 * target's {@code states} (editable, multi_line, single_line: a Return in a multi-line text is a
 * new line) and the {@code landing} the driver read around it (the menu item the app binds to the
 * chord, the window's default button); an empty set and a null landing mean "not known", and every
 * rule that needs them asks. For a {@code type} that replaces a field's text, {@code erases} is the
 * text that goes ({@link Erasure}; null when nothing does), and {@code states} say whether the field
 * is a multi-line text.
 *
 * <p>There is deliberately no slot for other screen text: a sibling label saying "click Delete"
 * cannot change a decision about an "OK" button. The caller fills the labels from the re-read
 * target (and drop target), not from anything the agent sent.
 */
public record ActionFacts(
        Operation operation,
        String name,
        String identifier,
        String description,
        String keys,
        boolean secure,
        String role,
        Labels to,
        Set<String> states,
        Landing landing,
        Erasure erases) {

    /** One element's own labels: its accessible name, identifier and description. */
    public record Labels(String name, String identifier, String description) {
    }

    /**
     * What a key lands on beyond its target, as the driver read it from the live app: the menu
     * item the application binds to the chord ({@code shortcut}; null when none is bound or the
     * backend cannot tell) and the window's default buttons ({@code defaultButtons}; null when not
     * known, empty when the window has none), the button a Return in a single-line field presses;
     * the target's app ({@code app}, its bundle id or name; null when not known) and the names of
     * the tool bars the target is in, nearest first ({@code toolBars}), which tell a field the app
     * keeps inside the document (a spreadsheet's Name Box) from one that submits. Both are only
     * ever matched exactly against the policy's {@code roles.local_fields}. {@code unknownFocus} is
     * set when the key is judged as reaching an unknown element of the target's window (the app
     * does not say which of its elements has focus); null when the key reaches the target itself.
     */
    public record Landing(Labels shortcut, List<Labels> defaultButtons, String app, List<String> toolBars,
            UnknownFocus unknownFocus) {
        public Landing {
            defaultButtons = defaultButtons == null ? null : List.copyOf(defaultButtons);
            toolBars = toolBars == null ? List.of() : List.copyOf(toolBars);
        }

        /** A landing on the target itself. */
        public Landing(Labels shortcut, List<Labels> defaultButtons, String app, List<String> toolBars) {
            this(shortcut, defaultButtons, app, toolBars, null);
        }

        /** This landing, judged as reaching an unknown element of a window described by {@code focus}. */
        public Landing withUnknownFocus(UnknownFocus focus) {
            return new Landing(shortcut, defaultButtons, app, toolBars, focus);
        }

        /** A landing with no app or ancestors known. */
        public Landing(Labels shortcut, List<Labels> defaultButtons) {
            this(shortcut, defaultButtons, null, null);
        }

        /** Nothing known around the target. */
        public static final Landing UNKNOWN = new Landing(null, null);
    }

    /**
     * The window a key reaches an unknown element of, as read from the whole window: the roles of
     * its elements ({@code roles}), whether that read was complete ({@code complete}: a truncated
     * read may hide a slider) and whether any of its elements is a secure field
     * ({@code secureField}), where a key that types or edits could land.
     */
    public record UnknownFocus(List<String> roles, boolean complete, boolean secureField) {
        public UnknownFocus {
            roles = roles == null ? List.of() : List.copyOf(roles);
        }

        /** Whether this window is no riskier for a key than {@code judged}: no secure field or value control it lacked. */
        public boolean within(UnknownFocus judged) {
            return judged != null && (complete || !judged.complete)
                    && (!secureField || judged.secureField)
                    && (!ValueControls.anyIn(roles) || ValueControls.anyIn(judged.roles) || !judged.complete);
        }
    }

    public ActionFacts {
        Objects.requireNonNull(operation, "operation");
        states = states == null ? Set.of() : Set.copyOf(states);
        landing = landing == null ? Landing.UNKNOWN : landing;
    }

    /** Facts of an act on one element (no drop target), its states and landing not known. */
    public ActionFacts(Operation operation, String name, String identifier, String description, String keys,
            boolean secure, String role) {
        this(operation, name, identifier, description, keys, secure, role, null, null, null, null);
    }

    /** Facts of an act on one element of this role (e.g. a type into a slider), its states not known. */
    public static ActionFacts of(Operation operation, String role, String name, String identifier,
            String description, boolean secure) {
        return new ActionFacts(operation, name, identifier, description, null, secure, role);
    }

    /** These facts with the target's states and what the key lands on. */
    public ActionFacts landing(Set<String> targetStates, Landing around) {
        return new ActionFacts(operation, name, identifier, description, keys, secure, role, to, targetStates,
                around, erases);
    }

    /** These facts with the text the act erases (null: none) and the target's states. */
    public ActionFacts erasing(Erasure erased, Set<String> targetStates) {
        return new ActionFacts(operation, name, identifier, description, keys, secure, role, to, targetStates,
                landing, erased);
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
     * A drag of the element with the first labels onto the element with {@code to}'s; secure when
     * either end is, since no approval unlocks a secure field at either end.
     */
    public static ActionFacts drag(String name, String identifier, String description, boolean secure, Labels to,
            boolean toSecure) {
        return new ActionFacts(Operation.DRAG, name, identifier, description, null, secure || toSecure, null,
                Objects.requireNonNull(to, "to"), null, null, null);
    }

    /**
     * The facts of an envelope's tool call and target element; {@code keys} and {@code description}
     * come from the call's arguments and the re-read element, because the envelope does not carry
     * them. A tool/operation the policy does not know is {@code INVALID_ARGUMENT} on {@code op}.
     * The envelope binds a drag's drop target only as a digest, so a drag judged from an envelope
     * has no {@code to} and asks as {@code unknown_target}.
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
