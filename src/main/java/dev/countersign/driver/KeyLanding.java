package dev.countersign.driver;

import dev.countersign.core.CountersignException;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.MenuShortcut;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.KeyChord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a key lands on beyond its target, for the policy ({@link ActionFacts.Landing}): the menu
 * item the window's app binds to the chord, read live from the backend, and the window's default
 * buttons (state {@code is_default}) in the act's own observation, which is always of the whole
 * window. Nothing is guessed: a backend that cannot read bindings leaves the shortcut unknown, and
 * the key asks.
 */
final class KeyLanding {
    static final String DEFAULT_STATE = "is_default";
    private static final Pattern FUNCTION_KEY = Pattern.compile("F[0-9]{1,2}");

    private KeyLanding() {
    }

    /** The landing of a key act ({@code facts} judged as one), or null for every other act. */
    static ActionFacts.Landing of(DesktopBackend backend, Observation observation, ActionFacts facts) {
        if (facts.operation() != dev.countersign.policy.Operation.KEY || facts.keys() == null) {
            return null;
        }
        List<ActionFacts.Labels> defaults = new ArrayList<>();
        for (ElementNode node : observation.nodes) {
            if (node.hasState(DEFAULT_STATE)) {
                defaults.add(new ActionFacts.Labels(node.name(), node.identifier(), node.description()));
            }
        }
        return new ActionFacts.Landing(shortcut(backend, observation, facts.keys()), defaults);
    }

    /**
     * The enabled menu item bound to the chord in the observed window; with several (an app that
     * binds one chord twice), the first, whose labels the policy reads, and the others are not
     * trusted: a chord bound to items that disagree is left unknown.
     */
    private static ActionFacts.Labels shortcut(DesktopBackend backend, Observation observation, String keys) {
        if (KeyChord.validate(keys).isPresent()) {
            return null;
        }
        KeyChord parsed = KeyChord.parse(keys);
        if (!parsed.modified() && !FUNCTION_KEY.matcher(parsed.key()).matches()) {
            // Menus bind chords and function keys; a plain key (Return, a letter) goes to the target.
            return null;
        }
        String chord = parsed.canonical().toLowerCase(Locale.ROOT);
        List<MenuShortcut> bound;
        try {
            bound = backend.menuShortcuts(observation.window);
        } catch (CountersignException e) {
            return null;
        }
        ActionFacts.Labels found = null;
        for (MenuShortcut shortcut : bound) {
            if (!shortcut.chord().toLowerCase(Locale.ROOT).equals(chord)) {
                continue;
            }
            ActionFacts.Labels labels = new ActionFacts.Labels(shortcut.name(), shortcut.identifier(),
                    shortcut.description());
            if (found != null && !found.equals(labels)) {
                return null;
            }
            found = labels;
        }
        return found;
    }
}
