package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.List;

/**
 * Posts synthetic input as Quartz events at the HID tap, which is what a physical device would
 * produce (and what needs the Accessibility grant). Every event is created, posted and released
 * in a {@code finally}.
 */
final class MacInput {
    private final CoreGraphics cg = MacNative.Libs.CG;

    void post(List<PointerPlan.Step> steps) {
        for (PointerPlan.Step step : steps) {
            Pointer event;
            if (step instanceof PointerPlan.Mouse m) {
                event = cg.CGEventCreateMouseEvent(null, m.type(), new CoreGraphics.CGPoint.ByValue(m.x(), m.y()),
                        m.button());
                if (event != null && m.clicks() > 0) {
                    cg.CGEventSetIntegerValueField(event, CoreGraphics.FIELD_MOUSE_CLICK_STATE, m.clicks());
                }
            } else {
                PointerPlan.Wheel w = (PointerPlan.Wheel) step;
                event = cg.CGEventCreateScrollWheelEvent2(null, CoreGraphics.SCROLL_UNIT_LINE, 2, w.vertical(),
                        w.horizontal(), 0);
                if (event != null) {
                    cg.CGEventSetLocation(event, new CoreGraphics.CGPoint.ByValue(w.x(), w.y()));
                }
            }
            postAndRelease(event);
        }
    }

    /**
     * A chord: modifier keys down in order, the key down and up with the combined flags, modifiers
     * up in reverse. If an event cannot be made half way, the modifiers already down are let up
     * again: a ⌘ left down would turn the person's next keystrokes into shortcuts.
     */
    void chord(MacKeys.Chord chord) {
        long flags = 0;
        int down = 0;
        try {
            for (MacKeys.Modifier m : chord.modifiers()) {
                flags |= m.flag();
                key(m.keyCode(), true, flags);
                down++;
            }
            key(chord.keyCode(), true, chord.flags());
            key(chord.keyCode(), false, chord.flags());
        } finally {
            for (int i = down - 1; i >= 0; i--) {
                MacKeys.Modifier m = chord.modifiers().get(i);
                flags &= ~m.flag();
                key(m.keyCode(), false, flags);
            }
        }
    }

    /** Types text: Unicode strings on key code 0 (no flags, so Shift or Command held by the person cannot turn it into a shortcut). */
    void type(List<MacKeys.Piece> pieces) {
        for (MacKeys.Piece piece : pieces) {
            if (piece instanceof MacKeys.Stroke stroke) {
                int code = stroke.keyCode();
                key(code, true, 0);
                key(code, false, 0);
            } else {
                char[] chars = ((MacKeys.Unicode) piece).text().toCharArray();
                for (byte down = 1; down >= 0; down--) {
                    Pointer event = cg.CGEventCreateKeyboardEvent(null, (short) 0, down);
                    if (event != null) {
                        cg.CGEventSetFlags(event, 0);
                        cg.CGEventKeyboardSetUnicodeString(event, chars.length, chars);
                    }
                    postAndRelease(event);
                }
            }
        }
    }

    private void key(int keyCode, boolean down, long flags) {
        Pointer event = cg.CGEventCreateKeyboardEvent(null, (short) keyCode, (byte) (down ? 1 : 0));
        if (event != null) {
            cg.CGEventSetFlags(event, flags);
        }
        postAndRelease(event);
    }

    private void postAndRelease(Pointer event) {
        if (event == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "Quartz could not create an input event; what was posted before it stands"));
        }
        try {
            cg.CGEventPost(CoreGraphics.HID_EVENT_TAP, event);
        } finally {
            Cf.release(event);
        }
    }
}
