package dev.countersign.app.shell;

import static dev.countersign.app.shell.DesktopAppTest.observe;
import static dev.countersign.app.shell.DesktopAppTest.ref;
import static dev.countersign.app.shell.DesktopAppTest.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.app.fx.Theme;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * A grant for a task end to end on the private desktop: the real approval dialog's "Allow for
 * 10 min" button, the act it allowed and the next one of its kind running without a dialog, and
 * the Agents & leases window's Revoke grant making the person be asked again.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class GrantsDesktopTest {
    @TempDir
    Path home;
    DesktopApp app;
    FxRobot robot;
    final ExecutorService pool = Executors.newSingleThreadExecutor();

    @AfterEach
    void quit() {
        pool.shutdownNow();
        if (app != null) {
            FxTests.onFx(() -> {
                app.quit();
                return null;
            });
        }
    }

    /** A yad form whose "Send" button leaves one new file in the app's dir per press. */
    static TestDesktop.TargetApp compose(TestDesktop desktop) throws IOException {
        return desktop.launchCommand("Compose", dir -> List.of("yad", "--form", "--title=Compose", "--field=To",
                "--field=Send:BTN", "--button=Close:1", "", "mktemp " + dir.resolve("sent.XXXXXX")));
    }

    static long sent(TestDesktop.TargetApp app) {
        try (Stream<Path> files = Files.list(app.dir())) {
            return files.filter(p -> p.getFileName().toString().startsWith("sent.")).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    CompletableFuture<ToolResult<Receipt>> sendAsync(DesktopAppTest.AppFixture f, TestDesktop.TargetApp mail) {
        return CompletableFuture.supplyAsync(() -> f.driver().act("claude",
                ActArgs.click(ref(observe(f, mail), "Send"))), pool);
    }

    @Test
    void allowForAWhileRunsTheActAndTheNextOfItsKindUntilThePersonRevokesTheGrant(TestDesktop desktop)
            throws Exception {
        robot = FxTests.start();
        DesktopAppTest.AppFixture f = DesktopAppTest.fixture(desktop, home);
        app = DesktopApp.start(f.services(), Theme.LIGHT, false, () -> { });
        f.agents().add("claude");
        TestDesktop.TargetApp mail = compose(desktop);

        CompletableFuture<ToolResult<Receipt>> first = sendAsync(f, mail);
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> f.services().approver().pending() == 1)).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () ->
                !robot.lookup("#allow-for-a-while").queryButton().isDisabled())).isTrue();
        assertThat(FxTests.onFx(() -> robot.lookup("#allow-for-a-while").queryButton().getText()))
                .startsWith("Allow for 10 min\n").contains("send clicks in yad", "at most 20");
        robot.clickOn("#allow-for-a-while");
        Receipt allowed = value(first.get(20, TimeUnit.SECONDS));
        assertThat(allowed.approval().decision()).isEqualTo("allowed_for_a_while");
        String grant = allowed.approval().grant();
        assertThat(grant).isNotNull();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> sent(mail) == 1)).isTrue();

        // The next act of the same kind: no dialog, and the receipt names the grant.
        Receipt second = value(sendAsync(f, mail).get(20, TimeUnit.SECONDS));
        assertThat(second.approval().decision()).isEqualTo("allowed_by_grant");
        assertThat(second.approval().grant()).isEqualTo(grant);
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> sent(mail) == 2)).isTrue();

        // The Agents & leases window lists it; Revoke grant ends it.
        robot.clickOn("#open-agents");
        TableView<?> grants = robot.lookup("#grants").queryTableView();
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> grants.getItems().size() == 1)).isTrue();
        assertThat(FxTests.onFx(() -> String.valueOf(grants.getColumns().get(2).getCellData(0)))).contains("yad");
        assertThat(FxTests.onFx(() -> String.valueOf(grants.getColumns().get(3).getCellData(0))))
                .isEqualTo("2 / 20 acts");
        FxTests.onFx(() -> {
            grants.getSelectionModel().select(0);
            return null;
        });
        // For the reviewer: the window with a live grant.
        javafx.scene.image.WritableImage image = FxTests.onFx(() -> grants.getScene().snapshot(null));
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image, null), "png",
                Path.of("target", "agents-grants.png").toFile());
        robot.clickOn("#revoke-grant");
        assertThat(f.driver().grants().live()).isEmpty();
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> grants.getItems().isEmpty())).isTrue();

        // Asked again; the person denies, and nothing is sent.
        CompletableFuture<ToolResult<Receipt>> third = sendAsync(f, mail);
        assertThat(FxTests.eventually(Duration.ofSeconds(20), () -> f.services().approver().pending() == 1)).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () ->
                !robot.lookup("#deny").queryButton().isDisabled())).isTrue();
        robot.clickOn("#deny");
        assertThat(value(third.get(20, TimeUnit.SECONDS)).approval().decision()).isEqualTo("denied");
        assertThat(sent(mail)).isEqualTo(2);
    }
}
