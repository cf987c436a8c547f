package dev.countersign.policy;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The key section of a policy, and the roles that say where a key lands, compiled. */
final class KeyRules {
    private static final String SPACE = "space";

    private final Set<String> navigation;
    private final Set<String> submit;
    private final Set<String> erase;
    private final Set<String> editing;
    private final Set<String> terminal;
    private final Set<String> pressable;
    private final Set<String> cell;
    private final Set<String> opensList;
    private final List<PolicyDocument.LocalField> localFields;

    KeyRules(PolicyDocument.Keys keys, PolicyDocument.Roles roles) {
        navigation = canonical(keys.navigation(), false);
        submit = canonical(keys.submit(), true);
        erase = canonical(keys.erase(), true);
        editing = canonical(keys.editing(), false);
        terminal = normalized(roles.terminal());
        pressable = normalized(roles.pressable());
        cell = normalized(roles.cell());
        opensList = normalized(roles.opensList());
        localFields = roles.localFields();
    }

    /** Whether the exact chord is on the navigation whitelist (modifiers must match too). */
    boolean navigation(KeyChord chord) {
        return navigation.contains(chord.canonical());
    }

    /**
     * The category a non-navigation chord asks as where nothing about its landing decides: a
     * submit key with any modifiers is {@code send} (ctrl+Return sends in most chat apps), an
     * erase key with any modifiers is {@code delete} (Delete removes the selected message in a
     * mail list), anything else is a shortcut whose effect only the focused app knows, so
     * {@code unknown_target}.
     */
    RiskCategory category(KeyChord chord) {
        if (submit(chord)) {
            return RiskCategory.SEND;
        }
        if (erase.contains(chord.key())) {
            return RiskCategory.DELETE;
        }
        return RiskCategory.UNKNOWN_TARGET;
    }

    /** A submit key (Return, Enter), with any modifiers. */
    boolean submit(KeyChord chord) {
        return submit.contains(chord.key());
    }

    /** A submit key or the space bar with no modifier: what presses a focused button. */
    boolean press(KeyChord chord) {
        return !chord.modified() && (submit.contains(chord.key()) || SPACE.equals(chord.key()));
    }

    /** An erase key (BackSpace, Delete), with any modifiers (ctrl+BackSpace erases a word). */
    boolean erase(KeyChord chord) {
        return erase.contains(chord.key());
    }

    /**
     * Whether the chord only edits the text it lands in: an erase key, the space bar, or a chord of
     * the {@code editing} list.
     */
    boolean editsText(KeyChord chord) {
        return erase(chord) || SPACE.equals(chord.canonical()) || editing.contains(chord.canonical())
                || editing.contains(lowerCased(chord));
    }

    boolean terminal(String role) {
        return role != null && terminal.contains(ValueControls.normalize(role));
    }

    boolean cell(String role) {
        return role != null && cell.contains(ValueControls.normalize(role));
    }

    /**
     * Whether a field of {@code app} in a tool bar named one of {@code toolBars} is one whose
     * Return the app keeps inside the document ({@code roles.local_fields}); both must be known.
     */
    boolean localField(String app, List<String> toolBars) {
        if (app == null) {
            return false;
        }
        for (PolicyDocument.LocalField f : localFields) {
            if (f.app().equals(app) && toolBars.contains(f.toolBar())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a click on the role only opens its list of choices (a drop-down), each judged when picked. */
    boolean opensList(String role) {
        return role != null && opensList.contains(ValueControls.normalize(role));
    }

    boolean pressable(String role) {
        return role != null && pressable.contains(ValueControls.normalize(role));
    }

    /** The chord as an app's accelerator spells it: a letter key in lower case ("ctrl+S" is "ctrl+s"). */
    static String lowerCased(KeyChord chord) {
        return chord.canonical().toLowerCase(Locale.ROOT);
    }

    private static Set<String> canonical(List<String> chords, boolean keyOnly) {
        Set<String> out = new HashSet<>();
        for (String chord : chords) {
            KeyChord parsed = KeyChord.parse(chord);
            out.add(keyOnly ? parsed.key() : parsed.canonical());
        }
        return Set.copyOf(out);
    }

    private static Set<String> normalized(List<String> roles) {
        Set<String> out = new HashSet<>();
        roles.forEach(role -> out.add(ValueControls.normalize(role)));
        return Set.copyOf(out);
    }
}
