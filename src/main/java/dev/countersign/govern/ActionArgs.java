package dev.countersign.govern;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ForwardedAct;
import dev.countersign.govern.GuestTool.Call;
import dev.countersign.govern.ServerAction.Pixel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The argument checks {@link ServerAction}'s variants share, each refusing with
 * {@code INVALID_ARGUMENT} on the field the agent got wrong, and the shape of one call of the
 * server's computer tool ({@code action}, {@code coordinate}, {@code text}).
 */
final class ActionArgs {
    private ActionArgs() {
    }

    /** One call of the server's computer tool. */
    static Map<String, Object> call(String action, Pixel at, String text) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("action", action);
        if (at != null) {
            a.put("coordinate", List.of(at.x(), at.y()));
        }
        if (text != null) {
            a.put("text", text);
        }
        return Collections.unmodifiableMap(a);
    }

    static Pixel point(Call call, String wire) {
        if (call.point() == null) {
            throw refused("coordinate", "coordinate is required for " + wire);
        }
        return Pixel.of(call.point());
    }

    /**
     * Keys and typed text go where keyboard focus is, never to a point: a point here would be judged
     * while the input lands elsewhere (a focused password field, an approval dialog).
     */
    static void noPoint(Call call, String wire) {
        if (call.point() != null) {
            throw new CountersignException(ForwardedAct.noPoint(wire));
        }
    }

    static void noText(Call call, String wire) {
        if (call.text() != null) {
            throw refused("text", "text is not taken by " + wire);
        }
    }

    static void noTo(Call call) {
        if (call.to() != null) {
            throw refused("to", "to is only for drag");
        }
    }

    static String require(String text, String message) {
        if (text == null || text.isEmpty()) {
            throw refused("text", message);
        }
        return text;
    }

    static CountersignException refused(String field, String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }
}
