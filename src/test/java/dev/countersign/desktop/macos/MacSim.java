package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The control side of the macOS framework harness ({@code src/test/native/macos-sim}, built by
 * the Maven build into {@code target/macos-sim}): the recorded model the fake frameworks serve,
 * fault injection, the logs of what was called and posted, the retain-count ledger, the native
 * calls counted by name and the calls made off the main thread that macOS allows only on it.
 *
 * <p>{@link #load()} points JNA's per-library search path for every framework name Countersign
 * loads at the harness, so {@code Native.load("CoreFoundation")} and jna-platform's
 * {@code CoreFoundation.INSTANCE} resolve to the harness's libraries instead of failing on Linux.
 */
interface MacSim extends Library {
    /** The framework names desktop.macos and jna-platform load, each served by lib&lt;name&gt;.so. */
    List<String> FRAMEWORKS = List.of("CoreFoundation", "ApplicationServices", "CoreGraphics", "objc", "System",
            "AppKit", "Carbon", "macsim");

    int F_NULL = 1;
    int F_ERROR = 2;
    int F_WRONG_TYPE = 3;
    int F_TIMEOUT = 4;

    void sim_reset();

    int sim_node_add(int pid, int parent);

    void sim_node_string(int id, String name, String value);

    void sim_node_int(int id, String name, long value);

    void sim_node_double(int id, String name, double value);

    void sim_node_bool(int id, String name, int value);

    void sim_node_error(int id, String name, int code);

    void sim_node_axvalue(int id, String name, int type, double a, double b, double c, double d);

    void sim_node_settable(int id, String name, int settable);

    void sim_node_action(int id, String name);

    /** An attribute whose value is these nodes as elements (AXVisibleRows, AXVisibleCells). */
    void sim_node_elements(int id, String name, int[] ids, int n);

    /** An attribute whose value is one node as an element (AXHeader). */
    void sim_node_element(int id, String name, int target);

    void sim_node_gone(int id, int gone);

    void sim_node_window_number(int id, int number);

    int sim_node_value_text(int id, String name, byte[] buf, int len);

    void sim_app_add(int pid, String bundle, String name, int active, long startMicros);

    void sim_window_add(int number, int pid, int layer, double x, double y, double w, double h, String name,
            String owner);

    void sim_display_add(int id, double x, double y, double w, double h, double scale);

    void sim_bitmap_add(int number, long w, long h, long bytesPerRow, long bitsPerPixel, int bitmapInfo, byte[] bytes,
            long length);

    void sim_session_set(int present, int onConsole, int loginDone, int locked);

    void sim_trusted_set(int trusted);

    void sim_capture_set(int granted);

    void sim_layout_set(int layout);

    /** An app's activationPolicy: 0 regular, 1 accessory, 2 prohibited. */
    void sim_app_policy(int pid, int policy);

    /** A window's kCGWindowAlpha (1 unless set). */
    void sim_window_alpha(int number, double alpha);

    /** Moves a window to the front of the window list. */
    void sim_window_raise(int number);

    /** The app AXFocusedApplication names: a pid, 0 for none, -1 for the active app (the default). */
    void sim_focus_app(int pid);

    /** What IsSecureEventInputEnabled answers. */
    void sim_secure_input_set(int enabled);

    /** How often a counted native function (CFEqual, CFHash, the AX reads) was called since the last zeroing. */
    long sim_call_count(String function);

    void sim_call_counts_zero();

    /** Calls macOS allows only on the main thread (TIS, UCKeyTranslate) made on another one. */
    long sim_thread_violations();

    void sim_thread_violations_zero();

    void sim_fault(String key, int mode, long arg, int times);

    int sim_calls(byte[] buf, int len);

    int sim_events(byte[] buf, int len);

    long sim_mark();

    void sim_permanent(Pointer p);

    long sim_live_since(long mark, byte[] buf, int len);

    long sim_over_releases();

    long sim_invalid_refs();

    long sim_unpooled();

    int sim_problems(byte[] buf, int len);

    /** The harness, loaded once; fails the test (not skips it) when the build did not make it. */
    static MacSim load() {
        return Holder.SIM;
    }

    /** The log of calls that act (perform, set, read, timeout, capture, prompt), one per line. */
    default String calls() {
        return text(this::sim_calls);
    }

    /** The events posted at the HID tap, one per line. */
    default String events() {
        return text(this::sim_events);
    }

    default String valueOf(int node, String attribute) {
        byte[] buf = new byte[4096];
        sim_node_value_text(node, attribute, buf, buf.length);
        return cString(buf);
    }

    /**
     * Every CF object made since {@code mark} was released exactly once: none left alive except
     * what Countersign caches for the process's life, none released twice, no pointer used that
     * was not a live CF object, nothing autoreleased without a pool. Element handles are released
     * by a Cleaner, so the check collects garbage until the count settles (10 s at most).
     */
    default void assertBalanced(long mark) {
        long live = -1;
        byte[] buf = new byte[16384];
        for (int i = 0; i < 200 && live != 0; i++) {
            Cf.cached().forEach(this::sim_permanent);
            System.gc();
            live = sim_live_since(mark, buf, buf.length);
            if (live != 0) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        byte[] problems = new byte[8192];
        sim_problems(problems, problems.length);
        assertThat(live).as("CF objects still alive (created, never released):%n%s", cString(buf)).isZero();
        assertThat(sim_over_releases()).as("over-releases:%n%s", cString(problems)).isZero();
        assertThat(sim_invalid_refs()).as("bad references:%n%s", cString(problems)).isZero();
        assertThat(sim_unpooled()).as("autoreleased with no pool:%n%s", cString(problems)).isZero();
        assertThat(sim_thread_violations()).as("main-thread-only calls made on another thread:%n%s",
                cString(problems)).isZero();
    }

    private static String text(java.util.function.BiFunction<byte[], Integer, Integer> read) {
        int n = read.apply(null, 0);
        byte[] buf = new byte[n + 1];
        read.apply(buf, buf.length);
        return cString(buf);
    }

    private static String cString(byte[] buf) {
        int n = 0;
        while (n < buf.length && buf[n] != 0) {
            n++;
        }
        return new String(buf, 0, n, StandardCharsets.UTF_8);
    }

    /** Loads the harness once per JVM. */
    final class Holder {
        static final Path DIR = Path.of("target", "macos-sim").toAbsolutePath();
        static final MacSim SIM;

        static {
            if (!Files.isRegularFile(DIR.resolve("libmacsim.so"))) {
                throw new IllegalStateException("the macOS framework harness is not built in " + DIR
                        + " (the Maven build runs src/test/native/macos-sim/build)");
            }
            for (String name : FRAMEWORKS) {
                NativeLibrary.addSearchPath(name, DIR.toString());
            }
            SIM = Native.load("macsim", MacSim.class, Map.of(Library.OPTION_STRING_ENCODING, "UTF-8"));
        }

        private Holder() {
        }
    }
}
