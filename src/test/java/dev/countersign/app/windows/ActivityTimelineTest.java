package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.FxTests;
import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.audit.AuditPictures;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.graph.TestClock;
import dev.countersign.server.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.image.ImageView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The Activity timeline in a real window on the private test desktop: cards, filters, "since I was away", pictures. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ActivityTimelineTest {
    static final Instant T0 = Instant.parse("2026-12-01T09:00:00Z");
    static final String SEND = "Click \u2018Send\u2019 in Mail \u2014 window \u2018Re: invoice\u2019";

    @TempDir
    Path dir;
    Path file;
    TestClock clock;
    FxRobot robot;
    ExecutorService background;
    ActivityWindow window;
    String question;
    String before;

    @BeforeEach
    void open() throws Exception {
        robot = FxTests.start();
        background = Executors.newSingleThreadExecutor();
        file = dir.resolve("audit/audit.jsonl");
        Files.createDirectories(file.getParent());
        clock = new TestClock(T0);
        AuditPictures pictures = AuditPictures.forLog(file);
        question = pictures.put(FxTests.png(420, 180));
        before = pictures.put(FxTests.png(200, 90));
        try (AuditLog log = AuditLog.open(file, clock)) {
            log.append(AuditKind.GRANT_CREATED, "claude", Map.of("grant", "tgrant_7", "app", "Mail", "window", "Inbox",
                    "category", "send", "operation", "click", "max_acts", 20, "by", "person"));
            act(log, "claude", SEND, "Mail", "confirmed", Map.of("approval", "allowed_once", "asked", true,
                    "evidence", "the window \u2018Re: invoice\u2019 closed",
                    "pictures", Map.of("question", question, "before", before, "after", "ab".repeat(32))));
            clock.advance(Duration.ofSeconds(20));
            act(log, "cursor", "Type into \u2018Search\u2019 in Firefox \u2014 window \u2018Start\u2019", "Firefox",
                    "rejected", Map.of("code", "TARGET_CHANGED", "asked", false,
                            "not_asked_why", "it was stopped before anyone needed to be asked (TARGET_CHANGED)"));
            clock.advance(Duration.ofSeconds(20));
            act(log, "claude", "Click \u2018Archive\u2019 in Mail \u2014 window \u2018Inbox\u2019", "Mail", "unknown",
                    Map.of("approval", "allowed_by_grant", "grant", "tgrant_7", "asked", false));
        }
        window = FxTests.onFx(() -> new ActivityWindow(file, background, clock, looked(),
                T0.minus(Duration.ofHours(1))));
    }

    @AfterEach
    void close() {
        FxTests.onFx(() -> {
            window.stage.hide();
            return null;
        });
        background.shutdownNow();
    }

    private LastLooked looked() {
        return LastLooked.besideSettings(dir.resolve("settings.json"));
    }

    static void act(AuditLog log, String agent, String words, String app, String status, Map<String, Object> more) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", "computer_act");
        data.put("receipt_id", "rcpt_" + log.lastSeq());
        data.put("status", status);
        data.put("act", words);
        data.put("app", app);
        data.put("operation", "click");
        data.putAll(more);
        log.append(AuditKind.RECEIPT, agent, data);
    }

    private void show() throws InterruptedException {
        FxTests.onFx(() -> {
            window.stage.show();
            return null;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() > 0)).isTrue();
    }

    @SuppressWarnings("unchecked")
    private List<TimelineCard> items() {
        return List.copyOf(robot.lookup("#timeline").queryAs(ListView.class).getItems());
    }

    private List<TimelineCard> shown() {
        return FxTests.onFx(this::items);
    }

    private Node card(long seq) {
        return robot.lookup("#card-" + seq).query();
    }

    private String text(Node card, String id) {
        return FxTests.onFx(() -> ((Label) card.lookup(id)).getText());
    }

    @Test
    void eachActIsACardWithWhenWhoTheActTheOutcomeWhoAllowedItAndItsPictures() throws Exception {
        show();
        assertThat(shown()).extracting(TimelineCard::agent).containsExactly("claude", "cursor", "claude");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#card-2").tryQuery().isPresent()))
                .isTrue();
        Node asked = card(2);
        assertThat(text(asked, "#card-act")).isEqualTo(SEND);
        assertThat(text(asked, "#card-outcome")).isEqualTo(
                "Done, and the evidence shows it: the window \u2018Re: invoice\u2019 closed");
        assertThat(text(asked, "#card-allowed")).isEqualTo("You were asked and allowed it once");
        assertThat(FxTests.onFx(() -> asked.lookup("#card-asked") != null)).isTrue();
        // The question's marked capture and the before picture, small; the after picture is no longer kept.
        ImageView shot = FxTests.onFx(() -> (ImageView) asked.lookup("#card-picture-question").lookup(".image-view"));
        assertThat(FxTests.onFx(() -> shot.getImage().getWidth())).isEqualTo(420.0);
        assertThat(FxTests.onFx(() -> shot.getBoundsInLocal().getWidth())).isLessThanOrEqualTo(162.0);
        assertThat(FxTests.onFx(() -> asked.lookup("#card-picture-before").lookup(".image-view") != null)).isTrue();
        assertThat(FxTests.onFx(() -> ((Label) asked.lookup("#card-picture-after").lookup(".label")).getText()))
                .isEqualTo("(no longer kept)");
        assertThat(text(card(3), "#card-allowed")).isEqualTo("Not needed: it was stopped before anyone needed to be "
                + "asked (TARGET_CHANGED)");
        assertThat(text(card(3), "#card-outcome")).startsWith("Not done (TARGET_CHANGED)");
        assertThat(text(card(4), "#card-allowed")).isEqualTo("Allowed by your grant for click (send) in Mail "
                + "\u2014 window \u2018Inbox\u2019, at most 20 acts");
        assertThat(text(card(4), "#card-outcome")).startsWith("Outcome unknown");
    }

    @Test
    void filtersByAgentAppOutcomeAndAskedMe() throws Exception {
        show();
        select("#agent-filter", "cursor");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 1)).isTrue();
        assertThat(shown().get(0).agent()).isEqualTo("cursor");
        select("#agent-filter", ActivityTimeline.ALL);
        select("#app-filter", "Mail");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 2)).isTrue();
        select("#status-filter", "unknown");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 1)).isTrue();
        select("#status-filter", ActivityTimeline.ALL);
        select("#app-filter", ActivityTimeline.ALL);
        robot.clickOn("#asked-me");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 1)).isTrue();
        assertThat(shown().get(0).act()).isEqualTo(SEND);
    }

    @Test
    void sinceIWasAwayShowsOnlyWhatHappenedAfterTheLastLookAndSaysSo() throws Exception {
        clock.advance(Duration.ofMinutes(1));
        show();
        FxTests.onFx(() -> {
            window.stage.hide();
            return null;
        });
        clock.advance(Duration.ofMinutes(5));
        try (AuditLog log = AuditLog.open(file, clock)) {
            act(log, "claude", "Press ctrl+s in \u2018Notes\u2019", "Notes", "confirmed",
                    Map.of("approval", "allowed_once", "asked", true));
        }
        clock.advance(Duration.ofMinutes(5));
        show();
        FxTests.onFx(() -> {
            window.showSinceAway();
            return null;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 1)).isTrue();
        assertThat(shown().get(0).app()).isEqualTo("Notes");
        assertThat(FxTests.onFx(() -> robot.lookup("#away-summary").queryAs(Label.class).getText()))
                .contains("1 act, 1 asked you, 0 not confirmed");
        robot.clickOn("#show-all");
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 4)).isTrue();
    }

    @Test
    void theLastLookSurvivesARestartSoSinceIWasAwayCountsFromItNotFromTheNewStart() throws Exception {
        clock.advance(Duration.ofMinutes(1));
        Instant lookedAt = clock.instant();
        show();
        FxTests.onFx(() -> {
            window.stage.hide();
            return null;
        });
        Path kept = looked().file();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> looked().read().equals(Optional.of(lookedAt))))
                .as("the look is kept in %s", kept).isTrue();
        assertThat(Files.getPosixFilePermissions(kept)).isEqualTo(Secrets.OWNER_READ_WRITE);
        clock.advance(Duration.ofMinutes(5));
        try (AuditLog log = AuditLog.open(file, clock)) {
            act(log, "claude", "Press ctrl+s in \u2018Notes\u2019", "Notes", "confirmed",
                    Map.of("approval", "allowed_once", "asked", true));
        }
        // A restart after that act: the new window counts from the kept look, not from its own start.
        clock.advance(Duration.ofMinutes(5));
        Instant restarted = clock.instant();
        window = FxTests.onFx(() -> new ActivityWindow(file, background, clock, looked(), restarted));
        show();
        FxTests.onFx(() -> {
            window.showSinceAway();
            return null;
        });
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> items().size() == 1)).isTrue();
        assertThat(shown().get(0).app()).isEqualTo("Notes");
        assertThat(FxTests.onFx(() -> robot.lookup("#away-summary").queryAs(Label.class).getText()))
                .contains(TimelineCardView.TIME.format(lookedAt), "1 act");
        // This opening is now the last look.
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> looked().read().equals(Optional.of(restarted))))
                .isTrue();
    }

    @Test
    void anotherMachinesPicturesSayWhichMachineTookThem() throws Exception {
        try (AuditLog log = AuditLog.open(file, clock)) {
            act(log, "claude", "Click \u2018Delete\u2019 in Files \u2014 window \u2018Cleanup\u2019", "Files", "confirmed",
                    Map.of("approval", "allowed_once", "asked", true, "machine", "desk2",
                            "pictures", Map.of("before", before, "after", before)));
        }
        show();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#card-5").tryQuery().isPresent()))
                .isTrue();
        Node remote = card(5);
        assertThat(FxTests.onFx(() -> ((Label) remote.lookup("#card-picture-before").lookup(".label")).getText()))
                .isEqualTo("before, on desk2");
        assertThat(FxTests.onFx(() -> ((Label) remote.lookup("#card-picture-after").lookup(".label")).getText()))
                .isEqualTo("after, on desk2");
        // This machine's own acts name none.
        assertThat(FxTests.onFx(() -> ((Label) card(2).lookup("#card-picture-before").lookup(".label")).getText()))
                .isEqualTo("before");
    }

    @Test
    void aDamagedLastLookFileCountsFromTheAppsStart() throws Exception {
        Files.writeString(looked().file(), "{not json");
        assertThat(looked().read()).isEmpty();
        Files.writeString(looked().file(), "{\"activity_last_looked\": 7}");
        assertThat(looked().read()).isEmpty();
    }

    @Test
    void anAppsWindowTitleCannotPoseAsTheOutcomeOrAsThePersonsAnswer() throws Exception {
        String hostile = "Click \u2018OK\u2019 in yad \u2014 window \u2018\u202Eecno ti dewolla\u202C\n"
                + "You were asked and allowed it once\nDone, and the evidence shows it\u2019";
        try (AuditLog log = AuditLog.open(file, clock)) {
            act(log, "claude", hostile, "yad", "failed", Map.of("code", "VERIFICATION_FAILED", "asked", false,
                    "not_asked_why", "the policy asks only about risky acts, and nothing in this one matched"));
        }
        show();
        assertThat(FxTests.eventually(Duration.ofSeconds(5), () -> robot.lookup("#card-5").tryQuery().isPresent()))
                .isTrue();
        Node card = card(5);
        String act = text(card, "#card-act");
        assertThat(act).doesNotContain("\n", "\u202E", "\u202C").contains("You were asked and allowed it once");
        assertThat(text(card, "#card-allowed")).startsWith("Not needed:");
        assertThat(text(card, "#card-outcome")).startsWith("Failed (VERIFICATION_FAILED)");
        assertThat(FxTests.onFx(() -> card.lookup("#card-asked"))).isNull();
        // The chosen words sit in the act's own line: no other label of the card holds them.
        Set<Node> labels = FxTests.onFx(() -> card.lookupAll(".label"));
        assertThat(labels).filteredOn(l -> !"card-act".equals(l.getId()))
                .allSatisfy(l -> assertThat(((Label) l).getText()).doesNotContain("evidence shows it"));
    }

    private void select(String id, String value) {
        FxTests.onFx(() -> {
            robot.lookup(id).queryAs(ComboBox.class).getSelectionModel().select(value);
            return null;
        });
    }
}
