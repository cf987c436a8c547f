package dev.countersign.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.app.fx.Theme;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.govern.GovernConfig;
import dev.countersign.govern.GovernDesktopTestAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Settings' "Governed servers" in a real window on the private desktop: a refused name writes
 * nothing; the real computer-use-mcp (pinned in scripts/govern) is started once when added, its
 * row says what agents get and what is withheld, govern.json holds what {@code countersign govern}
 * would write, the window says a restart is needed; Remove takes it out again.
 */
@Tag("desktop")
@Tag("interop")
@ExtendWith(TestDesktopExtension.class)
class GovernSettingsDesktopTest {
    @TempDir
    Path home;
    DesktopApp app;

    @AfterEach
    void quit() {
        if (app != null) {
            FxTests.onFx(() -> {
                app.quit();
                return null;
            });
        }
    }

    @Test
    void aServerIsAddedStartedOnceListedWithItsOfferAndRemoved(TestDesktop desktop) throws Exception {
        GovernDesktopTestAccess.install();
        FxRobot robot = FxTests.start();
        app = DesktopApp.start(DesktopAppTest.fixture(desktop, home).services(), Theme.LIGHT, false, () -> { });
        Path file = home.resolve("govern.json");
        List<String> command = GovernDesktopTestAccess.command();

        // The status window shows asynchronously after start; click once its button is on screen.
        assertThat(FxTests.eventually(Duration.ofSeconds(10), () -> javafx.stage.Window.getWindows().stream()
                .filter(w -> w.isShowing() && w.getScene() != null)
                .map(w -> w.getScene().lookup("#open-settings"))
                .anyMatch(n -> n != null && n.isVisible()))).isTrue();
        robot.clickOn("#open-settings");
        TableView<?> table = robot.lookup("#governed").queryTableView();
        assertThat(FxTests.onFx(() -> table.getItems().size())).isZero();
        assertThat(FxTests.onFx(() -> robot.lookup("#govern-restart").queryAs(Label.class).isVisible())).isFalse();

        // Countersign's own tool name is refused, and nothing is written.
        robot.clickOn("#govern-name").write("computer_act");
        robot.clickOn("#govern-command").write(String.join(" ", command));
        robot.clickOn("#govern-add");
        assertThat(FxTests.eventually(Duration.ofSeconds(10), () -> label(robot, "#govern-message")
                .contains("Countersign's own"))).as(text(robot, "#govern-message")).isTrue();
        assertThat(Files.exists(file)).isFalse();

        FxTests.onFx(() -> {
            robot.lookup("#govern-name").queryAs(TextField.class).clear();
            return null;
        });
        robot.clickOn("#govern-name").write("desk");
        robot.clickOn("#govern-add");
        assertThat(FxTests.eventually(Duration.ofSeconds(150), () -> label(robot, "#govern-message")
                .contains("Added 'desk'"))).as(text(robot, "#govern-message")).isTrue();
        assertThat(GovernConfig.load(file)).containsExactly(new GovernConfig.Entry("desk", command));
        String offers = FxTests.onFx(() -> offersOf(table));
        assertThat(offers).contains("offers", "screenshot", "click", "type").contains("Withheld", "mouse_move");
        assertThat(FxTests.onFx(() -> robot.lookup("#govern-restart").queryAs(Label.class).isVisible())).isTrue();
        assertThat(text(robot, "#govern-restart")).contains("Restart Countersign", "desk");

        FxTests.onFx(() -> {
            table.getSelectionModel().select(0);
            return null;
        });
        robot.clickOn("#govern-remove");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> table.getItems().isEmpty()))
                .isTrue();
        assertThat(GovernConfig.load(file)).isEmpty();
        assertThat(text(robot, "#govern-message")).contains("Removed 'desk'");
    }

    private static String offersOf(TableView<?> table) {
        var column = table.getColumns().get(2);
        return String.valueOf(column.getCellData(0));
    }

    private static String text(FxRobot robot, String id) {
        return FxTests.onFx(() -> label(robot, id));
    }

    /** On the FX thread already (as in {@link FxTests#eventually}). */
    private static String label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }
}
