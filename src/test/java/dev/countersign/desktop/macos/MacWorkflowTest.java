package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order of .github/workflows/macos.yml's steps, which no Mac has run: each of the four faults
 * that would have stopped its first run is gone, and the smoke tests come in the order they need
 * (signed before launched, granted before driven). scripts/lint/workflows lints the same file.
 */
class MacWorkflowTest {
    private final List<String> runs = new ArrayList<>();
    private final String all;

    MacWorkflowTest() throws IOException {
        JsonNode wf = new YAMLMapper().readTree(Path.of(".github", "workflows", "macos.yml").toFile());
        wf.get("jobs").get("macos").get("steps").forEach(step -> runs.add(step.path("run").asText("")));
        all = String.join("\n", runs);
    }

    private int step(String text) {
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no step runs " + text);
    }

    @Test
    void theIconRendererIsInstalledBeforeAnyTestRendersIcons() {
        assertThat(step("brew install librsvg")).isLessThan(step("./mvnw -B verify"));
    }

    @Test
    void theDiskImageComesFromScriptsPackageNotFromJpackage() throws IOException {
        assertThat(all).doesNotContain("--type dmg").contains("hdiutil verify target/dist/Countersign-");
        assertThat(Files.readString(Path.of("scripts", "package"))).doesNotContain("--type dmg");
    }

    @Test
    void theAdHocCopyIsSignedWithoutTheHardenedRuntimeBeforeItIsLaunched() {
        int sign = step("sign.sh --identity - --allow-adhoc --no-hardened-runtime");
        assertThat(sign).isGreaterThan(step("scripts/package --type mac"));
        assertThat(step("lsappinfo info -only ApplicationType")).isGreaterThan(sign);
    }

    @Test
    void theRealAppSmokeTestRunsThroughLaunchServicesAfterTheGrants() {
        int grant = step("com.apple.TCC/TCC.db");
        int smoke = step("node scripts/interop/mac-smoke.mjs");
        assertThat(grant).isGreaterThan(step("sign.sh --identity - --allow-adhoc"));
        assertThat(smoke).isGreaterThan(grant);
        assertThat(runs.get(smoke)).contains("open -n -g").contains("--args serve --headless")
                .contains("open -a TextEdit").contains("with hidden answer")
                .contains("grep -q 'button returned:Noted'");
        assertThat(runs.get(grant)).contains("kTCCServiceAccessibility").contains("csreq -r- -b")
                .contains("'dev.countersign.Countersign'");
        assertThat(Path.of("scripts", "interop", "mac-smoke.mjs")).exists();
    }

    @Test
    void theVersionsTheBundleShowsAreChecked() {
        assertThat(all).contains("plutil -extract CFBundleShortVersionString raw")
                .contains("plutil -extract CFBundleVersion raw").contains("packaging/macos/bundle-version");
    }
}
