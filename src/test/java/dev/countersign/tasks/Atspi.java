package dev.countersign.tasks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Setup and check steps that read or press an app's elements straight over AT-SPI with Debian's
 * pyatspi — a task's "the person closed the pane earlier" or "is the pane back?", never the agent's
 * path, which goes only through Countersign.
 */
final class Atspi {
    private static final String PYTHON = "/usr/bin/python3";

    private Atspi() {
    }

    private static Path script(Workspace ws) throws IOException {
        Path p = ws.file(".inputs/atspi.py");
        if (!Files.exists(p)) {
            Files.createDirectories(p.getParent());
            try (InputStream in = Atspi.class.getResourceAsStream("atspi.py")) {
                Files.write(p, in.readAllBytes());
            }
        }
        return p;
    }

    /** Presses the first element of this role and name in {@code app}. */
    static void press(Workspace ws, String app, String role, String name) throws Exception {
        ws.run(List.of(PYTHON, script(ws).toString(), "do", app, role, name), Map.of(), Duration.ofSeconds(60));
    }

    /** The states of the first such element; empty with "absent" when there is none. */
    static Set<String> states(Workspace ws, String app, String role, String name) throws Exception {
        String out = ws.run(List.of(PYTHON, script(ws).toString(), "state", app, role, name), Map.of(),
                Duration.ofSeconds(60)).strip();
        return Set.of(out.split("\\s+"));
    }
}
