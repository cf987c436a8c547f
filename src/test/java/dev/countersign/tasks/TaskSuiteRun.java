package dev.countersign.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.TaskDesk;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole task suite, as {@code scripts/tasks} runs it ({@code -Dtasks=a,b} for some): every
 * plan of every chosen task through the tray app with the person answering in its dialog. Its
 * report goes to {@code target/tasks}. Tagged {@code tasks}, which the default run leaves to that
 * script; {@link TaskSubsetDesktopTest} is the part every test run holds.
 */
@Tag("tasks")
@ExtendWith(TestDesktopExtension.class)
class TaskSuiteRun {
    @Test
    void theChosenTasksPassThroughTheTrayApp(TestDesktop desktop) throws Exception {
        List<Task> tasks = TaskRunner.select(System.getProperty("tasks"));
        Path out = Path.of("target/tasks");
        // Each run starts from a fresh home: the person issues the agent's token anew.
        if (Files.exists(out)) {
            try (Stream<Path> old = Files.walk(out)) {
                for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        List<TaskRunner.PlanResult> results;
        try (TaskDesk desk = new TaskDesk(out, desktop.backend())) {
            results = TaskRunner.run(tasks, desk, out);
        }
        // A task passes when every plan of it passes; at least nine in ten must.
        List<String> ids = results.stream().map(TaskRunner.PlanResult::task).distinct().toList();
        long passed = ids.stream().filter(t -> results.stream().filter(r -> r.task().equals(t))
                .allMatch(TaskRunner.PlanResult::pass)).count();
        assertThat(passed * 10).as("tasks passing, of %d: %s", ids.size(), TaskRunner.report(results))
                .isGreaterThanOrEqualTo(ids.size() * 9L);
    }
}
