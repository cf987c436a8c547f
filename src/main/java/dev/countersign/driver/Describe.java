package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.policy.ActionFacts;
import dev.countersign.policy.Erasure;
import dev.countersign.policy.ScreenRedactor;
import java.util.List;

/**
 * Puts an action into words for the person: "Click ‘Delete’ in yad — window ‘Login Form’"; an act
 * on two elements names both: "Drag ‘a.txt’ onto ‘Trash’ in Files — window ‘Files’". A key names
 * its chord and what it presses, from the same facts the policy judged: "Press ctrl+d in ‘Notes’
 * … — the app's menu item ‘Delete All Notes’". An element without a name is described by its
 * role and its nearest named neighbour, and pointed at on the screenshot: "the unnamed toggle
 * button next to ‘Sort ascending’ (marked on the screenshot)".
 */
final class Describe {
    /** The longest terminal line the words quote. */
    private static final int LINE_MAX = 120;

    private Describe() {
    }

    static String action(ActArgs op, ElementNode target, Observation observation) {
        return action(op, target, null, observation);
    }

    static String action(ActArgs op, ElementNode target, ElementNode second, Observation observation) {
        return action(op, -1, target, second, observation);
    }

    private static String action(ActArgs op, int index, ElementNode target, ElementNode second,
            Observation observation) {
        String verb = !toggles(op, target) ? (op instanceof KeyArgs key ? "Press " + key.keys() + " in" : op.verb())
                : OPTIONS.contains(target.role()) ? "Choose the option"
                : target.hasState("checked") ? "Turn off" : "Turn on";
        return verb + " " + label(target, index, observation)
                + (second == null ? "" : " onto " + label(second, -1, observation))
                + " in " + observation.app.name() + " \u2014 window \u2018" + observation.window.title() + "\u2019";
    }

    /**
     * A governed server's act in words: "click at (260, 230) on push button ‘Delete’ in yad — window
     * ‘Overlays’, through the governed server ‘desk’"; a chord as it is pressed ("press ctrl+s into
     * …"), a scroll with its steps, and what makes a point doubtful: the elements that overlap there
     * (the act is judged as the riskiest), what the application's own hit test finds there instead.
     *
     * @param target the element (or focus) and window, as {@code ForwardFlow} names them
     * @param targets the elements at the point; null for keyboard input
     * @param hit the application's own hit test; null when it was not asked
     */
    static String forwarded(ForwardedAct act, String target, PointTargets targets, PointHit hit,
            List<ElementNode> nodes) {
        String what = act.input() instanceof ForwardedAct.Keys keys ? "press " + keys.chord() : act.input().words();
        StringBuilder words = new StringBuilder(what).append(act.pointer() ? " at (" + act.at().centerX() + ", "
                + act.at().centerY() + ") on " : " into ").append(target);
        if (targets != null && targets.overlapping()) {
            StringBuilder all = new StringBuilder();
            for (int i : targets.candidates()) {
                all.append(all.length() == 0 ? "" : ", ").append(named(nodes.get(i)));
            }
            words.append(" \u2014 elements overlap there (").append(all)
                    .append("); which one takes it cannot be told, so it is judged as the riskiest");
        }
        if (hit != null && !hit.onElement()) {
            words.append(" \u2014 the application's own hit test finds ").append(hit.found()).append(" there");
        }
        return words.append(", through the governed server \u2018").append(act.server()).append('\u2019').toString();
    }

    /**
     * Whether the act flips a switch or check box, or picks a radio option: a click on it, or
     * space or Return pressed on it. Its label names a setting ("Send a ‘Do Not Track’ request…",
     * "Delete data … when you close all windows"), so the person reads "Turn on ‘…’" or "Choose the
     * option ‘…’", not "Click ‘Send…’" as if the click sent something.
     */
    static boolean toggles(ActArgs op, ElementNode target) {
        if (target == null || !TOGGLES.contains(target.role()) && !OPTIONS.contains(target.role())) {
            return false;
        }
        return op instanceof ClickArgs
                || op instanceof KeyArgs key && ("space".equals(key.keys()) || "Return".equals(key.keys()));
    }

    private static final java.util.Set<String> TOGGLES = java.util.Set.of("check box", "switch", "toggle button",
            "check menu item", "AXCheckBox", "AXSwitch");
    private static final java.util.Set<String> OPTIONS = java.util.Set.of("radio button", "radio menu item",
            "AXRadioButton");

    /** An element as the person reads it: its role and name, "push button ‘Delete’". */
    static String named(ElementNode n) {
        return n.role() + (n.name().isEmpty() ? "" : " " + quoted(n.name()));
    }

    /** The element as the person can find it: its name, else its identifier, else its role and a neighbour. */
    private static String label(ElementNode node, int index, Observation observation) {
        if (!node.name().isBlank()) {
            return quoted(node.name());
        }
        if (node.identifier() != null && !node.identifier().isBlank()) {
            return quoted(node.identifier());
        }
        int item = ItemOf.enclosing(observation.nodes, index);
        if (item >= 0) {
            return "the unnamed " + node.role() + " inside " + named(observation.nodes.get(item))
                    + " (marked on the screenshot)";
        }
        String neighbour = index < 0 ? null : neighbour(observation.nodes, index);
        return "the unnamed " + node.role() + (neighbour == null ? "" : " next to " + quoted(neighbour))
                + " (marked on the screenshot)";
    }

