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
 *
 * <p>{@code -Dtasks.person=once|grant|both} says how the person answers (see {@link Person.Mode}):
 * {@code both} runs the tasks twice, with a person who allows once into {@code target/tasks} and
 * with one who takes grants into {@code target/tasks/grant}, and {@code report.md} holds both
 * reports, so the questions of the two can be compared.
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
        List<Person.Mode> modes = Person.Mode.chosen(System.getProperty("tasks.person"));
        StringBuilder reports = new StringBuilder();
        List<List<TaskRunner.PlanResult>> runs = new java.util.ArrayList<>();
        for (Person.Mode mode : modes) {
            // The first mode writes where scripts/tasks reads; a second gets its own folder and desk.
            Path dir = mode == modes.get(0) ? out : out.resolve(mode.wire);
            try (TaskDesk desk = new TaskDesk(dir, desktop.backend())) {
                runs.add(TaskRunner.run(tasks, desk, dir, mode));
            }
            reports.append(TaskRunner.report(runs.get(runs.size() - 1), mode)).append('\n');
        }
        if (modes.size() > 1) {
            Files.writeString(out.resolve("report.md"), reports.toString());
        }
        for (List<TaskRunner.PlanResult> results : runs) {
            // A task passes when every plan of it passes; at least nine in ten must, with each person.
            List<String> ids = results.stream().map(TaskRunner.PlanResult::task).distinct().toList();
            long passed = ids.stream().filter(t -> results.stream().filter(r -> r.task().equals(t))
                    .allMatch(TaskRunner.PlanResult::pass)).count();
            assertThat(passed * 10).as("tasks passing, of %d: %s", ids.size(), reports)
                    .isGreaterThanOrEqualTo(ids.size() * 9L);
        }
    }
}
