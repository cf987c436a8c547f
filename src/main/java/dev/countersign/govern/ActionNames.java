package dev.countersign.govern;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.govern.GuestTool.Call;
import dev.countersign.govern.ServerAction.Button;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The agent-facing names of {@link ServerAction}s, in the order they are offered: the one place an
 * agent's {@code action} is matched. Each name lists the governed server's actions it needs, all
 * of which the server must have for it to be offered ({@link Offer}); the first is the one it
 * stands for, the rest are helpers (a drag moves the pointer first; typing is of use only with a
 * click that puts keyboard focus in a field).
 */
final class ActionNames {
    /** One name: what the server needs to have, and how the agent's call becomes the action. */
    record Name(String wire, List<String> needs, Function<Call, ServerAction> parse) {
        Name {
            needs = List.copyOf(needs);
        }
    }

    static final List<Name> ALL = List.of(
            new Name(ServerAction.Screenshot.WIRE, List.of("get_screenshot"), call -> new ServerAction.Screenshot()),
            new Name(ServerAction.CursorPosition.WIRE, List.of("get_cursor_position"),
                    call -> new ServerAction.CursorPosition()),
            click(Button.LEFT),
            click(Button.DOUBLE),
            click(Button.RIGHT),
            click(Button.MIDDLE),
            new Name(ServerAction.Drag.WIRE, List.of("left_click_drag", "mouse_move"), ServerAction.Drag::parse),
            new Name(ServerAction.Scroll.WIRE, List.of("scroll"), ServerAction.Scroll::parse),
            new Name(ServerAction.Type.WIRE, List.of("type", "left_click"), ServerAction.Type::parse),
            new Name(ServerAction.Key.WIRE, List.of("key"), ServerAction.Key::parse));

    private static final Map<String, Name> BY_WIRE = byWire();

    private ActionNames() {
    }

    /**
     * The action the agent's call names, its arguments checked; a name Countersign does not govern
     * and a bad argument are refused ({@code INVALID_ARGUMENT}).
     */
    static ServerAction parse(Call call) {
        Name name = BY_WIRE.get(call.action());
        if (name == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "action",
                    "not offered: " + call.action()));
        }
        return name.parse().apply(call);
    }

    /** Each name → the server's actions it needs, in the order offered. */
    static Map<String, List<String>> vocabulary() {
        Map<String, List<String>> v = new LinkedHashMap<>();
        ALL.forEach(name -> v.put(name.wire(), name.needs()));
        return Collections.unmodifiableMap(v);
    }

    private static Name click(Button button) {
        return new Name(button.wire, List.of(button.server), call -> ServerAction.Click.parse(button, call));
    }

    private static Map<String, Name> byWire() {
        Map<String, Name> m = new LinkedHashMap<>();
        ALL.forEach(name -> m.put(name.wire(), name));
        return Collections.unmodifiableMap(m);
    }
}
