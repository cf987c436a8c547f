package dev.countersign.policy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The key section of a policy, compiled to canonical chords and key names. */
final class KeyRules {
    private final Set<String> navigation;
    private final Set<String> submit;
    private final Set<String> erase;

    KeyRules(PolicyDocument.Keys keys) {
        navigation = canonical(keys.navigation(), false);
        submit = canonical(keys.submit(), true);
        erase = canonical(keys.erase(), true);
    }

    /** Whether the exact chord is on the navigation whitelist (modifiers must match too). */
    boolean navigation(KeyChord chord) {
        return navigation.contains(chord.canonical());
    }

    /**
     * The category a non-navigation chord asks as: a submit key with any modifiers is {@code send}
     * (ctrl+Return sends in most chat apps), an erase key with any modifiers is {@code delete}
     * (Delete removes the selected message in a mail list), anything else is a shortcut whose
     * effect only the focused app knows, so {@code unknown_target}.
     */
    RiskCategory category(KeyChord chord) {
        if (submit.contains(chord.key())) {
            return RiskCategory.SEND;
        }
        if (erase.contains(chord.key())) {
            return RiskCategory.DELETE;
        }
        return RiskCategory.UNKNOWN_TARGET;
    }

    private static Set<String> canonical(List<String> chords, boolean keyOnly) {
        Set<String> out = new HashSet<>();
        for (String chord : chords) {
            KeyChord parsed = KeyChord.parse(chord);
            out.add(keyOnly ? parsed.key() : parsed.canonical());
        }
        return Set.copyOf(out);
    }
}
