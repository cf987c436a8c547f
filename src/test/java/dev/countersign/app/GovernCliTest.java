package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.govern.GovernConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code countersign govern}: what it records for the served app, and the names it never takes. */
class GovernCliTest {
    @TempDir
    Path home;

    @Test
    void aServerIsRegisteredListedAndRemoved() throws Exception {
        assertThat(CliRun.run(home, "govern", "--list").out).contains("no governed servers");

        CliRun add = CliRun.run(home, "govern", "--no-probe", "desk", "--", "npx", "-y", "computer-use-mcp@1.8.0");
        assertThat(add.exit).as(add.toString()).isZero();
        assertThat(GovernConfig.load(home.resolve("govern.json")))
                .containsExactly(new GovernConfig.Entry("desk", List.of("npx", "-y", "computer-use-mcp@1.8.0")));
        assertThat(CliRun.run(home, "govern", "--list").out).contains("desk\tnpx -y computer-use-mcp@1.8.0");

        assertThat(CliRun.run(home, "govern", "--remove", "desk").exit).isZero();
        assertThat(GovernConfig.load(home.resolve("govern.json"))).isEmpty();
        CliRun again = CliRun.run(home, "govern", "--remove", "desk");
        assertThat(again.exit).isEqualTo(1);
        assertThat(again.err).contains("no governed server named 'desk'");
    }

    @Test
    void namesThatAreNotToolNamesOrAreCountersignsOwnAreRefusedAndNothingIsRecorded() throws Exception {
        for (String bad : new String[] {"Desk", "desk-1", "computer_act", "computer_observe", "1desk"}) {
            CliRun run = CliRun.run(home, "govern", "--no-probe", bad, "--", "npx", "computer-use-mcp");
            assertThat(run.exit).as(bad + ": " + run).isEqualTo(1);
            assertThat(run.err).contains("name");
        }
        CliRun noCommand = CliRun.run(home, "govern", "desk");
        assertThat(noCommand.exit).isEqualTo(2);
        assertThat(GovernConfig.load(home.resolve("govern.json"))).isEmpty();
    }

    @Test
    void aProgramThatDoesNotExistIsRefusedEvenWithoutProbingAsSettingsRefusesIt() throws Exception {
        CliRun run = CliRun.run(home, "govern", "--no-probe", "desk", "--", home.resolve("no-such-server").toString());
        assertThat(run.exit).as(run.toString()).isEqualTo(1);
        assertThat(run.err).contains("no program");
        assertThat(GovernConfig.load(home.resolve("govern.json"))).isEmpty();
    }
}
