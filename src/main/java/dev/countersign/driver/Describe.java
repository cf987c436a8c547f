package dev.countersign.driver;

import dev.countersign.desktop.ElementNode;

/** Puts an action into words for the person: "Click ‘Delete’ in yad — window ‘Login Form’". */
final class Describe {
    private Describe() {
    }

    static String action(String route, ElementNode target, Observation observation) {
        String op = route.substring(route.indexOf('/') + 1);
        String verb;
        switch (op) {
            case "click": verb = "Click"; break;
            case "type": verb = "Type into"; break;
            case "key": verb = "Press keys on"; break;
            case "scroll": verb = "Scroll"; break;
            case "focus": verb = "Focus"; break;
            default: verb = op;
        }
        String label = !target.name().isBlank() ? target.name()
                : target.identifier() != null ? target.identifier() : target.role();
        return verb + " \u2018" + label + "\u2019 in " + observation.app.name()
                + " \u2014 window \u2018" + observation.window.title() + "\u2019";
    }
}
