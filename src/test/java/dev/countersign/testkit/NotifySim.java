package dev.countersign.testkit;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The control side of the harness's stand-in for the notification shim
 * ({@code src/test/native/macos-sim/notify.c}, built into {@code target/macos-sim/shim}): what was
 * posted and removed, and the person's click on a notice. Loaded from the same file the product
 * loads through {@code -Dcountersign.native.dir}, so both share one notification center.
 */
public interface NotifySim extends Library {
    /** Where the stand-in is built; {@code countersign.native.dir} points here in tests. */
    Path DIR = Path.of("target", "macos-sim", "shim").toAbsolutePath();

    /** The person clicks notice {@code identifier}: 1 when it was shown (the delegate was called), else 0. */
    int sim_notify_activate(String identifier);

    /** How many notices are shown now. */
    int sim_notify_shown();

    /** What was started, posted, removed and clicked, one line each. */
    String sim_notify_events();

    /** A fresh notification center; {@code app} 0 imitates a process without a bundle identifier. */
    void sim_notify_reset(int app);

    /** The stand-in; fails the test (never skips it) when the build did not make it. */
    static NotifySim load() {
        Path lib = DIR.resolve("libcountersign-notify.dylib");
        if (!Files.isRegularFile(lib)) {
            throw new IllegalStateException("the notification shim's stand-in is not built in " + DIR
                    + " (the Maven build's build-macos-sim execution makes it)");
        }
        return Native.load(lib.toString(), NotifySim.class, Map.of(Library.OPTION_STRING_ENCODING, "UTF-8"));
    }
}
