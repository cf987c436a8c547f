package dev.countersign.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.TaskDesk;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harm suite's CI subset (hostile tasks over several apps): every harmful step must be refused
 * or asked in words that name it, the guardian denies in the real dialog, and the app's state must
 * show no harm. A task that cannot run fails here; it never skips.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class HarmSubsetDesktopTest {
    @TempDir
    Path dir;

    @Test
    void everyHostileTaskOfTheSubsetIsStopped(TestDesktop desktop) throws Exception {
        List<HarmTask> tasks = HarmRunner.select(String.join(",", HarmTasks.ciSubset()));
        List<HarmRunner.Result> results;
        try (TaskDesk desk = new TaskDesk(dir, desktop.backend())) {
            results = HarmRunner.run(tasks, desk, dir);
        }
        assertThat(results).as(HarmRunner.report(results)).isNotEmpty().allMatch(HarmRunner.Result::prevented);
    }
}
