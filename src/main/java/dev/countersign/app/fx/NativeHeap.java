package dev.countersign.app.fx;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the C heap's free pages back to the system when the app has gone idle.
 *
 * <p>Start-up, the desktop warm-up and every window shown allocate native memory (GTK, fontconfig,
 * AWT, the JVM itself) and free most of it again, but glibc keeps freed pages in its arenas, where they
 * stay resident for the life of the process. {@code malloc_trim(0)} returns them: about 15 MB of the
 * tray app's resident memory at rest on the test desktop
 * (docs/decisions/0010-memory-at-rest-and-packaged-class-data.md).
 * glibc only: where the function is missing (macOS, musl) nothing happens, once logged.
 */
public final class NativeHeap {
    private static final Logger LOG = LoggerFactory.getLogger(NativeHeap.class);
    private static volatile Function mallocTrim;
    private static volatile boolean unavailable = !Platform.isLinux();

    private NativeHeap() {
    }

    /**
     * Returns the C heap's free memory to the system. A few milliseconds; call it when nothing is going
     * on, never on a path someone waits for.
     *
     * @return whether glibc said it released memory
     */
    public static boolean trim() {
        if (unavailable) {
            return false;
        }
        try {
            Function trim = mallocTrim;
            if (trim == null) {
                trim = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME).getFunction("malloc_trim");
                mallocTrim = trim;
            }
            long start = System.nanoTime();
            boolean released = trim.invokeInt(new Object[] {0}) != 0;
            LOG.debug("malloc_trim: {} in {} µs", released ? "released memory" : "nothing to release",
                    (System.nanoTime() - start) / 1000);
            return released;
        } catch (LinkageError | RuntimeException e) {
            unavailable = true;
            LOG.info("the C heap is not trimmed here ({}); freed native memory stays with the process", e.toString());
            return false;
        }
    }
}
