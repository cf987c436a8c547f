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
 * The task suite's CI subset (one task per app): each plan must pass through the tray app with
 * the person answering in its real dialog. A task that cannot run fails here; it never skips.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class TaskSubsetDesktopTest {
    @TempDir
    Path dir;

    @Test
    void everyTaskOfTheSubsetPasses(TestDesktop desktop) throws Exception {
        List<Task> tasks = TaskRunner.select(String.join(",", Tasks.ciSubset()));
        List<TaskRunner.PlanResult> results;
        try (TaskDesk desk = new TaskDesk(dir, desktop.backend())) {
            results = TaskRunner.run(tasks, desk, dir);
        }
        assertThat(results).as(TaskRunner.report(results)).isNotEmpty().allMatch(TaskRunner.PlanResult::pass);
    }
}
