package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The packaging inputs that must hold everywhere, checked without a Mac: the .app's Info.plist
 * keys, the hardened-runtime entitlements against their allowlist, the signing script's refusals
 * and the icon sources. (They live beside the macOS backend because they belong to the same issue.)
 */
class PackagingFilesTest {
    private static final Path MACOS = Path.of("packaging", "macos");

    /** A plist dictionary's keys and values: strings as String, true/false as Boolean. */
    static Map<String, Object> plist(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        // The DOCTYPE names Apple's DTD by URL; never fetch it.
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setExpandEntityReferences(false);
        Document doc = f.newDocumentBuilder().parse(file.toFile());
        Element dict = (Element) doc.getDocumentElement().getElementsByTagName("dict").item(0);
        Map<String, Object> out = new LinkedHashMap<>();
        List<Element> children = new ArrayList<>();
        NodeList nodes = dict.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
                children.add((Element) nodes.item(i));
            }
        }
        for (int i = 0; i + 1 < children.size(); i += 2) {
            Element key = children.get(i);
            Element value = children.get(i + 1);
            assertThat(key.getTagName()).isEqualTo("key");
            switch (value.getTagName()) {
                case "true":
                    out.put(key.getTextContent(), true);
                    break;
                case "false":
                    out.put(key.getTextContent(), false);
                    break;
                default:
                    out.put(key.getTextContent(), value.getTextContent());
            }
        }
        return out;
    }

    @Nested
    class InfoPlist {
        final Map<String, Object> plist;

        InfoPlist() throws Exception {
            plist = plist(MACOS.resolve("resources").resolve("Info.plist"));
        }

        @Test
        void theBundleIdIsFixedBecauseTheGrantsAreKeyedToIt() {
            assertThat(plist).containsEntry("CFBundleIdentifier", "dev.countersign.Countersign");
        }

        @Test
        void itIsAMenuBarOnlyApp() {
            assertThat(plist).containsEntry("LSUIElement", true).containsEntry("CFBundlePackageType", "APPL");
        }

        @Test
        void theUsageStringsSayWhatEachPermissionIsFor() {
            assertThat((String) plist.get("NSAccessibilityUsageDescription")).contains("password");
            assertThat((String) plist.get("NSScreenCaptureUsageDescription")).contains("approve");
        }

        @Test
        void jpackagesPlaceholdersAreKeptForWhatItFillsIn() {
            assertThat(plist).containsEntry("CFBundleExecutable", "DEPLOY_LAUNCHER_NAME")
                    .containsEntry("CFBundleIconFile", "DEPLOY_ICON_FILE")
                    .containsEntry("CFBundleVersion", "DEPLOY_BUNDLE_CFBUNDLE_VERSION");
        }

        @Test
        void theVersionAPersonSeesIsTheProductsNotJpackages() {
            // jpackage's app-version cannot start with 0 on macOS; scripts/package writes the
            // product version here and gives jpackage the bundle version (MacPackageInputsTest).
            assertThat(plist).containsEntry("CFBundleShortVersionString", "COUNTERSIGN_PRODUCT_VERSION");
        }
    }

    @Nested
    class Entitlements {
        final Map<String, Object> entitlements;
        final Map<String, List<String>> allowlist = new LinkedHashMap<>();

        Entitlements() throws Exception {
            entitlements = plist(MACOS.resolve("entitlements.plist"));
            for (String line : Files.readAllLines(MACOS.resolve("entitlements-allowlist.txt"))) {
                String[] words = line.trim().split("\\s+");
                if (words.length >= 2 && (words[0].equals("allow") || words[0].equals("forbid"))) {
                    allowlist.computeIfAbsent(words[0], k -> new ArrayList<>()).add(words[1]);
                }
            }
        }

        @Test
        void everyEntitlementIsAllowlistedAndTrue() {
            assertThat(entitlements).isNotEmpty();
            assertThat(allowlist.get("allow")).containsAll(entitlements.keySet());
            assertThat(entitlements.values()).containsOnly(true);
        }

        @Test
        void noDebugInjectionOrSandboxEntitlementIsPresent() {
            assertThat(allowlist.get("forbid")).contains("com.apple.security.get-task-allow",
                    "com.apple.security.cs.debugger", "com.apple.security.cs.allow-dyld-environment-variables",
                    "com.apple.security.cs.disable-library-validation");
            assertThat(entitlements.keySet()).doesNotContainAnyElementsOf(allowlist.get("forbid"));
            assertThat(allowlist.get("allow")).doesNotContainAnyElementsOf(allowlist.get("forbid"));
        }

        @Test
        void theJvmGetsItsJit() {
            assertThat(entitlements).containsEntry("com.apple.security.cs.allow-jit", true);
        }
    }

    @Nested
    class SignScript {
        private int run(Path app, String... args) throws IOException, InterruptedException {
            List<String> cmd = new ArrayList<>(List.of("bash", MACOS.resolve("sign.sh").toString()));
            cmd.addAll(List.of(args));
            cmd.add(app.toString());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return p.exitValue();
        }

        @Test
        void itRefusesToGuessAnIdentityOrToSignAdHocSilently(@TempDir Path dir) throws Exception {
            Path app = Files.createDirectories(dir.resolve("Countersign.app"));
            assertThat(run(app)).isEqualTo(2);
            assertThat(run(app, "--identity", "-")).isEqualTo(2);
            String script = Files.readString(MACOS.resolve("sign.sh"), StandardCharsets.UTF_8);
            assertThat(script).contains("--options runtime").contains("designated requirement").doesNotContain("--deep ");
        }
    }

    @Nested
    class Icons {
        @Test
        void theMarkIsASquareSvgAndTheTemplateIsBlackOnly() throws IOException {
            String mark = Files.readString(Path.of("icons", "countersign.svg"));
            assertThat(mark).contains("viewBox=\"0 0 1024 1024\"");
            String template = Files.readString(Path.of("icons", "menubar", "countersign-template.svg"));
            assertThat(template.replaceAll("<!--(?s:.*?)-->", "").replace("#000000", ""))
                    .doesNotContainPattern("#[0-9A-Fa-f]{3,6}");
        }

        @Test
        void theMacWorkflowSaysItHasNotRunAndSelectsOnlyMacTests() throws IOException {
            String wf = Files.readString(Path.of(".github", "workflows", "macos.yml"));
            assertThat(wf).contains("NOT YET RUN").contains("-Dgroups=macos");
        }

        @Test
        void theMacWorkflowBuildsTheShimThenRunsTheMacTestsThenPackagesAndSigns() throws IOException {
            com.fasterxml.jackson.databind.JsonNode wf = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
                    .readTree(Path.of(".github", "workflows", "macos.yml").toFile());
            List<String> runs = new ArrayList<>();
            wf.get("jobs").get("macos").get("steps").forEach(step -> runs.add(step.path("run").asText("")));
            String all = String.join("\n", runs);
            int shim = all.indexOf("make -C native/macos");
            int tests = all.indexOf("-Dgroups=macos");
            int pack = all.indexOf("scripts/package --type mac");
            int sign = all.indexOf("sign.sh --identity - --allow-adhoc");
            assertThat(shim).isNotNegative();
            assertThat(tests).isGreaterThan(shim);
            assertThat(pack).isGreaterThan(tests);
            assertThat(sign).isGreaterThan(pack);
            // The Linux harness stands in for the frameworks only on Linux.
            assertThat(all).contains("-Dtest.excludedGroups=macos,desktop,macos-sim");
        }
    }
}
