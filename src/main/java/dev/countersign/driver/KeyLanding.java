package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignException;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.MenuShortcut;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.KeyChord;
import dev.countersign.policy.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a key lands on beyond its target, for the policy ({@link ActionFacts.Landing}): the menu
 * item the window's app binds to the chord, read live from the backend, and the window's default
 * buttons (state {@code is_default}) in the act's own observation, which is of the whole window
 * (a default button beyond its node or depth bound is not known, and a Return then asks). Nothing
 * is guessed: a backend that cannot read bindings leaves the shortcut unknown, and the key asks.
 */
final class KeyLanding {
    static final String DEFAULT_STATE = "is_default";
    private static final Pattern FUNCTION_KEY = Pattern.compile("F[0-9]{1,2}");

    private KeyLanding() {
    }

    /**
     * An act's requirement and the landing it was judged with (null for acts that are not keys);
     * {@code unknownFocus} is the window a key may reach an unknown element of, when the app turns
     * out not to say which element has focus: set when the requirement covers that (the key was
     * judged so, or would pass so too), null when such a key must be refused.
     */
    record Judged(ApprovalRequirement requirement, ActionFacts.Landing landing, ActionFacts.UnknownFocus unknownFocus) {
        Judged(ApprovalRequirement requirement, ActionFacts.Landing landing) {
            this(requirement, landing, null);
        }
    }

    /**
     * The requirement of an act, with what a key lands on: first with the window's default buttons
     * only (read from the observation, free), and only when that asks, again with the menu item
     * bound to the chord (a live read of the window's menus, ~100 ms in an office app). A bound
     * item can only turn a question into none or into its own words, never an act that asks nobody
     * into one that asks, so a navigation key, a Return in a paragraph or ctrl+a in a field never
     * reads the menus.
     */
    static Judged judge(ApprovalPolicy policy, DesktopBackend backend, Observation observation, ActArgs args,
            int index, ElementNode target, ElementNode second) {
        return judge(policy, backend, observation, args, index, target, second, false);
    }

    /**
     * As {@link #judge(ApprovalPolicy, DesktopBackend, Observation, ActArgs, int, ElementNode, ElementNode)};
     * in a window whose app is known not to say which element has focus ({@code silent}:
     * {@link UnreportedFocus}), a key is judged as reaching an unknown element of the window.
     * Elsewhere it is judged as reaching its target, and may still reach an unknown element at
     * dispatch only where that judgement would let it pass unasked too.
     */
    static Judged judge(ApprovalPolicy policy, DesktopBackend backend, Observation observation, ActArgs args,
            int index, ElementNode target, ElementNode second, boolean silent) {
        ActionFacts facts = args.facts(target);
        if (second != null || facts.operation() != Operation.KEY || facts.keys() == null) {
            return new Judged(policy.requirementFor(args, target, second), null);
        }
        ActionFacts.Landing around = new ActionFacts.Landing(null, defaultButtons(observation),
                observation.app.bundle().orElse(observation.app.name()), toolBars(observation.nodes, index));
        ActionFacts.UnknownFocus window = UnreportedFocus.window(observation.nodes, observation.view.truncated());
        ActionFacts.Landing unknown = around.withUnknownFocus(window);
        if (silent) {
            return new Judged(policy.requirementFor(args, target, null, unknown), unknown, window);
        }
        ActionFacts.UnknownFocus passesUnknown = passesUnasked(policy, args, target, unknown) ? window : null;
        ApprovalRequirement first = policy.requirementFor(args, target, null, around);
        if (!first.required()) {
            return new Judged(first, around, passesUnknown);
        }
        ActionFacts.Labels bound = shortcut(backend, observation, facts.keys());
        if (bound == null) {
            return new Judged(first, around, passesUnknown);
        }
        ActionFacts.Landing withItem = new ActionFacts.Landing(bound, around.defaultButtons(), around.app(),
                around.toolBars());
        return new Judged(policy.requirementFor(args, target, null, withItem), withItem, passesUnknown);
    }

    /** Whether the key would pass unasked as reaching an unknown element ({@code unknown}); a refusal is no pass. */
    private static boolean passesUnasked(ApprovalPolicy policy, ActArgs args, ElementNode target,
            ActionFacts.Landing unknown) {
        try {
            return !policy.requirementFor(args, target, null, unknown).required();
        } catch (CountersignException e) {
            return false;
        }
    }

    /** The names of the tool bars the element is in, in the observation, nearest first; none for -1. */
    static List<String> toolBars(List<ElementNode> nodes, int index) {
        List<String> names = new ArrayList<>();
        for (int at = index < 0 || index >= nodes.size() ? -1 : nodes.get(index).parent(); at >= 0;
                at = nodes.get(at).parent()) {
            String role = nodes.get(at).role();
            if (("tool bar".equals(role) || "AXToolbar".equals(role)) && !nodes.get(at).name().isBlank()) {
                names.add(nodes.get(at).name());
            }
        }
        return names;
    }

    private static List<ActionFacts.Labels> defaultButtons(Observation observation) {
        List<ActionFacts.Labels> defaults = new ArrayList<>();
        for (ElementNode node : observation.nodes) {
            if (node.hasState(DEFAULT_STATE)) {
                defaults.add(new ActionFacts.Labels(node.name(), node.identifier(), node.description()));
            }
        }
        return defaults;
    }

    /**
     * The labels of the enabled menu item bound to the chord in the observed window: one item, or
     * several with the same labels; a chord bound to items that disagree is left unknown.
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
