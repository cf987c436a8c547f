package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * packaging/macos/make-dmg.sh run with {@code --dry-run} off a Mac: the disk image is made from
 * the signed app with plain hdiutil, then signed, then notarized and stapled — and only with
 * credentials that can work (a Developer ID identity and one complete set of notary secrets).
 */
class MacDiskImageScriptTest {
    private static final String DMG = "packaging/macos/make-dmg.sh";
    private static final String IDENTITY = "Developer ID Application: Test (TEAM123456)";
    private static final Map<String, String> APPLE_ID = Map.of("COUNTERSIGN_NOTARY_APPLE_ID", "dev@example.org",
            "COUNTERSIGN_NOTARY_TEAM_ID", "TEAM123456", "COUNTERSIGN_NOTARY_PASSWORD", "abcd-efgh-ijkl-mnop");

    @TempDir
    Path dir;
    Path app;
    String out;

    @BeforeEach
    void anApp() throws Exception {
        app = Files.createDirectories(dir.resolve("Countersign.app/Contents"));
        app = app.getParent();
        out = dir.resolve("Countersign-0.1.0-SNAPSHOT.dmg").toString();
    }

    private ScriptRun run(Map<String, String> env, String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("--dry-run", "--app", app.toString(), "--out", out));
        args.addAll(List.of(extra));
        return ScriptRun.of(env, DMG, args.toArray(String[]::new));
    }

    private int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void theImageIsMadeFromTheSignedAppThenSignedThenNotarizedThenStapled() throws Exception {
        ScriptRun run = run(APPLE_ID, "--identity", IDENTITY);
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.out();
        int copy = indexOf(lines, "ditto " + app);
        int image = indexOf(lines, "hdiutil create -volname Countersign");
        int sign = indexOf(lines, "codesign --force --timestamp --sign " + IDENTITY + " " + out);
        int submit = indexOf(lines, "xcrun notarytool submit " + out);
        int staple = indexOf(lines, "xcrun stapler staple " + out);
        assertThat(copy).isNotNegative().isLessThan(image);
        assertThat(image).isLessThan(sign);
        assertThat(sign).isLessThan(submit);
        assertThat(submit).isLessThan(staple);
        assertThat(lines.get(submit)).contains("--wait", "--apple-id dev@example.org", "--team-id TEAM123456");
        assertThat(lines.get(image)).endsWith(out);
    }

    @Test
    void theAppSpecificPasswordIsNeverPrinted() throws Exception {
        ScriptRun run = run(APPLE_ID, "--identity", IDENTITY);
        assertThat(String.join("\n", run.out()) + run.err()).doesNotContain("abcd-efgh-ijkl-mnop").contains("--password ***");
    }

    @Test
    void aKeychainProfileIsTheOtherWayToNotarize() throws Exception {
        ScriptRun run = run(Map.of("COUNTERSIGN_NOTARY_PROFILE", "countersign-notary"), "--identity", IDENTITY);
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).anyMatch(l -> l.startsWith("xcrun notarytool submit")
                && l.contains("--keychain-profile countersign-notary"));
    }

    @Test
    void withoutCredentialsTheImageIsSignedButNotNotarizedAndItSaysSo() throws Exception {
        ScriptRun run = run(Map.of(), "--identity", IDENTITY);
        assertThat(run.exit()).isZero();
        assertThat(run.out()).anyMatch(l -> l.startsWith("codesign --force")).noneMatch(l -> l.contains("notarytool"))
                .noneMatch(l -> l.contains("stapler"));
        assertThat(run.err()).contains("Not notarized");
    }

    @Test
    void withoutAnIdentityNothingIsSigned() throws Exception {
        ScriptRun run = run(Map.of());
        assertThat(run.exit()).isZero();
        assertThat(run.out()).anyMatch(l -> l.startsWith("hdiutil create")).noneMatch(l -> l.startsWith("codesign"));
    }

    @Test
    void notarizingAnUnsignedOrAdHocImageIsRefusedBeforeAnythingIsMade() throws Exception {
        for (String[] identity : List.of(new String[0], new String[] {"--identity", "-"})) {
            ScriptRun run = run(APPLE_ID, identity);
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).contains("Developer ID");
        }
    }

    @Test
    void halfASetOfSecretsOrBothSetsAreRefused() throws Exception {
        ScriptRun half = run(Map.of("COUNTERSIGN_NOTARY_APPLE_ID", "dev@example.org"), "--identity", IDENTITY);
        assertThat(half.exit()).isEqualTo(2);
        assertThat(half.out()).isEmpty();
        Map<String, String> both = new java.util.HashMap<>(APPLE_ID);
        both.put("COUNTERSIGN_NOTARY_PROFILE", "countersign-notary");
        ScriptRun twice = run(both, "--identity", IDENTITY);
        assertThat(twice.exit()).isEqualTo(2);
        assertThat(twice.out()).isEmpty();
    }

    @Test
    void onlyAnAppGoesInAndOnlyADmgComesOut() throws Exception {
        assertThat(ScriptRun.of(DMG, "--dry-run", "--app", dir.toString(), "--out", out).exit()).isEqualTo(2);
        assertThat(ScriptRun.of(DMG, "--dry-run", "--app", app.toString(), "--out", dir.resolve("x.zip").toString())
                .exit()).isEqualTo(2);
    }
}
