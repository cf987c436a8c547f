package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.approval.HeadlessApprover;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.EndpointConfig;
import dev.countersign.testkit.MemoryDesktop;
import java.io.FileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy the app decides with: the file chosen in Settings, else the home folder's, else the default. */
class ServedAppPolicyTest {
    @TempDir
    Path dir;

    private static String editedPolicy() {
        // The shipped policy with one more delete word: a different policy, a different digest.
        String json = new String(RiskPolicy.defaultPolicyJson(), StandardCharsets.UTF_8);
        String edited = json.replaceFirst("\\[\"delete\", ", "[\"obliterate\", \"delete\", ");
        assertThat(edited).isNotEqualTo(json);
        return edited;
    }

    @Test
    void withoutAnyFileTheShippedPolicyDecides() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        try (ServedApp app = ServedApp.start(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(),
                new HeadlessApprover())) {
            assertThat(app.policyDigest()).isEqualTo(RiskPolicy.defaults().digest().value());
        }
    }

    @Test
    void thePolicyFileChosenInSettingsIsTheOneInForce() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Path chosen = dir.resolve("my-policy.json");
        Files.writeString(chosen, editedPolicy());
        Files.writeString(home.settings(), "{\"policy_file\": \"" + chosen + "\"}");
        String expected = RiskPolicy.parse(Files.readAllBytes(chosen)).digest().value();
        assertThat(expected).isNotEqualTo(RiskPolicy.defaults().digest().value());

        try (ServedApp app = ServedApp.start(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(),
                new HeadlessApprover())) {
            assertThat(app.policyDigest()).isEqualTo(expected);
        }
    }

    @Test
    void aChosenPolicyFileThatIsMissingStopsTheStartWithItsName() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Files.writeString(home.settings(), "{\"policy_file\": \"" + dir.resolve("gone.json") + "\"}");
        assertThatThrownBy(() -> ServedApp.start(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(),
                new HeadlessApprover())).isInstanceOf(FileNotFoundException.class).hasMessageContaining("gone.json");
    }
}
