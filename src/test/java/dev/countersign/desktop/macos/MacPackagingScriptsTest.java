package dev.countersign.desktop.macos;

import static dev.countersign.desktop.macos.ScriptRun.ARM64;
import static dev.countersign.desktop.macos.ScriptRun.X86_64;
import static dev.countersign.desktop.macos.ScriptRun.machO;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Mac packaging scripts' decisions, run for real off a Mac: the bundle version jpackage gets,
 * the runtime architecture check, and the order sign.sh signs a bundle in ({@code --dry-run}
 * prints its codesign commands; the tree it walks is a bundle of Mach-O headers laid out as
 * jpackage lays out Countersign.app). The disk image's steps: {@link MacDiskImageScriptTest}.
 */
class MacPackagingScriptsTest {
    private static final String BUNDLE_VERSION = "packaging/macos/bundle-version";
    private static final String RUNTIME_ARCH = "packaging/macos/runtime-arch";
    private static final String SIGN = "packaging/macos/sign.sh";
    private static final String IDENTITY = "Developer ID Application: Test (TEAM123456)";

    @Nested
    class BundleVersion {
        @ParameterizedTest(name = "{0} → {1}")
        @CsvSource({"0.1.0-SNAPSHOT, 1.1.0", "0.1.0, 1.1.0", "0.9.12, 1.9.12", "0, 1.0.0", "1.2, 2.2.0",
            "2.0.0+b7, 3.0.0", "007.01.0, 8.1.0"})
        void theFirstNumberIsNeverZeroAndTheRestIsKept(String product, String bundle) throws Exception {
            ScriptRun run = ScriptRun.of(BUNDLE_VERSION, product);
            assertThat(run.exit()).as(run.err()).isZero();
            assertThat(run.out()).containsExactly(bundle);
        }

        @ParameterizedTest(name = "\"{0}\" is refused")
        @ValueSource(strings = {"", "x.1", "0.1.0.1", "-1.0", "1..2", "v1.0", "1.0;rm -rf ~"})
        void whatIsNotAVersionIsRefusedAndPrintsNothing(String product) throws Exception {
            ScriptRun run = ScriptRun.of(BUNDLE_VERSION, product);
            assertThat(run.exit()).isNotZero();
            assertThat(run.out()).isEmpty();
        }

        @Test
        void newerProductVersionsGetNewerBundleVersions() throws Exception {
            List<String> products = List.of("0.1.0", "0.1.1", "0.2.0", "0.10.0", "1.0.0", "1.0.1", "2.0.0");
            List<List<Integer>> bundles = new java.util.ArrayList<>();
            for (String p : products) {
                bundles.add(java.util.Arrays.stream(ScriptRun.of(BUNDLE_VERSION, p).out().get(0).split("\\."))
                        .map(Integer::parseInt).collect(Collectors.toList()));
            }
            for (int i = 1; i < bundles.size(); i++) {
                assertThat(compare(bundles.get(i - 1), bundles.get(i))).as("%s < %s", products.get(i - 1), products.get(i))
                        .isNegative();
            }
        }

        private int compare(List<Integer> a, List<Integer> b) {
            for (int i = 0; i < 3; i++) {
                int c = Integer.compare(a.get(i), b.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
    }

    @Nested
    class RuntimeArch {
        private Path jdk(Path dir, byte[] libjvm) throws IOException {
            Path lib = Files.createDirectories(dir.resolve("lib/server"));
            Files.write(lib.resolve("libjvm.dylib"), libjvm);
            return dir;
        }

        private byte[] universal(int... cpus) {
            ByteBuffer b = ByteBuffer.allocate(8 + 20 * cpus.length).putInt(0xCAFEBABE).putInt(cpus.length);
            for (int cpu : cpus) {
                b.putInt(cpu).putInt(0).putInt(0x4000).putInt(0x1000).putInt(14);
            }
            return b.array();
        }

        @Test
        void anArm64JdkPackagesForArm64Only(@TempDir Path dir) throws Exception {
            Path jdk = jdk(dir, machO(ARM64, 6));
            assertThat(ScriptRun.of(RUNTIME_ARCH, "arm64", jdk.toString()).exit()).isZero();
            ScriptRun wrong = ScriptRun.of(RUNTIME_ARCH, "x86_64", jdk.toString());
            assertThat(wrong.exit()).isEqualTo(2);
            assertThat(wrong.err()).contains("runs on arm64, not x86_64");
        }

        @Test
        void anIntelJdkIsRefusedForAnAppleSiliconPackage(@TempDir Path dir) throws Exception {
            Path jdk = jdk(dir, machO(X86_64, 6));
            assertThat(ScriptRun.of(RUNTIME_ARCH, "arm64", jdk.toString()).exit()).isEqualTo(2);
            assertThat(ScriptRun.of(RUNTIME_ARCH, "x86_64", jdk.toString()).exit()).isZero();
        }

        @Test
        void aUniversalJdkPackagesForEitherOfItsArchitectures(@TempDir Path dir) throws Exception {
            Path both = jdk(dir.resolve("both"), universal(X86_64, ARM64));
            assertThat(ScriptRun.of(RUNTIME_ARCH, "arm64", both.toString()).exit()).isZero();
            assertThat(ScriptRun.of(RUNTIME_ARCH, "x86_64", both.toString()).exit()).isZero();
            Path intel = jdk(dir.resolve("intel"), universal(X86_64));
            assertThat(ScriptRun.of(RUNTIME_ARCH, "arm64", intel.toString()).exit()).isEqualTo(2);
        }

        @Test
        void aLinuxJdkOrAnUnknownArchitectureIsRefused(@TempDir Path dir) throws Exception {
            Path linux = jdk(dir, new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0});
            ScriptRun elf = ScriptRun.of(RUNTIME_ARCH, "arm64", linux.toString());
            assertThat(elf.exit()).isEqualTo(2);
            assertThat(elf.err()).contains("not a Mach-O file");
            assertThat(ScriptRun.of(RUNTIME_ARCH, "arm64", dir.resolve("nowhere").toString()).exit()).isEqualTo(2);
            assertThat(ScriptRun.of(RUNTIME_ARCH, "ppc", linux.toString()).exit()).isEqualTo(2);
        }
    }

    @Nested
    class SigningOrder {
        /** Countersign.app as jpackage 17 lays it out: Mach-O headers where the binaries are. */
        private Path app(Path dir) throws IOException {
            Path c = dir.resolve("Countersign.app/Contents");
            put(c.resolve("MacOS/Countersign"), machO(ARM64, 2), true);
            put(c.resolve("runtime/Contents/Home/lib/server/libjvm.dylib"), machO(ARM64, 6), false);
            put(c.resolve("runtime/Contents/Home/lib/libjava.dylib"), machO(ARM64, 6), false);
            put(c.resolve("runtime/Contents/MacOS/libjli.dylib"), machO(ARM64, 6), false);
            put(c.resolve("runtime/Contents/Info.plist"), "<plist/>".getBytes(), false);
            put(c.resolve("app/libglass.dylib"), machO(ARM64, 6), false);
            put(c.resolve("app/native/libjnidispatch.jnilib"), machO(ARM64, 6), false);
            put(c.resolve("app/countersign.jar"), new byte[] {'P', 'K', 3, 4}, false);
            put(c.resolve("app/Countersign.cfg"), "[JavaOptions]".getBytes(), true);
            return dir.resolve("Countersign.app");
        }

        private void put(Path file, byte[] bytes, boolean executable) throws IOException {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
            if (executable) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }

        private int indexOf(List<String> lines, String suffix) {
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).endsWith(suffix)) {
                    return i;
                }
            }
            throw new AssertionError(suffix + " was never signed: " + lines);
        }

