package dev.countersign.app;

import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.settings.Autostart;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.app.shell.DesktopApp;
import dev.countersign.app.windows.AppServices;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.server.EndpointConfig;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.driver.LeaseBook;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Clock;
import java.util.Optional;
import javafx.scene.control.TextField;
import org.testfx.api.FxRobot;

/**
 * The product as a person runs it, on the private desktop: the tray app with its real approval
 * dialog as the approver, the endpoint on a loopback port, and an agent token the person issued
 * in the Connect window (the task suite, src/test/java/dev/countersign/tasks, plays the person
 * answering in that dialog).
 */
public final class TaskDesk implements AutoCloseable {
    private final FxRobot robot;
    private final ServedApp served;
    private final DesktopApp app;
    private final String token;

    public TaskDesk(Path dir, DesktopBackend backend) throws Exception {
        robot = FxTests.start();
        Home home = Home.of(dir.resolve("countersign-home")).ensure();
        // As the app wires it: the dialog notices another app's keyboard grab and takes the keyboard back.
        FxApprover approver = TrayApp.approver(Clock.systemUTC(), dev.countersign.app.dialog.QuestionNotifier.NONE);
        // The person's lease terms for a working session of whole tasks (Settings › lease actions and
        // minutes): the default 30 actions and 10 minutes are one task's worth, not a suite's.
        served = ServedApp.start(home, EndpointConfig.defaults().withPort(0), backend, approver,
                new LeaseBook.Terms(2000, Duration.ofHours(3), LeaseBoundaries.unscoped()));
        AppServices services = new AppServices(served.driver, new DirectoryAgents(served.agents, home),
                () -> Optional.of(served.endpoint.uri()), home.auditFile(), backend,
                new SettingsStore(home.settings(), Autostart.linux(dir.resolve("autostart"), "countersign")),
                approver, Clock.systemUTC(), "countersign");
        // The shared test backend outlives the desk, so quitting stops the endpoint and log only.
        app = DesktopApp.start(services, Theme.LIGHT, false, () -> {
            served.endpoint.close();
            served.audit.close();
        });
        token = issueToken("task-agent");
    }

    /** The person issues a token in the Connect window, as the README tells them to. */
    private String issueToken(String name) throws InterruptedException {
        robot.clickOn("#open-connect");
        robot.clickOn("#agent-name").write(name);
        robot.clickOn("#issue");
        if (!FxTests.eventually(Duration.ofSeconds(10), () -> robot.lookup("#token").tryQuery()
                .map(n -> !((TextField) n).getText().isBlank()).orElse(false))) {
            throw new IllegalStateException("the Connect window showed no token");
        }
        String issued = FxTests.onFx(() -> robot.lookup("#token").queryAs(TextField.class).getText());
        FxTests.onFx(() -> {
            robot.lookup("#token").queryAs(TextField.class).getScene().getWindow().hide();
            return null;
        });
        return issued;
    }

    /** The endpoint's loopback port. */
    public int port() {
        return served.endpoint.port();
    }

    /** The token the person issued for the task suite's agent. */
    public String token() {
        return token;
    }

    /** The robot that plays the person's hands. */
    public FxRobot robot() {
        return robot;
    }

    @Override
    public void close() {
        FxTests.onFx(() -> {
            app.quit();
            return null;
        });
    }
}
