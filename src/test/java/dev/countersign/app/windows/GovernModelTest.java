package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.govern.GovernConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Settings window's governed servers, without a stage: what is written, what is refused. */
class GovernModelTest {
    @TempDir
    Path home;

    Path file() {
        return home.resolve("govern.json");
    }

    /** Adds without starting the server, as {@code countersign govern --no-probe}. */
    GovernModel unprobed() {
        return new GovernModel(file(), null);
    }

    @Test
    void theFileIsGovernJsonBesideSettingsWhereTheCommandLineKeepsIt() {
        assertThat(GovernModel.file(home.resolve("settings.json"))).isEqualTo(home.resolve("govern.json"));
    }

    @Test
    void commandLinesSplitAsAShellSplitsWordsWithoutExpandingAnything() {
        assertThat(GovernModel.split("  npx -y   computer-use-mcp@1.8.0 ").value().get())
                .containsExactly("npx", "-y", "computer-use-mcp@1.8.0");
        assertThat(GovernModel.split("'/opt/my tools/node' \"a \\\"b\\\"\" c\\ d $HOME").value().get())
                .containsExactly("/opt/my tools/node", "a \"b\"", "c d", "$HOME");
        assertThat(GovernModel.split("node ''").value().get()).containsExactly("node", "");
        assertThat(GovernModel.split("node 'open").problem()).contains("unclosed single quote");
        assertThat(GovernModel.split("node \"open").problem()).contains("unclosed double quote");
        assertThat(GovernModel.split("node \\").problem()).contains("backslash");
        assertThat(GovernModel.split("   ").problem()).contains("Give the command");
    }

    @Test
    void joinQuotesWhatSplitWouldSplitSoTheListShowsTheCommandAsGiven() {
        List<String> command = List.of("/opt/my tools/node", "it's", "", "plain");
        String line = GovernModel.join(command);
        assertThat(line).isEqualTo("'/opt/my tools/node' 'it'\\''s' '' plain");
        assertThat(GovernModel.split(line).value().get()).isEqualTo(command);
    }

    @Test
    void anAddedServerIsWrittenAsTheCommandLineWritesItListedAndNeedsARestart() throws Exception {
        GovernModel model = unprobed();
        assertThat(model.restartNeeded()).isFalse();
        assertThat(model.restartNote()).isEmpty();

        Result<String> added = model.add(" desk ", "sh -c 'exec true'");
        assertThat(added.isOk()).as(added.problem()).isTrue();
        assertThat(added.value().get()).contains("Added 'desk'", "Restart Countersign");
        assertThat(GovernConfig.load(file()))
                .containsExactly(new GovernConfig.Entry("desk", List.of("sh", "-c", "exec true")));
        assertThat(model.rows().value().get()).extracting(GovernModel.Row::name, GovernModel.Row::command)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("desk", "sh -c 'exec true'"));
        assertThat(model.rows().value().get().get(0).offers()).contains("not checked");
        assertThat(model.restartNeeded()).isTrue();
        assertThat(model.restartNote()).contains("desk");
    }

    @Test
    void whatTheCommandLineRegisteredIsListedHere() throws Exception {
        GovernConfig.put(file(), new GovernConfig.Entry("desk", List.of("npx", "-y", "computer-use-mcp@1.8.0")));
        assertThat(unprobed().rows().value().get()).extracting(GovernModel.Row::command)
                .containsExactly("npx -y computer-use-mcp@1.8.0");
    }

    @Test
    void namesThatAreNotToolNamesOrAreCountersignsOwnAreRefusedAndNothingIsWritten() {
        GovernModel model = unprobed();
        for (String bad : new String[] {"Desk", "desk-1", "computer_act", "computer_observe", "1desk", "", "  "}) {
            Result<String> r = model.add(bad, "sh -c true");
            assertThat(r.isOk()).as(bad).isFalse();
            assertThat(r.problem()).as(bad).containsIgnoringCase("name");
        }
        assertThat(Files.exists(file())).isFalse();
        assertThat(model.restartNeeded()).isFalse();
    }

    @Test
    void aProgramThatDoesNotExistIsRefusedAndNothingIsWritten() {
        GovernModel model = unprobed();
        Result<String> missing = model.add("desk", home.resolve("no-such-server") + " --stdio");
        assertThat(missing.isOk()).isFalse();
        assertThat(missing.problem()).contains("no program", "no-such-server");
        Result<String> notOnPath = model.add("desk", "countersign-no-such-program-on-path");
        assertThat(notOnPath.problem()).contains("no program");
        assertThat(model.add("desk", "node 'open").problem()).contains("unclosed");
        assertThat(Files.exists(file())).isFalse();
        assertThat(model.restartNeeded()).isFalse();
    }

    /** Waits out the whole 10 s start, hence "slow": not in the fast lane of scripts/test. */
    @Test
    @Tag("slow")
    void aProgramThatIsNotAnMcpServerIsStartedOnceRefusedAndNothingIsWritten() {
        GovernModel model = new GovernModel(file(), Duration.ofSeconds(10));
        Result<String> r = model.add("desk", "sh -c 'exit 3'");
        assertThat(r.isOk()).isFalse();
        assertThat(r.problem()).contains("did not start");
        assertThat(Files.exists(file())).isFalse();
        assertThat(model.restartNeeded()).isFalse();
    }

    @Test
    void removingTakesItOutOfGovernJsonAndAnUnknownNameChangesNothing() throws Exception {
        GovernConfig.put(file(), new GovernConfig.Entry("desk", List.of("sh")));
        GovernConfig.put(file(), new GovernConfig.Entry("other", List.of("sh")));
        GovernModel model = unprobed();
        Result<String> gone = model.remove("desk");
        assertThat(gone.value().get()).contains("Removed 'desk'", "Restart Countersign");
        assertThat(GovernConfig.load(file())).extracting(GovernConfig.Entry::name).containsExactly("other");
        byte[] before = Files.readAllBytes(file());
        assertThat(model.remove("desk").problem()).contains("No governed server named 'desk'");
        assertThat(Files.readAllBytes(file())).isEqualTo(before);
    }

    @Test
    void checkingAServerThatDoesNotStartSaysSoInItsRow() throws Exception {
        GovernConfig.put(file(), new GovernConfig.Entry("broken", List.of(home.resolve("gone").toString())));
        GovernModel model = unprobed();
        assertThat(model.check("broken").problem()).contains("cannot start");
        assertThat(model.rows().value().get().get(0).offers()).startsWith("does not start");
        assertThat(model.check("nobody").problem()).contains("No governed server");
    }

    @Test
    void anUnreadableGovernJsonIsAProblemNotAnEmptyList() throws Exception {
        Files.writeString(file(), "{ not json");
        GovernModel model = unprobed();
        assertThat(model.rows().isOk()).isFalse();
        assertThat(model.rows().problem()).contains("govern.json could not be read");
    }
}