        @Test
        void insideOutEveryLibraryThenTheRuntimeBundleThenTheLauncherThenTheApp(@TempDir Path dir) throws Exception {
            Path app = app(dir);
            ScriptRun run = ScriptRun.of(SIGN, "--dry-run", "--identity", IDENTITY, app.toString());
            assertThat(run.exit()).as(run.err()).isZero();
            List<String> lines = run.out();
            int runtime = indexOf(lines, "/Contents/runtime");
            int launcher = indexOf(lines, "/Contents/MacOS/Countersign");
            int bundle = indexOf(lines, "/Countersign.app");
            for (String lib : List.of("libjvm.dylib", "libjava.dylib", "libjli.dylib", "libglass.dylib",
                    "libjnidispatch.jnilib")) {
                assertThat(indexOf(lines, lib)).as(lib).isLessThan(runtime);
            }
            assertThat(runtime).isLessThan(launcher);
            assertThat(launcher).isLessThan(bundle);
            assertThat(bundle).isEqualTo(lines.size() - 1);
            assertThat(lines).hasSize(8).allMatch(l -> l.contains("--options runtime") && l.contains("--timestamp"));
            assertThat(lines).noneMatch(l -> l.endsWith(".jar") || l.endsWith(".cfg") || l.endsWith("Info.plist"));
            assertThat(lines.get(launcher)).contains("--entitlements");
            assertThat(lines.get(bundle)).contains("--entitlements");
            assertThat(lines.get(runtime)).doesNotContain("--entitlements");
        }

        @Test
        void ciSignsAdHocWithoutTheHardenedRuntimeSoItsOwnLibrariesLoad(@TempDir Path dir) throws Exception {
            Path app = app(dir);
            ScriptRun run = ScriptRun.of(SIGN, "--dry-run", "--identity", "-", "--allow-adhoc", "--no-hardened-runtime",
                    app.toString());
            assertThat(run.exit()).as(run.err()).isZero();
            assertThat(run.out()).hasSize(8).noneMatch(l -> l.contains("--options runtime") || l.contains("--timestamp"));
        }

        @Test
        void aReleaseIdentityCannotDropTheHardenedRuntime(@TempDir Path dir) throws Exception {
            ScriptRun run = ScriptRun.of(SIGN, "--dry-run", "--identity", IDENTITY, "--no-hardened-runtime",
                    app(dir).toString());
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).contains("notarization requires the hardened runtime");
        }

        @Test
        void thePackageScriptSignsTheAppThenMakesTheImageFromItWithoutJpackage() throws IOException {
            String script = Files.readString(Path.of("scripts", "package"));
            int arch = script.indexOf("packaging/macos/runtime-arch \"$mac_arch\" \"$JAVA_HOME\"");
            int image = script.indexOf("\"$jpackage\" --type app-image --name Countersign");
            int sign = script.indexOf("packaging/macos/sign.sh --identity");
            int dmg = script.indexOf("packaging/macos/make-dmg.sh --app");
            assertThat(arch).isNotNegative().isLessThan(image);
            assertThat(image).isLessThan(sign);
            assertThat(sign).isLessThan(dmg);
            assertThat(script).doesNotContain("--type dmg");
            assertThat(script.substring(image, sign)).contains("--app-version \"$bundle_version\"")
                    .contains("--resource-dir \"$work/mac-resources\"");
        }
    }
}
