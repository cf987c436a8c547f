package dev.countersign.desktop.macos;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One entry of {@code CGWindowListCopyWindowInfo}, decoded from its dictionary: the window number
 * capture needs, the owner pid, the layer (0 = ordinary application windows), bounds in global
 * top-left points and, when the caller may see them, the title and owner name.
 */
record CgWindow(int number, long pid, int layer, Rect bounds, String title, String owner, boolean onScreen,
        double alpha) {

    static final String NUMBER = "kCGWindowNumber";
    static final String OWNER_PID = "kCGWindowOwnerPID";
    static final String LAYER = "kCGWindowLayer";
    static final String BOUNDS = "kCGWindowBounds";
    /** Present only with Screen Recording permission (macOS 10.15+); absence is not an empty title. */
    static final String NAME = "kCGWindowName";
    static final String OWNER_NAME = "kCGWindowOwnerName";
    static final String IS_ONSCREEN = "kCGWindowIsOnscreen";
    /** 0 (fully transparent) to 1; a window without the key is taken as opaque. */
    static final String ALPHA = "kCGWindowAlpha";

    /** The entry as a window, or null when a required key is missing or malformed. */
    static CgWindow of(Map<String, Object> entry) {
        Object number = entry.get(NUMBER);
        Object pid = entry.get(OWNER_PID);
        Rect bounds = Frames.ofBoundsDictionary(entry.get(BOUNDS));
        if (!(number instanceof Number windowNumber) || !(pid instanceof Number ownerPid) || bounds == null) {
            return null;
        }
        Object layer = entry.get(LAYER);
        Object title = entry.get(NAME);
        Object owner = entry.get(OWNER_NAME);
        return new CgWindow(windowNumber.intValue(), ownerPid.longValue(),
                layer instanceof Number layerNumber ? layerNumber.intValue() : 0, bounds,
                title instanceof String titleText ? titleText : null,
                owner instanceof String ownerName ? ownerName : null,
                Boolean.TRUE.equals(entry.get(IS_ONSCREEN)),
                entry.get(ALPHA) instanceof Number alpha ? alpha.doubleValue() : 1.0);
    }

    /** All decodable entries, in the list's order (front to back for on-screen lists). */
    static List<CgWindow> all(List<Map<String, Object>> entries) {
        List<CgWindow> out = new ArrayList<>(entries.size());
        for (Map<String, Object> e : entries) {
            CgWindow w = of(e);
            if (w != null) {
                out.add(w);
            }
        }
        return out;
    }

    boolean applicationWindow() {
        return layer == 0;
    }
}
