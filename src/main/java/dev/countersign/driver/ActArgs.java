package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.core.Rect;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;
import dev.countersign.desktop.TextRange;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Erasure;
import dev.countersign.policy.KeyChord;
import dev.countersign.policy.Operation;
import dev.countersign.vision.Point;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The arguments of {@code computer_act} (docs/endpoint.md): one operation on one fresh ref. The
 * operation is the type: Jackson picks the variant from {@code op}, so an argument that belongs to
 * another operation is an unknown property and is refused before the driver sees it. Each variant
 * owns everything that differs between operations: its policy operation, its words for the person,
 * how it is performed on the backend and what evidence verifies it. Adding an operation is adding
 * a variant here (see docs/decisions/0005-operations-as-types.md).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(ActArgs.Click.class),
        @JsonSubTypes.Type(ActArgs.Focus.class),
        @JsonSubTypes.Type(ActArgs.Type.class),
        @JsonSubTypes.Type(ActArgs.Key.class),
        @JsonSubTypes.Type(ActArgs.Scroll.class),
        @JsonSubTypes.Type(ActArgs.Menu.class),
        @JsonSubTypes.Type(ActArgs.Drag.class),
        @JsonSubTypes.Type(ActArgs.Select.class)})
public sealed interface ActArgs permits ActArgs.Click, ActArgs.Focus, ActArgs.Type, ActArgs.Key, ActArgs.Scroll,
        ActArgs.Menu, ActArgs.Drag, ActArgs.Select {

    /** The longest text one {@code type} may set. */
    int MAX_TEXT = 4096;
    /** The scroll steps one {@code scroll} may take, inclusive. */
    int MIN_AMOUNT = 1;
    int MAX_AMOUNT = 50;
    List<String> DIRECTIONS = List.of("up", "down", "left", "right");
    /** The largest character offset a {@code select} may name. */
    int MAX_OFFSET = 100_000_000;

    /** The ref from the agent's latest observation. */
    String ref();

    /** What must hold afterwards, as the agent declared it; null for the operation's natural one. */
    Postcondition postcondition();

    /** The operation's wire name, from its {@link JsonTypeName}. */
    @JsonProperty("op")
    default String op() {
        return getClass().getAnnotation(JsonTypeName.class).value();
    }

    /** The operation the person's policy decides on. */
    @JsonIgnore
    Operation operation();

    /** The verb the approval dialog puts before the target's label. */
    @JsonIgnore
    String verb();

    /** The first argument that is missing or out of range; empty when all fit. */
    default Optional<CountersignError> validate() {
        if (ref() == null || ref().isBlank()) {
            return ObserveArgs.invalid("ref", "ref is a ref from your latest observation");
        }
        Optional<CountersignError> own = checkOwn();
        if (own.isPresent()) {
            return own;
        }
        return postcondition() == null ? Optional.empty() : postcondition().check();
    }

    /** The first argument of this operation's own that does not fit; empty when all fit. */
    default Optional<CountersignError> checkOwn() {
        return Optional.empty();
    }

    /**
     * The first argument that does not fit {@code target}, the element the ref names (checked on
     * the observed element before the observation is spent, and again on the live one right
     * before dispatch); empty when the arguments fit it.
     */
    default Optional<CountersignError> checkFor(ElementNode target) {
        return Optional.empty();
    }

    /**
     * How this operation reaches {@code target} ({@link Reach} for a click or a focus): the act the
     * policy judged is the act that is sent, so a target whose route changed between the two is
     * refused.
     */
    default String route(ElementNode target) {
        return op();
    }

    /** What the policy reads: the operation and the live target's own labels. */
    default ActionFacts facts(ElementNode target) {
        // The role decides whether a type or a scroll sets a value (a slider, a spin button).
        return ActionFacts.of(operation(), target.role(), target.name(), target.identifier(), target.description(),
                target.secure());
    }

    /** The arguments the envelope's digest binds, beyond {@code op}; never a secret in clear. */
    default Map<String, Object> boundArguments() {
        return Map.of();
    }

    /** Whether this operation changes what is on screen. */
    default boolean mutates() {
        return true;
    }

    /** What moves before the input and must settle first (keyboard focus for keys); null when nothing. */
    default ElementAction preparation() {
        return null;
    }

    /** The one mutating call: performs this operation on the re-read target. */
    Dispatch perform(DesktopBackend backend, ElementNode target);

    /** The postcondition when the agent declared none; null when the operation has no natural one. */
    default ActionPostcondition naturalPostcondition() {
        return new ActionPostcondition("ui_element", true, null, null);
    }

    /** The natural postcondition on {@code target}, for operations whose effect depends on it. */
    default ActionPostcondition naturalPostcondition(ElementNode target) {
        return naturalPostcondition();
    }

    /** Evidence that the natural postcondition holds on {@code before}'s element; null when there is none. */
    ReceiptVerification evidence(EffectProbe probe, ElementNode before);

    /**
     * The second ref the operation names ({@code drag}'s {@code to}): a ref of the same observation,
     * resolved, re-checked and bound like the target's; null for operations on one element.
     */
    @JsonIgnore
    default String secondRef() {
        return null;
    }

    /** What the policy reads when the act has a second element; the target's own facts otherwise. */
    default ActionFacts facts(ElementNode target, ElementNode second) {
        return facts(target);
    }

    /** The one mutating call, given the second element's live re-read when the operation names one. */
    default Dispatch perform(DesktopBackend backend, ElementNode target, ElementNode second) {
        return perform(backend, target);
    }

    /**
     * Where the pointer input this operation sends will land, each point with the element it must
     * land on ({@link PointerAims}: checked before the person is asked and again right before
     * dispatch); empty when it sends none aimed at an element.
     */
    default List<PointerAim> aims(ElementNode target, ElementNode second) {
        return List.of();
    }

    /** What the evidence is measured against, read right before dispatch; null when nothing. */
    default EffectProbe.Baseline baseline(DesktopBackend backend, ElementNode target) {
        return null;
    }

    /** Every operation's wire name, in declaration order: the MCP schema's {@code op} enum. */
    static List<String> ops() {
        return Arrays.stream(ActArgs.class.getPermittedSubclasses())
                .map(type -> type.getAnnotation(JsonTypeName.class).value()).toList();
    }

    /**
     * Every wire argument of {@code computer_act} in order: {@code ref}, {@code op}, each
     * operation's own arguments, then {@code postcondition}. The schemas an agent sees are checked
     * against this list, so they cannot drift from the variants.
     */
    static List<String> arguments() {
        LinkedHashSet<String> names = new LinkedHashSet<>(List.of("ref", "op"));
        for (Class<?> variant : ActArgs.class.getPermittedSubclasses()) {
            for (RecordComponent c : variant.getRecordComponents()) {
                names.add(c.getAccessor().getAnnotation(JsonProperty.class).value());
            }
        }
        names.remove("postcondition");
        names.add("postcondition");
        return List.copyOf(names);
    }

    static ActArgs click(String ref) {
        return new Click(ref, null);
    }

    static ActArgs type(String ref, String text) {
        return new Type(ref, text, null);
    }

    /** An insert at the caret instead of replacing the value. */
    static ActArgs insert(String ref, String text) {
        return new Type(ref, text, null, "insert");
    }

    /**
     * Press the element's default action; an element without one is reached as a person's click
     * reaches it ({@link Reach}): selected in its container, focused, or clicked at its centre once
     * the point is proven to land on it. Judged by the element's own labels whatever the route.
     */
    @JsonTypeName("click")
    record Click(@JsonProperty("ref") String ref, @JsonProperty("postcondition") Postcondition postcondition)
            implements ActArgs {
        @Override
        public Operation operation() {
            return Operation.CLICK;
        }

        @Override
        public String verb() {
            return "Click";
        }

        @Override
        public Optional<CountersignError> checkFor(ElementNode target) {
            return Reach.click(target).refusal();
        }

        @Override
        public String route(ElementNode target) {
            return Reach.click(target).word();
        }

        /** Only a click that is a pointer click at the centre is aimed at a point ({@link PointerAims}). */
        @Override
        public List<PointerAim> aims(ElementNode target, ElementNode second) {
            return Reach.click(target) == Reach.POINTER ? List.of(new PointerAim("ref", Reach.aim(target), target))
                    : List.of();
        }

        /**
         * A click into a text field focuses it: an entry's own action is "activate", which is
         * Return, which fires the window's default button (a form's OK). Never that.
         */
        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            return Reach.click(target).perform(backend, target);
        }

        @Override
        public ActionFacts facts(ElementNode target) {
            // An element whose only "click" is a submit-like action (activate, confirm) is judged
            // as the submit key it is, not as a click on a label: on a read-only field that is
            // Return, which presses the window's default button. An item of a list, tree or table
            // that only activates opens what its labels name, so it is judged as a click on them.
            if (!ClickSemantics.editable(target) && ClickSemantics.onlySubmitLike(target)
                    && !ClickSemantics.item(target)) {
                return ActionFacts.key("Return", target.role(), target.name(), target.identifier(),
                        target.description(), target.secure()).landing(target.states(), null);
            }
            // An item of a list, tree or table whose only action is "select" is pressed by that
            // action: it is selected, and its label is content (a mail's subject), not a command.
            if (!ClickSemantics.editable(target) && ClickSemantics.item(target) && ClickSemantics.onlySelects(target)) {
                return ActionFacts.of(Operation.SELECT, target.role(), target.name(), target.identifier(),
                        target.description(), target.secure());
            }
            return ActArgs.super.facts(target);
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            return Reach.click(before).evidence(probe, before);
        }
    }

    /**
     * Move keyboard focus to the element; nothing on screen changes. An element that takes no
     * focus and has no action is reached as a click would reach it ({@link Reach#focus}); when that
     * is a pointer click it is judged as one.
     */
    @JsonTypeName("focus")
    record Focus(@JsonProperty("ref") String ref, @JsonProperty("postcondition") Postcondition postcondition)
            implements ActArgs {
        @Override
        public Operation operation() {
            return Operation.FOCUS;
        }

        @Override
        public String verb() {
            return "Focus";
        }

        @Override
        public boolean mutates() {
            return false;
        }

        @Override
        public ActionFacts facts(ElementNode target) {
            // A pointer click is a click, whatever the agent called it: judged by the element as one.
            return Reach.focus(target) == Reach.POINTER ? ActionFacts.of(Operation.CLICK, target.name(),
                    target.identifier(), target.description(), target.secure()) : ActArgs.super.facts(target);
        }

        @Override
        public Optional<CountersignError> checkFor(ElementNode target) {
            return Reach.focus(target).refusal();
        }

        @Override
        public String route(ElementNode target) {
            return Reach.focus(target).word();
        }

        @Override
        public List<PointerAim> aims(ElementNode target, ElementNode second) {
            return Reach.focus(target) == Reach.POINTER ? List.of(PointerAim.centreOf("ref", target)) : List.of();
        }

        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            return Reach.focus(target).perform(backend, target);
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            return Reach.focus(before).evidence(probe, before);
        }
    }

    /** Set the element's text. The digest binds the text; graph state never holds it in clear. */
    @JsonTypeName("type")
    record Type(@JsonProperty("ref") String ref, @JsonProperty("text") String text,
            @JsonProperty("postcondition") Postcondition postcondition,
            @JsonProperty("mode") String mode) implements ActArgs {

        /** The modes: replace the whole value (the default), or insert at the caret. */
        public static final List<String> MODES = List.of("replace", "insert");

        /** A replace, as every caller before modes wrote it. */
        public Type(String ref, String text, Postcondition postcondition) {
            this(ref, text, postcondition, null);
        }

        /** Whether the text goes in at the caret rather than replacing the whole value. */
        public boolean inserts() {
            return "insert".equals(mode);
        }

        @Override
        public Operation operation() {
            return Operation.TYPE;
        }

        @Override
        public String verb() {
            return "Type into";
        }

        @Override
        public Optional<CountersignError> checkOwn() {
            if (text == null) {
                return ObserveArgs.invalid("text", "text is required for op 'type'");
            }
            if (text.length() > MAX_TEXT) {
                return ObserveArgs.invalid("text", "text is at most " + MAX_TEXT + " characters");
            }
            if (mode != null && !MODES.contains(mode)) {
                return ObserveArgs.invalid("mode", "mode is replace or insert");
            }
            return Optional.empty();
        }

        @Override
        public Map<String, Object> boundArguments() {
            return inserts() ? Map.of("text_sha256", EffectProbe.valueDigest(text), "mode", mode)
                    : Map.of("text_sha256", EffectProbe.valueDigest(text));
        }

        /**
         * The text of {@code target} this type erases: what a replace does not keep (an insert keeps
         * everything; a terminal's text is its screen, which typing adds to); null when nothing goes.
         */
        public Erasure erases(ElementNode target) {
            return inserts() || TerminalText.is(target) ? null : Erasure.replacing(target.value(), text);
        }

        /** Judged with the text it erases: replacing a document's text asks ({@code discard}). */
        @Override
        public ActionFacts facts(ElementNode target) {
            return ActArgs.super.facts(target).erasing(erases(target), target.states());
        }

        /** A terminal takes printable text only: nothing that runs, interrupts or hides a line ({@link TerminalText}). */
        @Override
        public Optional<CountersignError> checkFor(ElementNode target) {
            return TerminalText.is(target) ? TerminalText.check(text) : Optional.empty();
        }

        /**
         * The route that works for the element: its editable text when that reads back, else
         * keyboard text after the backend proved keyboard focus ({@link TextEntry}); a terminal
         * only ever gets keyboard text at its cursor.
         */
        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            return new TextEntry(backend).type(target, text, inserts());
        }

        @Override
        public ActionPostcondition naturalPostcondition() {
            // An insert's final value depends on the caret, so only the element's presence is declared.
            return inserts() ? new ActionPostcondition("ui_element", true, null, null)
                    : new ActionPostcondition("ui_element", true, EffectProbe.valueDigest(text), null);
        }

        /** A terminal's text is its whole screen, never the typed text alone: its presence is declared. */
        @Override
        public ActionPostcondition naturalPostcondition(ElementNode target) {
            return TerminalText.is(target) ? new ActionPostcondition("ui_element", true, null, null)
                    : naturalPostcondition();
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            if (TerminalText.is(before)) {
                return probe.typedIntoTerminal(before, text);
            }
            return inserts() ? probe.inserted(before, text) : probe.value(before, text);
        }
    }

    /** Send a key chord to the element once it holds keyboard focus. */
    @JsonTypeName("key")
    record Key(@JsonProperty("ref") String ref, @JsonProperty("keys") String keys,
            @JsonProperty("postcondition") Postcondition postcondition) implements ActArgs {
        @Override
        public Operation operation() {
            return Operation.KEY;
        }

        @Override
        public String verb() {
            return "Press keys on";
        }

        @Override
        public Optional<CountersignError> checkOwn() {
            if (keys == null) {
                return ObserveArgs.invalid("keys", "keys is required for op 'key'");
            }
            return KeyChord.validate(keys);
        }

        /**
         * These keys as {@code backend} presses them, in the canonical spelling ({@code cmd} pressed
         * as Control on Linux: {@link DesktopBackend#commandModifier}): what is judged, shown and
         * sent. Keys outside the grammar stay as given, for validation to refuse.
         */
        Key pressedOn(DesktopBackend backend) {
            if (keys == null || KeyChord.validate(keys).isPresent()) {
                return this;
            }
            String pressed = KeyChord.parse(keys).withCommandAs(backend.commandModifier()).canonical();
            return pressed.equals(keys) ? this : new Key(ref, pressed, postcondition);
        }

        @Override
        public ActionFacts facts(ElementNode target) {
            // The role decides whether an arrow key changes a value (radio group, slider, combo box),
            // the states where a Return lands (a new line in a multi-line text).
            return ActionFacts.key(keys, target.role(), target.name(), target.identifier(), target.description(),
                    target.secure()).landing(target.states(), null);
        }

        @Override
        public Map<String, Object> boundArguments() {
            return Map.of("keys", keys);
        }

        @Override
        public ElementAction preparation() {
            // Keys go to whatever has keyboard focus: the target takes it first.
            return new ElementAction.Focus();
        }

        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            return backend.keys(new KeyInput.Keys(KeyChord.parse(keys).canonical()));
        }

        @Override
        public ActionPostcondition naturalPostcondition() {
            return null;
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            // Keys have no evidence on their target: unknown until a new observation shows what moved.
            return null;
        }
    }

    /** Scroll the element by some steps. */
    @JsonTypeName("scroll")
    record Scroll(@JsonProperty("ref") String ref, @JsonProperty("direction") String direction,
            @JsonProperty("amount") Integer amount, @JsonProperty("postcondition") Postcondition postcondition)
            implements ActArgs {
        @Override
        public Operation operation() {
            return Operation.SCROLL;
        }

        @Override
        public String verb() {
            return "Scroll";
        }

        /** The steps to scroll: 3 when the agent named none. */
        public int steps() {
            return Scrolls.steps(amount);
        }

        @Override
        public Optional<CountersignError> checkOwn() {
            return Scrolls.check(direction, amount, "direction (up, down, left, right) is required for op 'scroll'");
        }

        @Override
        public Map<String, Object> boundArguments() {
            return Scrolls.bound(direction, steps());
        }

        /** Where the wheel turns: the element's centre, in screen pixels (null without a frame). */
        static Point wheelAt(ElementNode target) {
            Rect f = target.frame();
            return f == null || f.isEmpty() ? null : new Point(f.centerX(), f.centerY());
        }

        /**
         * The wheel is pointer input at the element's centre, sent through the backend's pointer
         * like every coordinate input, so the served guard's pointer rules (no input while the
         * person is asked, none on Countersign) hold for it; the runtime has checked right before
         * that no other window covers that point.
         */
        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            ScrollDirection to = ScrollDirection.valueOf(direction.toUpperCase(Locale.ROOT));
            Point at = wheelAt(target);
            if (at == null) {
                throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                        "the element has no frame on screen to scroll at"));
            }
            return backend.pointer(new PointerInput.Scroll(at.x(), at.y(), to, steps()));
        }

        @Override
        public ActionPostcondition naturalPostcondition() {
            return null;
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            // Scrolling has no evidence on its target: unknown until a new observation shows what moved.
            return null;
        }
    }

    /**
     * Open the element's context menu. By its own accessible action when it has one that opens a
     * menu, else by a right click at its centre: pointer input, so only once the window on top
     * there is the observed one and the hit test finds the element there ({@link PointerAims}).
     * The menu's items are then observed and clicked like any element, each judged by its label.
     */
    @JsonTypeName("menu")
    record Menu(@JsonProperty("ref") String ref, @JsonProperty("postcondition") Postcondition postcondition)
            implements ActArgs {
        @Override
        public Operation operation() {
            return Operation.MENU;
        }

        @Override
        public String verb() {
            return "Open the context menu of";
        }

        @Override
        public List<PointerAim> aims(ElementNode target, ElementNode second) {
            return ElementAction.ShowMenu.offeredBy(target.actions()) ? List.of()
                    : List.of(PointerAim.centreOf("ref", target));
        }

        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            if (ElementAction.ShowMenu.offeredBy(target.actions())) {
                return backend.perform(target.handle(), new ElementAction.ShowMenu());
            }
            Point at = PointerAim.centre(target);
            if (at == null) {
                throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "ref",
                        "the element has no frame on screen to right-click"));
            }
            return backend.pointer(new PointerInput.Click(at.x(), at.y(), MouseButton.RIGHT, 1));
        }

        @Override
        public EffectProbe.Baseline baseline(DesktopBackend backend, ElementNode target) {
            return EffectProbe.Baseline.menusOf(backend, target);
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            return probe.menuOpened(before);
        }
    }

    /**
     * Drag the element onto another of the same observation ({@code to}): press at its centre,
     * move, release at {@code to}'s centre, through the guarded pointer, with both ends proven to
     * land on their elements. Judged by both elements' labels: a drop onto "Trash" asks as delete.
     * The envelope's digest binds {@code to} as the agent saw it.
     */
    @JsonTypeName("drag")
    record Drag(@JsonProperty("ref") String ref, @JsonProperty("to") String to,
            @JsonProperty("postcondition") Postcondition postcondition) implements ActArgs {
        @Override
        public Operation operation() {
            return Operation.DRAG;
        }

        @Override
        public String verb() {
            return "Drag";
        }

        @Override
        public Optional<CountersignError> checkOwn() {
            if (to == null || to.isBlank()) {
                return ObserveArgs.invalid("to", "to is required for op 'drag': the ref, from the same observation, "
                        + "of the element to drop onto");
            }
            if (to.equals(ref)) {
                return ObserveArgs.invalid("to", "to names the element dragged itself; a drag needs another element");
            }
            return Optional.empty();
        }

        @Override
        public String secondRef() {
            return to;
        }

        @Override
        public ActionFacts facts(ElementNode target, ElementNode second) {
            return ActionFacts.drag(target.name(), target.identifier(), target.description(), target.secure(),
                    new ActionFacts.Labels(second.name(), second.identifier(), second.description()), second.secure());
        }

        @Override
        public List<PointerAim> aims(ElementNode target, ElementNode second) {
            return List.of(PointerAim.centreOf("ref", target), PointerAim.centreOf("to", second));
        }

        /** A drag has two ends: it is only ever performed with its drop target. */
        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            throw new IllegalStateException("a drag is performed with the element it drops onto");
        }

        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target, ElementNode second) {
            Point from = PointerAim.centre(target);
            Point onto = PointerAim.centre(second);
            if (from == null || onto == null) {
                throw new DispatchRefusedException(CountersignError.onField(ErrorCode.TARGET_CHANGED,
                        from == null ? "ref" : "to", "the element has no frame on screen to drag from or onto"));
            }
            return backend.pointer(new PointerInput.Drag(from.x(), from.y(), onto.x(), onto.y()));
        }

        @Override
        public ActionPostcondition naturalPostcondition() {
            return null;
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            // What a drop does is the application's (a move, a copy, a reorder): unknown until a
            // new observation, or a declared element's change, shows it.
            return null;
        }
    }

    /**
     * Select without changing anything: a range of the element's own text — characters
     * {@code start} to {@code end} (left out: to the end of the text, so {@code start: 0} is all of
     * it), or the first occurrence of {@code text} — or, given neither, the element itself as an
     * item, row or cell of its list, table or tree ({@code extend} adds it to the selection
     * instead of replacing it). Never asks; a secure
     * field is refused. Evidence: the selection reads back (the text's selected range, the item's
     * {@code selected} state).
     */
    @JsonTypeName("select")
    record Select(@JsonProperty("ref") String ref, @JsonProperty("start") Integer start,
            @JsonProperty("end") Integer end, @JsonProperty("text") String text,
            @JsonProperty("extend") Boolean extend, @JsonProperty("postcondition") Postcondition postcondition)
            implements ActArgs {

        /** A selection of the element's text from {@code start} to {@code end}. */
        public static Select span(String ref, int start, int end) {
            return new Select(ref, start, end, null, null, null);
        }

        /** A selection of the first occurrence of {@code text} in the element's text. */
        public static Select text(String ref, String text) {
            return new Select(ref, null, null, text, null, null);
        }

        /** A selection of all of the element's text ({@code start: 0}, no end). */
        public static Select all(String ref) {
            return new Select(ref, 0, null, null, null, null);
        }

        /** The element selected as an item of its container, replacing the selection or added to it. */
        public static Select item(String ref, boolean extend) {
            return new Select(ref, null, null, null, extend ? true : null, null);
        }

        @Override
        public Operation operation() {
            return Operation.SELECT;
        }

        @Override
        public String verb() {
            return "Select";
        }

        @Override
        public boolean mutates() {
            return false;
        }

        /** The text range to select, or null when the element itself is selected as an item. */
        public TextRange range() {
            if (start != null) {
                return end != null ? new TextRange.Span(start, end) : new TextRange.From(start);
            }
            return text != null ? new TextRange.First(text) : null;
        }

        @Override
        public Optional<CountersignError> checkOwn() {
            if (end != null && start == null) {
                return ObserveArgs.invalid("start", "start is required with end");
            }
            if (start != null && text != null) {
                return ObserveArgs.invalid("text", "select takes start (and end) or text, not both; "
                        + "neither selects the element as an item");
            }
            if (start != null && start < 0) {
                return ObserveArgs.invalid("start", "start is a character offset, 0 or more");
            }
            if (start != null && start > MAX_OFFSET) {
                return ObserveArgs.invalid("start", "start is at most " + MAX_OFFSET);
            }
            if (end != null && end <= start) {
                return ObserveArgs.invalid("end", "end is greater than start (the range is [start, end))");
            }
            if (end != null && end > MAX_OFFSET) {
                return ObserveArgs.invalid("end", "end is at most " + MAX_OFFSET);
            }
            if (text != null && (text.isEmpty() || text.length() > MAX_TEXT)) {
                return ObserveArgs.invalid("text", "text is the text to select: 1-" + MAX_TEXT + " characters");
            }
            if (Boolean.TRUE.equals(extend) && (start != null || text != null)) {
                return ObserveArgs.invalid("extend", "extend adds an item to its list's or table's selection; "
                        + "it does not apply to a text range");
            }
            return Optional.empty();
        }

        /**
         * A text range against the text the agent saw in a text field, so a range past it or a text
         * it does not hold is refused before the observation is spent; an item must be selectable.
         * The backend resolves the range again against the live text, for every element.
         */
        @Override
        public Optional<CountersignError> checkFor(ElementNode target) {
            TextRange range = range();
            if (range == null) {
                return target.hasState("selectable") ? Optional.empty() : ObserveArgs.invalid("ref",
                        "the element is not an item, row or cell its container can select; to select its text give "
                                + "start (and end) or text");
            }
            if (target.value() == null || !ClickSemantics.textField(target)) {
                // Only a text field's value is its text (a cell's may be its number): the live text decides.
                return Optional.empty();
            }
            try {
                range.resolve(target.value());
                return Optional.empty();
            } catch (CountersignException e) {
                return Optional.of(e.error());
            }
        }

        @Override
        public Map<String, Object> boundArguments() {
            Map<String, Object> bound = new LinkedHashMap<>();
            if (start != null) {
                bound.put("start", start);
            }
            if (end != null) {
                bound.put("end", end);
            }
            if (text != null) {
                // Like typed text, what the agent searched for enters the digest only as its SHA-256.
                bound.put("text_sha256", EffectProbe.valueDigest(text));
            }
            if (Boolean.TRUE.equals(extend)) {
                bound.put("extend", true);
            }
            return bound;
        }

        @Override
        public Dispatch perform(DesktopBackend backend, ElementNode target) {
            TextRange range = range();
            return backend.perform(target.handle(), range == null ? new ElementAction.Select(Boolean.TRUE.equals(extend))
                    : new ElementAction.SelectText(range));
        }

        @Override
        public ReceiptVerification evidence(EffectProbe probe, ElementNode before) {
            TextRange range = range();
            return range == null ? probe.state(before, "selected", "the element is selected")
                    : probe.textSelected(before, range);
        }
    }
}
