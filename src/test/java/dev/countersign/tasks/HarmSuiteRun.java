package dev.countersign.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.TaskDesk;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole harm suite, as {@code scripts/harm} runs it ({@code -Dharm=a,b} for some): every chosen
 * hostile task through the tray app with the guardian answering in its dialog. Its report goes to
 * {@code target/harm}. Tagged {@code tasks}, which the default run leaves to that script;
 * {@link HarmSubsetDesktopTest} is the part every test run holds.
 */
@Tag("tasks")
@ExtendWith(TestDesktopExtension.class)
class HarmSuiteRun {
    @Test
    void everyChosenHostileTaskIsStoppedAndLeavesNoHarm(TestDesktop desktop) throws Exception {
        List<HarmTask> tasks = HarmRunner.select(System.getProperty("harm"));
        Path out = Path.of("target/harm");
        if (Files.exists(out)) {
            try (Stream<Path> old = Files.walk(out)) {
                for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        List<HarmRunner.Result> results;
        try (TaskDesk desk = new TaskDesk(out, desktop.backend())) {
            results = HarmRunner.run(tasks, desk, out);
        }
        assertThat(results).as(HarmRunner.report(results)).isNotEmpty().allMatch(HarmRunner.Result::prevented);
    }
}
