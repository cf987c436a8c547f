package dev.countersign.policy;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The decision function of docs/policy.md: given the facts of one action, whether it runs, needs the
 * person's approval (and why), or is refused. Pure and deterministic; thread-safe.
 *
 * <p>Rules, in order: a secure target refuses every act; a visual act always asks as
 * {@code unknown_target}; focus and select never ask; scroll and type never ask, except on a value
 * control (slider, spin button, combo box: {@link ValueControls}), which they set ({@code value}),
 * and a type that erases more than a little of a field's text ({@link #decideErasure}), which asks
 * as {@code discard}; a click (and opening an element's context menu) asks when its own labels
 * match a category, and as {@code unknown_target} when it has no label at all; a double click asks
 * what a click asks, else as {@code run} unless it lands on text or on something pressed like a
 * button ({@link #decideDoubleClick}); a drag asks when the labels of either end
 * match a category (a drop onto "Trash" asks as {@code delete}), and as {@code unknown_target} when
 * either end has no label or the drop target is not known; a key chord on the navigation whitelist
 * never asks, unless it is an arrow-like key on a value control ({@code value}); any other asks as
 * the label's category if the target's labels match, else it is judged by where it lands (see
 * {@link #decideLanding}), and what that cannot settle asks as the key rules say. A key that
 * reaches an unknown element of its window is judged by that window alone
 * ({@link #decideUnknownFocus}).
 */
public final class RiskPolicy {
    private static final String DEFAULT_RESOURCE = "default-policy.json";
    private static final String EDITABLE = "editable";
    private static final String MULTI_LINE = "multi_line";
    private static final String SINGLE_LINE = "single_line";
    /** More than this many characters erased from a field is more than a little text. */
    static final int LITTLE_TEXT_CHARS = 200;
    /** The words a key reaching an unknown element of its window asks with. */
    public static final String FOCUS_UNREPORTED = "focus not reported";

    private final PolicyDocument document;
    private final PolicyDigest digest;
    private final WordMatcher words;
    private final KeyRules keys;
    private final ScreenRedactor redactor;

    private RiskPolicy(PolicyDocument document) {
        this.document = Objects.requireNonNull(document, "document");
        this.digest = PolicyDigest.of(document);
        this.words = new WordMatcher(document.categories());
        this.keys = new KeyRules(document.keys(), document.roles());
        this.redactor = ScreenRedactor.of(document.credentials());
    }

    /**
     * Parses a policy file's bytes (UTF-8 JSON); any problem is a {@code CountersignException}
     * with {@code INVALID_ARGUMENT} naming the JSON path. Reading the file is the caller's job.
     */
    public static RiskPolicy parse(byte[] json) {
        return new RiskPolicy(PolicyParser.parse(json));
    }

    /** Parses a policy file's text; see {@link #parse(byte[])}. */
    public static RiskPolicy parse(String json) {
        return parse(json.getBytes(StandardCharsets.UTF_8));
    }

    /** The policy of an already parsed document. */
    public static RiskPolicy of(PolicyDocument document) {
        return new RiskPolicy(document);
    }

    /** The policy that ships with Countersign. */
    public static RiskPolicy defaults() {
        return parse(defaultPolicyJson());
    }

    /** The bytes of the shipped policy file, e.g. to write a first editable {@code policy.json}. */
    public static byte[] defaultPolicyJson() {
        // A classpath resource inside our own jar, not the file system: the policy stays free of file I/O.
        try (InputStream in = RiskPolicy.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the build must package " + DEFAULT_RESOURCE + " next to RiskPolicy");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("the bundled " + DEFAULT_RESOURCE + " could not be read", e);
        }
    }

    public PolicyDocument document() {
        return document;
    }

    public PolicyDigest digest() {
        return digest;
    }

    /** What is withheld from observations: Countersign's tokens and the file's {@code credentials}. */
    public ScreenRedactor redactor() {
        return redactor;
    }

    /** Decides one action. */
    public PolicyDecision decide(ActionFacts facts) {
        Objects.requireNonNull(facts, "facts");
        if (facts.secure()) {
            // Before anything else, so no category, key or approval can reach a secure field.
            return new PolicyDecision.Refused(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "the target is a secure field; Countersign never acts on one, with or without approval"), digest);
        }
        if (facts.operation().visual()) {
            return required(RiskCategory.UNKNOWN_TARGET, List.of());
        }
        switch (facts.operation()) {
            case CLICK:
                if (keys.opensList(facts.role())) {
                    // A drop-down's click opens its list (or puts the caret in its text): nothing
                    // changes until an item is picked, and picking is judged by that item's label.
                    return new PolicyDecision.NotRequired(digest);
                }
                return decideClick(facts);
            case MENU:
                // A context menu changes nothing by itself: its items are observed and clicked like
                // any element, each judged by its own label. But opening it is pointer input on the
                // element (a right click, or the element's own action), which some applications also
                // take as a click (a list selects the row under it), so it asks exactly when a click
                // on the same element would, never less.
                return decideClick(facts);
            case DRAG:
                return decideDrag(facts);
            case KEY:
                return decideKey(facts);
            case DOUBLE_CLICK:
                return decideDoubleClick(facts);
            case SCROLL:
            case TYPE:
                // A wheel or text on a slider, spin button or combo box sets its value, as its
                // arrow keys do; anywhere else they change no data, like focus, unless the text
                // replaces what a field held.
                if (ValueControls.setBy(facts.role(), facts.operation())) {
                    return valueChange(facts, List.of());
                }
                return decideErasure(facts);
            case FOCUS:
            case SELECT:
                // Focus and selection change no data (nor does type elsewhere: it writes the
                // accessible value of one field and submits nothing; the driver must not turn text
                // into key presses).
                return new PolicyDecision.NotRequired(digest);
            default:
                throw new IllegalStateException("unhandled operation " + facts.operation());
        }
    }

    /**
     * Whether the person may allow acts of {@code category} (a wire name) for a while instead of
     * once: the file's {@code grantable} list, else every category but delete, money, security and carry
     * (docs/approvals.md). Bound into the digest like every other rule.
     */
    public boolean grantable(String category) {
        return category != null && document.grants(category);
    }

    /** {@link #decide} as the graph's requirement; a refusal raises its error (see {@link PolicyDecision#toRequirement()}). */
    public ApprovalRequirement requirement(ActionFacts facts) {
        return decide(facts).toRequirement();
    }

    private PolicyDecision decideClick(ActionFacts facts) {
        List<List<LabelText.Token>> labels = labels(facts);
        Optional<WordMatcher.Match> match = words.match(labels);
        if (match.isPresent()) {
            return required(match.get().category(), match.get().words());
        }
        if (labels.stream().allMatch(List::isEmpty)) {
            // Nothing to read: the agent is clicking blind, as with a visual act.
            return required(RiskCategory.UNKNOWN_TARGET, List.of());
        }
        return new PolicyDecision.NotRequired(digest);
    }

    /**
     * Text a {@code type} replaces and does not keep ({@link ActionFacts#erases()}): an autosaving
     * document keeps no copy of what is erased, so more than a little of it asks as
     * {@code discard}, naming how much goes — more than one line or more than
     * {@value #LITTLE_TEXT_CHARS} characters, or the unread text of a multi-line field (a document,
     * a message body). Replacing a short line (a name, a search, a calculator's display) never asks.
     */
    private PolicyDecision decideErasure(ActionFacts facts) {
        Erasure erased = facts.erases();
        if (erased == null) {
            return new PolicyDecision.NotRequired(digest);
        }
        boolean much = erased.unreadable() ? facts.states().contains(MULTI_LINE)
                : erased.lines() > 1 || erased.chars() > LITTLE_TEXT_CHARS;
        return much ? required(RiskCategory.DISCARD, List.of("erases " + erased.words()))
                : new PolicyDecision.NotRequired(digest);
    }

    /**
     * A double click is at least the click it starts with: the click rule first. Where that asks
     * nothing, a double click on text selects a word and one on something pressed like a button
     * presses it twice, which the click rule judged; anywhere else (a file, an item of a list, an
     * icon) it opens or runs what it lands on, which its labels need not say: it asks as
     * {@code run}.
     */
    private PolicyDecision decideDoubleClick(ActionFacts facts) {
        PolicyDecision click = decideClick(facts);
        if (click instanceof PolicyDecision.Required || click instanceof PolicyDecision.Refused) {
            return click;
        }
        if (facts.states().contains(EDITABLE) || keys.terminal(facts.role()) || keys.pressable(facts.role())) {
            return click;
        }
        return required(RiskCategory.RUN, List.of("double-click"));
    }

    /**
     * A drag is judged by both ends, with the click rule's words: what is dragged ("Invoice.pdf")
     * and where it is dropped ("Trash", "Recycle Bin", "Delete": the drop is a deletion). Either
     * end without a label, or a drop target the facts do not carry, is dragging blind.
     */
    private PolicyDecision decideDrag(ActionFacts facts) {
        List<List<LabelText.Token>> source = labels(facts);
        ActionFacts.Labels to = facts.to();
        if (to == null) {
            return required(RiskCategory.UNKNOWN_TARGET, List.of());
        }
        List<List<LabelText.Token>> target = labels(to.name(), to.identifier(), to.description());
        List<List<LabelText.Token>> both = new ArrayList<>(target);
        both.addAll(source);
        Optional<WordMatcher.Match> match = words.match(both);
        if (match.isPresent()) {
            return required(match.get().category(), match.get().words());
        }
        if (source.stream().allMatch(List::isEmpty) || target.stream().allMatch(List::isEmpty)) {
            return required(RiskCategory.UNKNOWN_TARGET, List.of());
        }
        return new PolicyDecision.NotRequired(digest);
    }

    private PolicyDecision decideKey(ActionFacts facts) {
        Optional<CountersignError> invalid = KeyChord.validate(facts.keys());
        if (invalid.isPresent()) {
            return new PolicyDecision.Refused(invalid.get(), digest);
        }
        KeyChord chord = KeyChord.parse(facts.keys());
        if (facts.landing().unknownFocus() != null) {
            return decideUnknownFocus(facts.landing().unknownFocus(), chord);
        }
        if (keys.navigation(chord)) {
            if (!ValueControls.changesValue(facts.role(), chord)) {
                return new PolicyDecision.NotRequired(digest);
            }
            return valueChange(facts, List.of(chord.canonical()));
        }
        // Return or space on a focused "Delete" button deletes: the target's label names the risk,
        // so focusing first and pressing a key cannot get around the click rule.
        Optional<WordMatcher.Match> match = words.match(labels(facts));
        if (match.isPresent()) {
            return required(match.get(), List.of(chord.canonical()));
        }
        return decideLanding(facts, chord);
    }

    /**
     * A key whose target's labels name no risk, judged by where it lands: Return on a terminal runs
     * its command line; Return or space on a button is a click on it; inside an editable text,
     * erasing, a space and the {@code editing} chords change only that text, and Return adds a line
     * to a multi-line text (or commits a spreadsheet cell) and presses the default button of a
     * single-line field's window; a chord the app binds to a menu item is a click on that item.
     * Everything else asks as the key rules say.
     */
    private PolicyDecision decideLanding(ActionFacts facts, KeyChord chord) {
        boolean terminal = keys.terminal(facts.role());
        boolean plainSubmit = keys.submit(chord) && !chord.modified();
        if (terminal && keys.submit(chord)) {
            return required(RiskCategory.RUN, List.of(chord.canonical()));
        }
        if (keys.press(chord) && keys.pressable(facts.role())) {
            return decideClick(facts);
        }
        if (plainSubmit && facts.states().contains(MULTI_LINE) && keys.cell(facts.role())) {
            // A spreadsheet cell: Return commits what was typed into it, and Calc reports the cell
            // being edited as not editable while a formula is entered.
            return new PolicyDecision.NotRequired(digest);
        }
        if (!terminal && facts.states().contains(EDITABLE)) {
            if (keys.editsText(chord)) {
                return new PolicyDecision.NotRequired(digest);
            }
            if (plainSubmit && facts.states().contains(MULTI_LINE)) {
                return new PolicyDecision.NotRequired(digest);
            }
            if (plainSubmit && facts.states().contains(SINGLE_LINE)
                    && keys.localField(facts.landing().app(), facts.landing().toolBars())) {
                // A field the app keeps inside the document: the Name Box jumps to a cell or range.
                return new PolicyDecision.NotRequired(digest);
            }
            if (plainSubmit && facts.states().contains(SINGLE_LINE)) {
                return decideDefaultButton(facts, chord);
            }
        }
        ActionFacts.Labels shortcut = facts.landing().shortcut();
        if (shortcut != null && !plainSubmit) {
            return decideAsClick(List.of(shortcut), chord);
        }
        return required(keys.category(chord), List.of(chord.canonical()));
    }

    /**
     * A key that reaches an unknown element of the target's window (the app does not say which of
     * its elements has focus): nothing about the target decides, only what any element of that
     * window could make of it. Tab, Shift+Tab and Escape only move focus or close a popup anywhere
     * and pass; the other navigation keys pass only where the whole window was read and holds no
     * control whose value they change (a slider, spin button, radio button, combo box), else they
     * ask as {@code value}. Any other key could type, press or erase in whatever has focus: in a
     * window holding a secure field it could land in that field, which nothing unlocks, so it is
     * refused; elsewhere it asks as the key rules say, naming {@value #FOCUS_UNREPORTED}.
     */
    private PolicyDecision decideUnknownFocus(ActionFacts.UnknownFocus window, KeyChord chord) {
        if (keys.navigation(chord)) {
            if (ValueControls.onlyMovesFocus(chord) || (window.complete() && !ValueControls.anyIn(window.roles()))) {
                return new PolicyDecision.NotRequired(digest);
            }
            return required(RiskCategory.VALUE, List.of(chord.canonical(), FOCUS_UNREPORTED));
        }
        if (window.secureField()) {
            return new PolicyDecision.Refused(CountersignError.of(ErrorCode.SECURE_FIELD_REFUSED,
                    "the app does not say which element has focus and its window holds a secure field: "
                            + chord.canonical() + " could land in it, which Countersign never allows"), digest);
        }
        return required(keys.category(chord), List.of(chord.canonical(), FOCUS_UNREPORTED));
    }

    /**
     * Return in a single-line field presses its window's default button: judged as a click on it.
     * A window whose default button is not known, or has none, leaves the Return to the app (a
     * search, a form sent): it asks as the submit key it is.
     */
    private PolicyDecision decideDefaultButton(ActionFacts facts, KeyChord chord) {
        List<ActionFacts.Labels> buttons = facts.landing().defaultButtons();
        if (buttons == null || buttons.isEmpty()) {
            return required(keys.category(chord), List.of(chord.canonical()));
        }
        return decideAsClick(buttons, chord);
    }

    /** A key judged as a click on the elements it presses: their words, or blind when one has no label. */
    private PolicyDecision decideAsClick(List<ActionFacts.Labels> pressed, KeyChord chord) {
        List<List<LabelText.Token>> all = new ArrayList<>();
        boolean blind = false;
        for (ActionFacts.Labels element : pressed) {
            List<List<LabelText.Token>> own = labels(element.name(), element.identifier(), element.description());
            blind |= own.stream().allMatch(List::isEmpty);
            all.addAll(own);
        }
        Optional<WordMatcher.Match> match = words.match(all);
        if (match.isPresent()) {
            return required(match.get(), List.of(chord.canonical()));
        }
        return blind ? required(RiskCategory.UNKNOWN_TARGET, List.of(chord.canonical()))
                : new PolicyDecision.NotRequired(digest);
    }

    /** A value control set to another value: asks, naming the target's own risk words if it has any. */
    private PolicyDecision valueChange(ActionFacts facts, List<String> what) {
        Optional<WordMatcher.Match> match = words.match(labels(facts));
        if (match.isPresent()) {
            return required(match.get(), what);
        }
        return required(RiskCategory.VALUE, what);
    }

    /** Asks as the words' category, naming the matched words and then what else the act does ({@code more}). */
    private PolicyDecision required(WordMatcher.Match match, List<String> more) {
        List<String> why = new ArrayList<>(match.words());
        why.addAll(more);
        return required(match.category(), why);
    }

    private PolicyDecision required(RiskCategory category, List<String> matchedWords) {
        return new PolicyDecision.Required(category, matchedWords, digest);
    }

    private static List<List<LabelText.Token>> labels(ActionFacts facts) {
        return labels(facts.name(), facts.identifier(), facts.description());
    }

    private static List<List<LabelText.Token>> labels(String name, String identifier, String description) {
        return List.of(
                LabelText.foldedTokens(name),
                LabelText.foldedTokens(LabelText.splitCamelCase(identifier)),
                LabelText.foldedTokens(description));
    }
}
