package dev.countersign.remote;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One act a governing Countersign asks the governed one to run: on which app and window, on the
 * element of which role and name and/or identifier (either may be null when the rest names exactly
 * one element, e.g. the only password field), which {@code computer_act} operation with which of
 * its arguments (e.g. {@code text} for {@code type}). The far side finds the element itself and
 * refuses when none or several match.
 */
public record RemoteAct(String app, String window, String role, String name, String identifier, String op,
        Map<String, Object> arguments) {

    public RemoteAct {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(op, "op");
        arguments = arguments == null ? Map.of() : Map.copyOf(arguments);
    }

    /** A click on the element of {@code role} named {@code name}. */
    public static RemoteAct click(String app, String window, String role, String name) {
        return new RemoteAct(app, window, role, name, null, "click", Map.of());
    }

    /** Typing {@code text} into the element of {@code role} named {@code name}. */
    public static RemoteAct type(String app, String window, String role, String name, String text) {
        return new RemoteAct(app, window, role, name, null, "type", Map.of("text", text));
    }

    /** The act's arguments as the wire carries them: {@code op} first, then the operation's own. */
    Map<String, Object> wireArguments() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("op", op);
        out.putAll(arguments);
        return out;
    }
}
