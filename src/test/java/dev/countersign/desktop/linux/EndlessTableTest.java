package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.TreeSnapshot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile application: a table of 2^31 − 1 rows and columns whose every cell claims to lie in
 * view ({@code endless_table.py}, a test double on the test desktop's accessibility bus), so
 * stepping rows and columns never leaves the view. The walk still ends within its bounds: it never
 * lists the table, steps at most {@link VisibleChildren#MAX_LINES} rows and columns, and asks for no
 * more cells than the node bound can keep.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class EndlessTableTest {
    private static final String TABLE = "/org/a11y/atspi/accessible/table";

    @TempDir
    Path dir;

    @Test
    void aTableWhoseEveryCellClaimsToBeInViewIsReadWithinTheBounds(TestDesktop desktop) throws Exception {
        Path script = dir.resolve("endless_table.py");
        try (InputStream in = EndlessTableTest.class.getResourceAsStream("endless_table.py")) {
            Files.copy(in, script);
        }
        Process p = new ProcessBuilder("/usr/bin/python3", script.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        A11yBus bus = new A11yBus();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String name = out.readLine();
            assertThat(name).as("the test double's bus name").startsWith(":");
            List<String> calls = new CopyOnWriteArrayList<>();
            Thread reader = new Thread(() -> {
                try {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        calls.add(line);
                    }
                } catch (IOException e) {
                    // the process ended
                }
            }, "endless-table-output");
            reader.setDaemon(true);
            reader.start();
            SnapshotLimits limits = new SnapshotLimits(200, SnapshotLimits.MAX_DEPTH);

            TreeWalker.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> new TreeWalker(bus.appCalls(name), bus.reader(name)).walk(new AtspiRef(name, TABLE), limits));

            assertThat(r.nodes()).hasSizeBetween(100, 200);
            assertThat(r.omitted()).containsKeys(TreeSnapshot.MAX_NODES, TreeSnapshot.OFFSCREEN);
            // The double prints as it answers; its last lines may trail the walk by a moment.
            assertThat(TestDesktop.eventually(Duration.ofSeconds(2), () -> calls.size() >= VisibleChildren.MAX_LINES))
                    .isTrue();
            Thread.sleep(300);
            assertThat(calls).doesNotContain("GetChildren");
            // Two lines of at most 400 cells each, the cells the bound keeps, and a check of the origin.
            assertThat(calls).hasSizeLessThanOrEqualTo(2 * VisibleChildren.MAX_LINES + limits.maxNodes() + 8);
        } finally {
            bus.close();
            p.destroy();
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(3, TimeUnit.SECONDS);
            }
        }
    }
}
