package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.remote.RemoteConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code countersign remote}: what it keeps for the served app, that the token is never shown, and what it refuses. */
class RemoteCliTest {
    private static final String TOKEN = "cs_gov_0123456789abcdef0123456789abcdef";

    @TempDir
    Path home;
    @TempDir
    Path elsewhere;

    @Test
    void aRemoteIsRegisteredWithItsTokenKeptPrivateListedAndRemoved() throws Exception {
        Path tokenFile = elsewhere.resolve("desk2.token");
        Files.writeString(tokenFile, TOKEN + "\n");
        assertThat(CliRun.run(home, "remote", "list").out).contains("No remotes");

        CliRun add = CliRun.run(home, "remote", "add", "desk2", "--url", "http://127.0.0.1:7476/mcp",
                "--token-file", tokenFile.toString());
        assertThat(add.exit).as(add.toString()).isZero();
        assertThat(add.out + add.err).doesNotContain(TOKEN);
        RemoteConfig config = new RemoteConfig(home);
        assertThat(config.load()).containsExactly(new RemoteConfig.Entry("desk2", "http://127.0.0.1:7476/mcp"));
        assertThat(config.token("desk2")).isEqualTo(TOKEN);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config.tokenFile("desk2"))))
                .isEqualTo("rw-------");
        assertThat(Files.readString(home.resolve("remotes.json"))).doesNotContain(TOKEN);

        CliRun list = CliRun.run(home, "remote", "list");
        assertThat(list.out).contains("desk2").contains("http://127.0.0.1:7476/mcp").doesNotContain(TOKEN);

        assertThat(CliRun.run(home, "remote", "remove", "desk2").exit).isZero();
        assertThat(config.load()).isEmpty();
        assertThat(config.tokenFile("desk2")).doesNotExist();
        assertThat(CliRun.run(home, "remote", "remove", "desk2").exit).isEqualTo(1);
    }

    @Test
    void badNamesNonLoopbackUrlsAndEmptyTokensChangeNothing() throws Exception {
        Path tokenFile = elsewhere.resolve("t");
        Files.writeString(tokenFile, TOKEN);
        Path empty = elsewhere.resolve("empty");
        Files.writeString(empty, "  \n");
        String[][] bad = {
            {"Desk2", "http://127.0.0.1:7476/mcp", tokenFile.toString()},
            {"computer_act", "http://127.0.0.1:7476/mcp", tokenFile.toString()},
            {"desk2", "http://10.0.0.2:7476/mcp", tokenFile.toString()},
            {"desk2", "https://127.0.0.1:7476/mcp", tokenFile.toString()},
            {"desk2", "not a url", tokenFile.toString()},
            {"desk2", "http://127.0.0.1:7476/mcp", empty.toString()},
            {"desk2", "http://127.0.0.1:7476/mcp", elsewhere.resolve("missing").toString()},
        };
        for (String[] b : bad) {
            CliRun run = CliRun.run(home, "remote", "add", b[0], "--url", b[1], "--token-file", b[2]);
            assertThat(run.exit).as(String.join(" ", b) + ": " + run).isEqualTo(2);
            assertThat(run.out + run.err).doesNotContain(TOKEN);
        }
        assertThat(new RemoteConfig(home).load()).isEmpty();
        assertThat(home.resolve("remotes")).doesNotExist();
    }
}
