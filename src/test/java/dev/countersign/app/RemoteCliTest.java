package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.remote.RemoteConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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

        CliRun add = CliRun.run(home, "remote", "add", "desk2", "--token-file", tokenFile.toString());
        assertThat(add.exit).as(add.toString()).isZero();
        assertThat(add.out + add.err).doesNotContain(TOKEN);
        RemoteConfig config = new RemoteConfig(home);
        String socket = "unix:" + config.socketFile("desk2");
        assertThat(config.load()).containsExactly(new RemoteConfig.Entry("desk2", socket));
        assertThat(add.out).as("the ssh line to forward the socket").contains("ssh -N -L " + config.socketFile("desk2"));
        assertThat(config.token("desk2")).isEqualTo(TOKEN);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config.tokenFile("desk2"))))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config.socketFile("desk2").getParent())))
                .as("the socket's folder: no one else may put a socket there").isEqualTo("rwx------");
        assertThat(Files.readString(home.resolve("remotes.json"))).doesNotContain(TOKEN);

        CliRun list = CliRun.run(home, "remote", "list");
        assertThat(list.out).contains("desk2").contains(socket).doesNotContain(TOKEN);

        Path elsewhereSocket = elsewhere.resolve("desk3.sock");
        assertThat(CliRun.run(home, "remote", "add", "desk3", "--socket", elsewhereSocket.toString(),
                "--token-file", tokenFile.toString()).exit).isZero();
        assertThat(config.load()).contains(new RemoteConfig.Entry("desk3", "unix:" + elsewhereSocket));

        assertThat(CliRun.run(home, "remote", "remove", "desk2").exit).isZero();
        assertThat(config.load()).extracting(RemoteConfig.Entry::name).containsExactly("desk3");
        assertThat(config.tokenFile("desk2")).doesNotExist();
        assertThat(CliRun.run(home, "remote", "remove", "desk2").exit).isEqualTo(1);
    }

    @Test
    void badNamesAndEmptyTokensChangeNothing() throws Exception {
        Path tokenFile = elsewhere.resolve("t");
        Files.writeString(tokenFile, TOKEN);
        Path empty = elsewhere.resolve("empty");
        Files.writeString(empty, "  \n");
        String[][] bad = {
            {"Desk2", tokenFile.toString()},
            {"computer_act", tokenFile.toString()},
            {"desk2", empty.toString()},
            {"desk2", elsewhere.resolve("missing").toString()},
        };
        for (String[] b : bad) {
            CliRun run = CliRun.run(home, "remote", "add", b[0], "--token-file", b[1]);
            assertThat(run.exit).as(String.join(" ", b) + ": " + run).isEqualTo(2);
            assertThat(run.out + run.err).doesNotContain(TOKEN);
        }
        assertThat(new RemoteConfig(home).load()).isEmpty();
        assertThat(home.resolve("remotes")).doesNotExist();
    }

    @Test
    void aTcpUrlOrAnythingButAnAbsoluteSocketPathIsRefusedAndChangesNothing() {
        RemoteConfig config = new RemoteConfig(home);
        for (String url : List.of("http://127.0.0.1:7476/mcp", "http://localhost:7476/mcp", "https://127.0.0.1:7476/mcp",
                "unix:relative.sock", "not a url")) {
            Throwable refused = catchThrowable(() -> config.put("desk2", url, TOKEN));
            assertThat(refused).as(url).isInstanceOf(CountersignException.class);
            assertThat(((CountersignException) refused).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(((CountersignException) refused).error().field()).isEqualTo("url");
        }
        assertThat(home.resolve("remotes")).doesNotExist();
    }

    @Test
    void aSocketPathTooLongForTheKernelIsRefusedBeforeAnythingIsWritten() {
        RemoteConfig config = new RemoteConfig(home);
        Path deep = elsewhere.resolve("d".repeat(60)).resolve("e".repeat(60)).resolve("desk2.sock");
        Throwable refused = catchThrowable(() -> config.put("desk2", RemoteConfig.urlOf(deep), TOKEN));
        assertThat(refused).isInstanceOf(CountersignException.class);
        assertThat(((CountersignException) refused).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(((CountersignException) refused).error().field()).isEqualTo("url");
        assertThat(((CountersignException) refused).error().message()).contains("--socket");
        assertThat(home.resolve("remotes")).doesNotExist();
    }

    /** The macOS home is under "Application Support": its socket's URL escapes the space and names the same path. */
    @Test
    void aSocketInAFolderWithASpaceIsRegisteredAndItsUrlNamesThatPath() throws Exception {
        Path tokenFile = elsewhere.resolve("desk2.token");
        Files.writeString(tokenFile, TOKEN + "\n");
        Path spaced = elsewhere.resolve("Application Support").resolve("desk2.sock");

        CliRun add = CliRun.run(home, "remote", "add", "desk2", "--socket", spaced.toString(), "--token-file",
                tokenFile.toString());

        assertThat(add.exit).as(add.toString()).isZero();
        assertThat(add.out).as("the ssh line quotes the path").contains("ssh -N -L '" + spaced + "':");
        String url = new RemoteConfig(home).load().get(0).url();
        assertThat(java.net.URI.create(url).getPath()).isEqualTo(spaced.toString());
    }
}
