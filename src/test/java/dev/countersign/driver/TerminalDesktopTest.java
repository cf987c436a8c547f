package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.testkit.ScriptedApprover;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * "Rename this folder in a terminal", on a real VTE terminal (GTK 3, role {@code terminal}) with an
 * interactive bash: {@code type} puts the command line at the cursor and runs nothing; the Return
 * that runs it is a {@code key} the person approves (or denies, and then nothing runs). The
 * folder on disk tells what ran.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class TerminalDesktopTest {
    private static final String AGENT = "agent-term";
    private static final Duration SETTLE = Duration.ofSeconds(5);

    private static TestDesktop.TargetApp terminal(TestDesktop desktop) throws IOException {
        return desktop.launchCommand("Term", dir -> {
            try {
                Files.createDirectory(dir.resolve("old"));
                Path script = dir.resolve("vte_terminal.py");
                try (InputStream in = TerminalDesktopTest.class.getResourceAsStream("vte_terminal.py")) {
                    Files.copy(in, script);
                }
                return List.of("/usr/bin/python3", script.toString(), "Term", dir.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The terminal's ref, once its shell has printed the prompt (its text reads "$ "). */
    private static NodeView prompt(ComputerDriver driver, TestDesktop.TargetApp app) throws InterruptedException {
        NodeView[] found = new NodeView[1];
        assertThat(TestDesktop.eventually(SETTLE, () -> {
            found[0] = DriverDesktopTest.observe(driver, AGENT, app).nodes().stream()
                    .filter(n -> "terminal".equals(n.role())).findFirst().orElse(null);
            return found[0] != null && found[0].value() != null && found[0].value().contains("$");
        })).as("the terminal shows its prompt: %s", found[0]).isTrue();
        return found[0];
    }

    @Test
    void typingRunsNothingAndTheApprovedReturnRenamesTheFolder(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp app = terminal(desktop);

        Receipt typed = ok(driver.act(AGENT, ActArgs.type(prompt(driver, app).ref(), "mv old new")));

        assertThat(typed.status()).as("the terminal's text reads back with the line: %s", typed).isEqualTo("confirmed");
        assertThat(typed.strategy()).isEqualTo("keyboard");
        assertThat(approver.asked).as("typing asks nobody").isEmpty();
        Thread.sleep(500);
        assertThat(app.dir().resolve("old")).as("nothing runs until Return").isDirectory();
        assertThat(prompt(driver, app).value()).contains("$ mv old new");

        Receipt ran = ok(driver.act(AGENT, new KeyArgs(prompt(driver, app).ref(), "Return", null)));

        assertThat(ran.approval().decision()).isEqualTo("allowed_once");
        assertThat(approver.asked).singleElement().satisfies(r -> assertThat(r.category()).isEqualTo("run"));
        assertThat(TestDesktop.eventually(SETTLE, () -> Files.isDirectory(app.dir().resolve("new"))))
                .as("the folder is renamed").isTrue();
        assertThat(app.dir().resolve("old")).doesNotExist();
    }

    @Test
    void aDeniedReturnRunsNothing(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp app = terminal(desktop);
        ok(driver.act(AGENT, ActArgs.type(prompt(driver, app).ref(), "mv old new")));

        Receipt ran = ok(driver.act(AGENT, new KeyArgs(prompt(driver, app).ref(), "Return", null)));

        assertThat(ran.code()).isEqualTo("APPROVAL_DENIED");
        assertThat(approver.asked).hasSize(1);
        Thread.sleep(700);
        assertThat(app.dir().resolve("old")).as("the line did not run").isDirectory();
        assertThat(app.dir().resolve("new")).doesNotExist();
    }

    @Test
    void aNewlineOrCarriageReturnInTheTextIsRefusedAndNothingIsTyped(TestDesktop desktop) throws Exception {
        ComputerDriver driver = DriverDesktopTest.driver(desktop, ScriptedApprover.always(Decision.ALLOW_ONCE));
        TestDesktop.TargetApp app = terminal(desktop);
        String terminal = prompt(driver, app).ref();

        assertThat(err(driver.act(AGENT, ActArgs.type(terminal, "mv old new\n"))).code())
                .isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(err(driver.act(AGENT, ActArgs.type(terminal, "mv old new\r"))).code())
                .isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(err(driver.act(AGENT, ActArgs.type(terminal, "\u0003"))).code())
                .isEqualTo(ErrorCode.INVALID_ARGUMENT);

        Thread.sleep(700);
        assertThat(app.dir().resolve("old")).isDirectory();
        assertThat(app.dir().resolve("new")).doesNotExist();
        assertThat(prompt(driver, app).value()).as("nothing was typed").doesNotContain("mv");
    }
}
