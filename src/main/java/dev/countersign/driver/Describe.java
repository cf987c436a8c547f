package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;

/** Puts an action into words for the person: "Click ‘Delete’ in yad — window ‘Login Form’". */
final class Describe {
    private Describe() {
    }

    static String action(ActArgs op, ElementNode target, Observation observation) {
        String label = !target.name().isBlank() ? target.name()
                : target.identifier() != null ? target.identifier() : target.role();
        return op.verb() + " \u2018" + label + "\u2019 in " + observation.app.name()
                + " \u2014 window \u2018" + observation.window.title() + "\u2019";
    }
}
