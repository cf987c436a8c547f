package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A press on an element whose application runs the action before it answers — a menu item whose
 * action is a modal dialog — comes back once it is dispatched, saying it is unanswered, instead of
 * holding the act until the dialog closes. The application is {@code answer_late.py}, a test double
 * on the test desktop's accessibility bus whose {@code DoAction} answers after 8 s and whose reads
 * are answered meanwhile.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class UnansweredPressTest {
    private static final String BUTTON = "/org/a11y/atspi/accessible/button";

    @TempDir
    Path dir;

    @Test
    void aPressTheApplicationDoesNotAnswerReturnsAsDispatchedAndUnanswered(TestDesktop desktop) throws Exception {
        try (LateApp app = LateApp.start(dir, 8)) {
            Dispatch dispatch = desktop.backend().perform(new AtspiRef(app.busName, BUTTON), new ElementAction.Press());

            assertThat(dispatch.strategy()).isEqualTo(AtspiActions.UNANSWERED);
            assertThat(dispatch.detail()).contains("no answer within " + AtspiActions.PRESS_ANSWER_MS + " ms");
            assertThat(app.next()).as("the action started").isEqualTo("pressed");
            assertThat(app.lines.peek()).as("and was still running when the press came back").isNull();
        }
    }

    @Test
    void theElementStillReadsWhileItsActionRuns(TestDesktop desktop) throws Exception {
        try (LateApp app = LateApp.start(dir, 8)) {
            AtspiRef button = new AtspiRef(app.busName, BUTTON);
            desktop.backend().perform(button, new ElementAction.Press());

            Recheck now = desktop.backend().recheck(button);

            assertThat(now).isInstanceOf(Recheck.Present.class);
            assertThat(((Recheck.Present) now).current().name()).isEqualTo("Settings");
            assertThat(app.lines.peek()).as("read while the action still ran").isNotEqualTo("answered");
        }
    }

    @Test
    void aPressTheApplicationAnswersAtOnceSaysWhatItAnswered(TestDesktop desktop) throws Exception {
        try (LateApp app = LateApp.start(dir, 0)) {
            Dispatch dispatch = desktop.backend().perform(new AtspiRef(app.busName, BUTTON), new ElementAction.Press());

            assertThat(dispatch.strategy()).isEqualTo(AtspiActions.DO_ACTION);
            assertThat(dispatch.detail()).isEqualTo("click -> true");
        }
    }

    /** The running test double: its bus name, and the lines it prints after it. */
    private static final class LateApp implements AutoCloseable {
        final Process process;
        final String busName;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        private LateApp(Process process, String busName, BufferedReader out) {
            this.process = process;
            this.busName = busName;
            Thread reader = new Thread(() -> {
                try {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // the process ended
                }
            }, "answer-late-output");
            reader.setDaemon(true);
            reader.start();
        }

        static LateApp start(Path dir, int seconds) throws IOException {
            Path script = dir.resolve("answer_late.py");
            try (InputStream in = UnansweredPressTest.class.getResourceAsStream("answer_late.py")) {
                Files.copy(in, script);
            }
            Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), Integer.toString(seconds))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String name = out.readLine();
            assertThat(name).as("the test double's bus name").startsWith(":");
            return new LateApp(p, name, out);
        }

        String next() throws InterruptedException {
            return lines.poll(5, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(3, TimeUnit.SECONDS);
            }
        }
    }
}
