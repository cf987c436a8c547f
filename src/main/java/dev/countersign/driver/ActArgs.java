package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Operation;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The arguments of {@code computer_act} (docs/endpoint.md): one operation on one fresh ref. The
 * operation is the type: Jackson picks the variant from {@code op}, so an argument that belongs to
 * another operation is an unknown property and is refused before the driver sees it. Each variant
 * owns everything that differs between operations: its policy operation, its words for the person,
 * how it is performed on the backend and what evidence verifies it. Each variant is a record of its
 * own file ({@link ClickArgs}, {@link TypeArgs}, …); adding an operation is adding one, named in
 * {@code permits} and {@code @JsonSubTypes} here (see docs/decisions/0005-operations-as-types.md).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(ClickArgs.class),
        @JsonSubTypes.Type(FocusArgs.class),
        @JsonSubTypes.Type(TypeArgs.class),
        @JsonSubTypes.Type(KeyArgs.class),
        @JsonSubTypes.Type(ScrollArgs.class),
        @JsonSubTypes.Type(MenuArgs.class),
        @JsonSubTypes.Type(DragArgs.class),
        @JsonSubTypes.Type(SelectArgs.class)})
public sealed interface ActArgs permits ClickArgs, FocusArgs, TypeArgs, KeyArgs, ScrollArgs,
        MenuArgs, DragArgs, SelectArgs {

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
        return new ClickArgs(ref, null);
    }

    static ActArgs type(String ref, String text) {
        return new TypeArgs(ref, text, null);
    }

    /** An insert at the caret instead of replacing the value. */
    static ActArgs insert(String ref, String text) {
        return new TypeArgs(ref, text, null, "insert");
    }
}
