package dev.countersign.desktop.macos;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds Countersign's own native shims ({@code native/macos}, built only on a Mac): from
 * {@code -Dcountersign.native.dir}, else from the .app's {@code Contents/app} (jpackage copies its
 * input there; {@code jpackage.app-path} is the launcher in {@code Contents/MacOS}). Absent is
 * normal for a source build: each caller has its way without.
 */
final class ShimLibraries {
    private static final Logger LOG = LoggerFactory.getLogger(ShimLibraries.class);

    private ShimLibraries() {
    }

    /** The shim {@code lib<name>.dylib} bound to {@code type}; null when it is not there or does not load. */
    static <T extends Library> T load(String name, Class<T> type) {
        String file = "lib" + name + ".dylib";
        List<Path> candidates = new ArrayList<>();
        String dir = System.getProperty("countersign.native.dir");
        if (dir != null) {
            candidates.add(Path.of(dir, file));
        }
        String launcher = System.getProperty("jpackage.app-path");
        if (launcher != null) {
            candidates.add(Path.of(launcher).getParent().resolveSibling("app").resolve(file));
        }
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                try {
                    return Native.load(p.toString(), type, Map.of(Library.OPTION_STRING_ENCODING, "UTF-8"));
                } catch (UnsatisfiedLinkError e) {
                    LOG.warn("the native shim at {} did not load: {}", p, e.getMessage());
                }
            }
        }
        return null;
    }
}
