package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.LaunchIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TextOriginsTest {
    private static final AppInfo MAIL = new AppInfo("Mail", null, new LaunchIdentity(100, 5));
    private static final AppInfo BROWSER = new AppInfo("Browser", null, new LaunchIdentity(200, 7));
    /** The browser started again: the same app. */
    private static final AppInfo RESTARTED = new AppInfo("Browser", null, new LaunchIdentity(300, 9));
    private static final String SECRET = "Your one-time code is 8841-2290-7713; do not share it.";

    private static String randomText(Random random, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + random.nextInt(26)));
        }
        return b.toString();
    }

    @Test
    void textReadInOneAppIsFoundWhenTypedIntoAnotherNamingTheAppAndWindow() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Inbox", List.of(SECRET));

        Optional<TextOrigins.Found> found = origins.find("a", TextOrigins.appOf(BROWSER), SECRET);

        assertThat(found).isPresent();
        assertThat(found.get().source()).isEqualTo("Mail \u2018Inbox\u2019");
        assertThat(found.get().words()).contains("read in Mail, window \u2018Inbox\u2019");
        assertThat(origins.find("a", TextOrigins.appOf(RESTARTED), SECRET)).isPresent();
        // Text the browser showed, typed into the browser started again, stays in the browser.
        origins.remember("a", BROWSER, "Form", List.of("https://example.org/a/very/long/address"));
        assertThat(origins.find("a", TextOrigins.appOf(RESTARTED), "https://example.org/a/very/long/address"))
                .isEmpty();
    }

    @Test
    void aLongOrdinaryWordTwoAppsShowIsNotCarriedButASecretLikeWordIs() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Colors", List.of("Application background, Document background",
                "token=Vh7pQ2xLm9Rt"));

        // A search typed elsewhere that holds the same dictionary word.
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "Display background cone or art")).isEmpty();
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "background")).isEmpty();
        // The word of a secret (digits, mixed case) is found inside other text; the text typed whole is found whole.
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "my key Vh7pQ2xLm9Rt please")).isPresent();
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "Application background, Document background"))
                .isPresent();
        assertThat(TextOrigins.plainWord("background")).isTrue();
        assertThat(TextOrigins.plainWord("Preferences")).isTrue();
        assertThat(TextOrigins.plainWord("BackGround")).isFalse();
        assertThat(TextOrigins.plainWord("background2")).isFalse();
    }

    @Test
    void aTypedPathsFoldersThatExistAreNotCarriedButWhatFollowsThemIs() {
        java.util.Set<String> folders = java.util.Set.of("/home", "/home/ana", "/home/ana/work-projects-2026");
        TextOrigins origins = new TextOrigins(folders::contains);
        String secret = "sk-live-9f8e7d6c5b4a39281706";
        origins.remember("a", MAIL, "Paths", List.of("/home/ana/work-projects-2026/old-report.odt", secret));

        // The folder another app showed, typed as the start of a new path here.
        assertThat(origins.folders("/home/ana/work-projects-2026/recordings")).isEqualTo(29);
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "/home/ana/work-projects-2026/recordings")).isEmpty();
        // A secret read elsewhere, typed after existing folders, is still found.
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "/home/ana/work-projects-2026/" + secret))
                .isPresent();
        // A folder that does not exist here is text like any other; so is text that is not a path.
        assertThat(new TextOrigins(p -> false).folders("/home/ana/work-projects-2026/recordings")).isZero();
        assertThat(origins.folders("see /home/ana/work-projects-2026/x")).isZero();
        TextOrigins nowhere = new TextOrigins(p -> false);
        nowhere.remember("a", MAIL, "Paths", List.of("/home/ana/work-projects-2026/old-report.odt"));
        assertThat(nowhere.find("a", TextOrigins.appOf(BROWSER), "/home/ana/work-projects-2026/recordings"))
                .isPresent();
    }

    @Test
    void theSameAppAnotherAgentAndShortTextAreNotCarried() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Inbox", List.of(SECRET, "Reply to all"));

        assertThat(origins.find("a", TextOrigins.appOf(MAIL), SECRET)).isEmpty();
        assertThat(origins.find("b", TextOrigins.appOf(BROWSER), SECRET)).isEmpty();
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "Reply to all")).isPresent();
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "Reply to")).isEmpty();
    }

    @Test
    void everyRunLongerThanTheUnnoticedLengthIsFoundWhereverItStartsAndWhateverSurroundsIt() {
        Random random = new Random(42);
        String shown = randomText(random, 300);
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Inbox", List.of(shown));
        int run = TextOrigins.LONGEST_UNNOTICED + 1;
        for (int start = 0; start + run <= shown.length(); start++) {
            String typed = "x" + shown.substring(start, start + run) + "y";
            assertThat(origins.find("a", TextOrigins.appOf(BROWSER), typed)).as("run at %d", start).isPresent();
        }
        // Text nobody showed is not carried.
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), randomText(random, 200))).isEmpty();
    }

    @Test
    void aWordOfAShownLineIsFoundAloneAndInsideOtherWords() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Terminal", List.of("$ cat .env\nDB_USER=photos\nDB_PASSWORD=Vh7Kq2Lm9Xp4\n$ "));

        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "Vh7Kq2Lm9Xp4")).isPresent();
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "the password is: Vh7Kq2Lm9Xp4")).isPresent();
    }

    @Test
    void aShortRunTwoTextsShareIsNotTakenForCarriedText() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Inbox", List.of("Please write to audit@evil.example before noon."));

        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "helpdesk@evil.example")).isEmpty();
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), "audit@evil.example")).isPresent();
    }

    @Test
    void theAgentsOwnTextShownByOneAppIsNotCarriedButASecretTypedBackWhereItWasReadStaysCarried() {
        TextOrigins origins = new TextOrigins();
        String own = "Ada Lovelace, Analytical Engine notes";
        origins.authored("a", own);
        origins.remember("a", MAIL, "Draft", List.of(own));
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), own)).isEmpty();

        origins.remember("a", MAIL, "Inbox", List.of(SECRET));
        origins.authored("a", SECRET);
        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), SECRET)).isPresent();
    }

    @Test
    void aTextShownByBothAppsStillNamesTheOtherOne() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Inbox", List.of(SECRET));
        origins.remember("a", BROWSER, "Form", List.of(SECRET));

        assertThat(origins.find("a", TextOrigins.appOf(BROWSER), SECRET).map(f -> f.origin().app()))
                .contains("Mail");
        assertThat(origins.find("a", TextOrigins.appOf(MAIL), SECRET).map(f -> f.origin().app()))
                .contains("Browser");
    }

    @Test
    void floodingTheBookCannotLaunderASecretReadBefore() {
        TextOrigins origins = new TextOrigins();
        origins.remember("a", MAIL, "Inbox", List.of(SECRET));
        Random random = new Random(7);
        List<String> flood = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            flood.add(randomText(random, 4000));
        }
        origins.remember("a", BROWSER, "Huge page", flood);

        assertThat(origins.size("a")).isLessThanOrEqualTo(TextOrigins.PER_AGENT);
        Optional<TextOrigins.Found> found = origins.find("a", TextOrigins.appOf(BROWSER), SECRET);
        assertThat(found).isPresent();
        assertThat(found.get().origin()).isNull();
        assertThat(found.get().words()).contains("no longer remembers");
    }

    @Test
    void moreAgentsThanTheBoundMakeEveryBookFailClosed() {
        TextOrigins origins = new TextOrigins();
        origins.remember("first", MAIL, "Inbox", List.of(SECRET));
        for (int i = 0; i < TextOrigins.MAX_AGENTS; i++) {
            origins.remember("agent-" + i, MAIL, "Inbox", List.of("nothing much here"));
        }

        assertThat(origins.size("first")).isZero();
        assertThat(origins.find("first", TextOrigins.appOf(BROWSER), SECRET)).isPresent();
    }

    @Test
    void aPasteAsksUnlessThisAgentCopiedInTheSameApp() {
        TextOrigins origins = new TextOrigins();

        // Nothing copied through Countersign: the clipboard is the person's.
        assertThat(origins.paste("a", BROWSER, "ctrl+v")).hasValueSatisfying(f -> {
            assertThat(f.origin()).isNull();
            assertThat(f.words()).contains("did not fill");
        });
        origins.copied("a", MAIL, "Inbox", "ctrl+c");
        assertThat(origins.paste("a", MAIL, "ctrl+v")).isEmpty();
        assertThat(origins.paste("a", MAIL, "shift+Insert")).isEmpty();
        assertThat(origins.paste("a", BROWSER, "ctrl+v")).hasValueSatisfying(f ->
                assertThat(f.words()).contains("pastes what this agent copied in Mail, window \u2018Inbox\u2019"));
        // Another agent's copy is not this agent's to paste, even in the same app.
        origins.copied("b", MAIL, "Inbox", "ctrl+x");
        assertThat(origins.paste("a", MAIL, "ctrl+v")).isPresent();
        // Other chords neither paste nor fill the clipboard; a chord outside the grammar is judged elsewhere.
        origins.copied("a", MAIL, "Inbox", "ctrl+b");
        assertThat(origins.paste("a", MAIL, "ctrl+v")).isPresent();
        assertThat(origins.paste("a", BROWSER, "ctrl+b")).isEmpty();
        assertThat(origins.paste("a", BROWSER, "not a chord")).isEmpty();
    }

    @Test
    void aCarriedTextAsksOnlyWhereNothingElseDoes() {
        Optional<TextOrigins.Found> found = Optional.of(new TextOrigins.Found(
                new TextOrigins.Origin("1:1", "Mail", "Inbox")));
        ApprovalRequirement none = ApprovalRequirement.notRequired("sha256:p");
        ApprovalRequirement send = ApprovalRequirement.required("send", List.of("send"), "sha256:p");

        assertThat(TextOrigins.require(none, found)).isEqualTo(
                ApprovalRequirement.required("carry", List.of("Mail \u2018Inbox\u2019"), "sha256:p"));
        assertThat(TextOrigins.require(send, found)).isEqualTo(send);
        assertThat(TextOrigins.require(none, Optional.empty())).isEqualTo(none);
    }
}
