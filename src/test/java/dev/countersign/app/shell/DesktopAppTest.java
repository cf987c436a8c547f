package dev.countersign.app.shell;

import dev.countersign.app.windows.AppServices;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.fx.Theme;
import dev.countersign.app.settings.Autostart;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.tools.AuditTrail;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The tray app's status window and windows on the private desktop, against a real driver. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class DesktopAppTest {
    @TempDir
    Path home;
    DesktopApp app;
    FxRobot robot;

    /** Builds the app around a real driver on the test desktop; the endpoint is not needed here. */
    static AppFixture fixture(TestDesktop desktop, Path home) {
        Clock clock = Clock.systemUTC();
        DriverSettings settings = DriverSettings.defaults("sess-app");
        FxApprover approver = new FxApprover(clock);
        ComputerDriver driver = new ComputerDriver(desktop.backend(), new PolicyApprovals(RiskPolicy.defaults()),
                approver, new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
        MapAgents agents = new MapAgents();
        AppServices services = new AppServices(driver, agents,
                () -> Optional.of(URI.create("http://127.0.0.1:7475/mcp")), home.resolve("audit/audit.jsonl"),
                desktop.backend(), new SettingsStore(home.resolve("settings.json"),
                        Autostart.linux(home.resolve("autostart"), "countersign")), approver, clock, "countersign");
        return new AppFixture(services, agents, driver);
    }

    /** The app's parts a test looks at. */
    record AppFixture(AppServices services, MapAgents agents, ComputerDriver driver) {
    }

    AppFixture start(TestDesktop desktop) throws Exception {
        robot = FxTests.start();
        AppFixture f = fixture(desktop, home);
        app = DesktopApp.start(f.services(), Theme.LIGHT, false, () -> { });
        return f;
    }

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
    void theKillSwitchRefusesActsWhilePausedAndResumingRestoresThem(TestDesktop desktop) throws Exception {
        AppFixture f = start(desktop);
        assertThat(app.tray().inSystemTray()).as("bare Xvfb has no tray: the status window stands in").isFalse();
        TestDesktop.TargetApp form = desktop.launchForm("", "");

        robot.clickOn("#pause");
        assertThat(f.driver().paused()).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(3),
                () -> "Resume agents".equals(robot.lookup("#pause").queryButton().getText()))).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(3),
                () -> "Paused".equals(robot.lookup("#tray-state").queryAs(Label.class).getText()))).isTrue();
        ToolResult<Receipt> refused = f.driver().act("claude", ActArgs.click(ref(observe(f, form), "Remember me")));
        assertThat(code(refused)).isEqualTo(ErrorCode.AGENT_PAUSED.name());

        robot.clickOn("#pause");
        assertThat(f.driver().paused()).isFalse();
        Receipt ok = value(f.driver().act("claude", ActArgs.click(ref(observe(f, form), "Remember me"))));
        assertThat(ok.status()).isEqualTo("confirmed");
    }

    @Test
    void connectingAnAgentShowsItsTokenOnceAndListsIt(TestDesktop desktop) throws Exception {
        AppFixture f = start(desktop);
        robot.clickOn("#open-connect");
        robot.clickOn("#agent-name").write("claude-code");
        robot.clickOn("#issue");
        assertThat(f.agents().has("claude-code")).isTrue();
        String token = FxTests.onFx(() -> robot.lookup("#token").queryAs(TextField.class).getText());
        assertThat(token).startsWith("cs_test_");
        // The bridge comes first and keeps the token in its file; only the HTTP form carries it.
        assertThat(FxTests.onFx(() -> robot.lookup("#snippet-0").queryTextInputControl().getText()))
                .contains("mcp-stdio").doesNotContain(token);
        assertThat(FxTests.onFx(() -> robot.lookup("#snippet-2").queryTextInputControl().getText())).contains(token);

        robot.clickOn("#open-agents");
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () ->
                robot.lookup("#agents").queryTableView().getItems().size() == 1)).isTrue();
    }

    @Test
    void revokingALeaseAndRemovingAnAgentShowInTheAgentsWindow(TestDesktop desktop) throws Exception {
        AppFixture f = start(desktop);
        f.agents().add("claude");
        f.driver().leases().current("claude");
        robot.clickOn("#open-agents");
        TableView<?> table = robot.lookup("#agents").queryTableView();
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> table.getItems().size() == 1)).isTrue();
        FxTests.onFx(() -> {
            table.getSelectionModel().select(0);
            return null;
        });
        robot.clickOn("#revoke-lease");
        assertThat(f.driver().leases().find("claude").orElseThrow().state()).isEqualTo("revoked");
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        assertThat(code(f.driver().act("claude", ActArgs.click(ref(observe(f, form), "Remember me")))))
                .isEqualTo(ErrorCode.LEASE_INVALID.name());
    }

    @Test
    void activityShowsARealActAsACardAndSinceIWasAwaySummarisesWhatCameAfter(TestDesktop desktop) throws Exception {
        AppFixture f = start(desktop);
        f.agents().add("claude");
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        Path file = home.resolve("audit/audit.jsonl");
        Files.createDirectories(file.getParent());
        try (AuditLog log = AuditLog.open(file, Clock.systemUTC())) {
            // Recorded as the endpoint records it: the receipt with the act's account.
            new AuditTrail(log, f.driver()::takeAccount).receipt("claude", "computer_act",
                    f.driver().act("claude", ActArgs.click(ref(observe(f, form), "Remember me"))).orThrow());
        }
        robot.clickOn("#open-activity");
        ListView<?> list = robot.lookup("#timeline").queryListView();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> list.getItems().size() == 1)).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#card-act").tryQuery().isPresent()))
                .isTrue();
        assertThat(FxTests.onFx(() -> robot.lookup("#card-act").queryAs(Label.class).getText()))
                .contains("\u2018Remember me\u2019", "Login Form");
        assertThat(FxTests.onFx(() -> robot.lookup("#card-picture-before").tryQuery().isPresent())).isTrue();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#audit-health").queryAs(Label.class)
                .getText().contains("Audit chain intact"))).isTrue();

        // The act happened before that look: once the window is closed, "since I was away" from the
        // menu finds nothing new.
        FxTests.onFx(() -> {
            list.getScene().getWindow().hide();
            return null;
        });
        robot.clickOn("#open-since-away");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> list.getItems().isEmpty())).isTrue();
        assertThat(FxTests.onFx(() -> robot.lookup("#away-summary").queryAs(Label.class).getText()))
                .startsWith("Nothing happened since you last looked");
    }

    @Test
    void permissionsShowTheSessionAndSettingsSave(TestDesktop desktop) throws Exception {
        start(desktop);
        robot.clickOn("#open-permissions");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#state-0").tryQuery().isPresent()
                && robot.lookup("#state-0").queryAs(Label.class).getText().contains("available"))).isTrue();
        robot.clickOn("#open-settings");
        robot.doubleClickOn("#port").write("7600");
        robot.clickOn("#save-settings");
        assertThat(FxTests.eventually(Duration.ofSeconds(3), () -> Files.exists(home.resolve("settings.json")))).isTrue();
        assertThat(Files.readString(home.resolve("settings.json"))).contains("7600");
    }

    static ObservationView observe(AppFixture f, TestDesktop.TargetApp app) {
        return value(f.driver().observe("claude", new ObserveArgs(String.valueOf(app.pid()), null, null, null, null)));
    }

    static <T> T value(ToolResult<T> r) {
        assertThat(r).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok<T>) r).value();
    }

    /** The refusal's code, whether it came as an error or as a rejected receipt. */
    static String code(ToolResult<Receipt> r) {
        if (r instanceof ToolResult.Ok) {
            Receipt receipt = ((ToolResult.Ok<Receipt>) r).value();
            assertThat(receipt.status()).isEqualTo("rejected");
            return receipt.code();
        }
        return ((ToolResult.Err<Receipt>) r).error().code().name();
    }

    static String ref(ObservationView view, String name) {
        return view.nodes().stream().filter(n -> name.equals(n.name())).map(NodeView::ref).findFirst().orElseThrow();
    }
}
