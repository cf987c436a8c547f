package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ScreenRedactor;

/** Puts an action into words for the person: "Click ‘Delete’ in yad — window ‘Login Form’". */
final class Describe {
    /** The longest terminal line the words quote. */
    private static final int LINE_MAX = 120;

    private Describe() {
    }

    static String action(ActArgs op, ElementNode target, Observation observation) {
        String label = !target.name().isBlank() ? target.name()
                : target.identifier() != null ? target.identifier() : target.role();
        return op.verb() + " \u2018" + label + "\u2019 in " + observation.app.name()
                + " \u2014 window \u2018" + observation.window.title() + "\u2019";
    }

    /**
     * The words, and for keys on a terminal the line they would act on as the terminal shows it
     * (its last line with text, credentials withheld): Return there runs that line, and the person
     * reads it here as well as in the screenshot.
     */
    static String action(ActArgs op, ElementNode target, Observation observation, ScreenRedactor redactor) {
        String words = action(op, target, observation);
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