    /**
     * The name of the element's nearest named sibling (the one before it first: a label precedes
     * its field), else of its parent; null when none has one.
     */
    static String neighbour(List<ElementNode> nodes, int index) {
        int parent = nodes.get(index).parent();
        for (int distance = 1; distance < nodes.size(); distance++) {
            for (int at : new int[] {index - distance, index + distance}) {
                if (at >= 0 && at < nodes.size() && nodes.get(at).parent() == parent && parent >= 0
                        && !nodes.get(at).name().isBlank()) {
                    return nodes.get(at).name();
                }
            }
        }
        return parent >= 0 && !nodes.get(parent).name().isBlank() ? nodes.get(parent).name() : null;
    }

    private static String quoted(String text) {
        return "\u2018" + text + "\u2019";
    }

    /**
     * What a key presses beyond its target, as the policy judged it: the menu item the app binds to
     * the chord, or the default button a Return in a single-line field presses; empty otherwise.
     */
    private static String presses(ActArgs op, ElementNode target, ActionFacts.Landing landing) {
        if (!(op instanceof KeyArgs key) || landing == null) {
            return "";
        }
        if (landing.unknownFocus() != null) {
            // The key goes to whatever element of the window has focus, which the app does not say.
            return " \u2014 the app does not say which element has focus, so it reaches an unknown element of"
                    + " this window";
        }
        boolean plainReturn = "Return".equals(key.keys()) || "Enter".equals(key.keys());
        if (!plainReturn && landing.shortcut() != null) {
            return " \u2014 the app's menu item " + quoted(name(landing.shortcut()));
        }
        if (plainReturn && target.hasState("single_line") && landing.defaultButtons() != null
                && !landing.defaultButtons().isEmpty()) {
            return " \u2014 presses " + quoted(name(landing.defaultButtons().get(0)))
                    + ", the window's default button";
        }
        return "";
    }

    private static String name(ActionFacts.Labels labels) {
        return labels.name() != null && !labels.name().isBlank() ? labels.name()
                : labels.identifier() != null ? labels.identifier() : "";
    }

    /**
     * The words, and for keys on a terminal the line they would act on as the terminal shows it
     * (its last line with text, credentials withheld): Return there runs that line, and the person
     * reads it here as well as in the screenshot.
     */
    static String action(ActArgs op, ElementNode target, Observation observation, ScreenRedactor redactor) {
        return action(op, target, null, observation, redactor);
    }

    /** As {@link #action(ActArgs, ElementNode, Observation, ScreenRedactor)}, naming a second element too. */
    static String action(ActArgs op, ElementNode target, ElementNode second, Observation observation,
            ScreenRedactor redactor) {
        return action(op, -1, target, second, observation, redactor, null);
    }

    /**
     * As {@link #action(ActArgs, ElementNode, ElementNode, Observation, ScreenRedactor)}, for the
     * target at {@code index} of the observation (whose neighbours name it when it has no name of
     * its own) and with what a key lands on ({@code landing}, null when not read).
     */
    static String action(ActArgs op, int index, ElementNode target, ElementNode second, Observation observation,
            ScreenRedactor redactor, ActionFacts.Landing landing) {
        String words = action(op, index, target, second, observation) + presses(op, target, landing);
        Erasure erased = op instanceof TypeArgs type ? type.erases(target) : null;
        if (erased != null) {
            // What a replace throws away, which no undo in an autosaving document brings back.
            return words + " \u2014 erases what it holds: " + erased.words();
        }
        if (!(op instanceof KeyArgs) || target.value() == null) {
            return words;
        }
        if (TerminalText.is(target)) {
            String line = lastLine(target.value());
            return line.isEmpty() ? words : words + " \u2014 its last line reads " + quote(line, redactor);
        }
        // Return in a single-line field that presses no known button hands its text to the app (an
        // address to open, a search to run): the person reads what it will send.
        boolean sendsText = ((KeyArgs) op).keys().matches("Return|Enter|KP_Enter")
                && target.hasState("single_line") && target.hasState("editable") && !target.value().isBlank()
                && (landing == null || landing.defaultButtons() == null || landing.defaultButtons().isEmpty());
        return sendsText ? words + " \u2014 it holds " + quote(target.value().strip(), redactor) : words;
    }

    /** Text from the screen as the person reads it: credentials withheld, one line, cut. */
    private static String quote(String text, ScreenRedactor redactor) {
        String shown = redactor.redact(text, new ScreenRedactor.Tally()).replaceAll("\\s+", " ");
        if (shown.length() > LINE_MAX) {
            shown = shown.substring(0, LINE_MAX) + "\u2026";
        }
        return quoted(shown);
    }

    private static String lastLine(String text) {
        String[] lines = text.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return lines[i].strip();
            }
        }
        return "";
    }
}
