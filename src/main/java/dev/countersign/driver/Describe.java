package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ScreenRedactor;

/**
 * Puts an action into words for the person: "Click ‘Delete’ in yad — window ‘Login Form’"; an act
 * on two elements names both: "Drag ‘a.txt’ onto ‘Trash’ in Files — window ‘Files’".
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
        return op.verb() + " \u2018" + label(target) + "\u2019"
                + (second == null ? "" : " onto \u2018" + label(second) + "\u2019")
                + " in " + observation.app.name() + " \u2014 window \u2018" + observation.window.title() + "\u2019";
    }

    private static String label(ElementNode node) {
        return !node.name().isBlank() ? node.name() : node.identifier() != null ? node.identifier() : node.role();
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
        String words = action(op, target, second, observation);
        if (!(op instanceof ActArgs.Key) || !TerminalText.is(target) || target.value() == null) {
            return words;
        }
        String line = lastLine(target.value());
        if (line.isEmpty()) {
            return words;
        }
        String shown = redactor.redact(line, new ScreenRedactor.Tally());
        if (shown.length() > LINE_MAX) {
            shown = shown.substring(0, LINE_MAX) + "\u2026";
        }
        return words + " \u2014 its last line reads \u2018" + shown + "\u2019";
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
