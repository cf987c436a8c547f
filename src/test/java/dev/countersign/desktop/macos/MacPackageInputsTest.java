package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code scripts/package --type mac --inputs-only} on Linux: everything the .app image is made
 * from, assembled for an Apple-silicon Mac from the jars it would bundle (JavaFX's mac-aarch64 jars,
 * resolved by Maven), up to the jpackage step, which only a Mac can run. What it proves: the script
 * no longer stops at the jna/jna-platform glob, and JavaFX's dylibs sit next to the jars, where
 * OpenJFX loads them and sign.sh signs them, instead of in ~/.openjfx/cache; no native library is
 * left inside any jar (the notary service would reject it); the bundle version and the version a
 * person sees in the Info.plist jpackage is given.
 */
@Tag("packaging")
class MacPackageInputsTest {
    private static final Path WORK = Path.of("target", "package-mac-test").toAbsolutePath();
    private static List<String> images;
    private static String output;

    @BeforeAll
    static void assemble() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("scripts/package", "--type", "mac", "--inputs-only", "--skip-build",
                "--mac-arch", "arm64", "--dest", WORK.resolve("dist").toString()).redirectErrorStream(true);
        pb.environment().put("COUNTERSIGN_PACKAGE_WORK", WORK.resolve("work").toString());
        Process p = pb.start();
        output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).as("scripts/package finished").isTrue();
        assertThat(p.exitValue()).as("scripts/package failed:%n%s", output).isZero();
        images = Files.readAllLines(WORK.resolve("work").resolve("image-list.txt"));
    }

    @Test
    void javaFxsDylibsAreInTheImageNextToTheJars() {
        assertThat(images).contains("libglass.dylib", "libprism_es2.dylib", "libprism_sw.dylib", "libjavafx_font.dylib",
                "libjavafx_iio.dylib", "libdecora_sse.dylib", "libprism_common.dylib");
        assertThat(images).contains("javafx-graphics-21.0.11-mac-aarch64.jar");
    }

    @Test
    void theJarsAreTheMacOnesAndJnaAndJnaPlatformAreBoth() {
        assertThat(images).contains("countersign.jar", "jna-5.19.1.jar", "jna-platform-5.19.1.jar");
        assertThat(images).noneMatch(f -> f.startsWith("javafx-") && f.endsWith("-linux.jar"));
    }

    @Test
    void jnasDispatchLibraryIsTheArm64MachO() throws IOException {
        assertThat(images).contains("native/libjnidispatch.jnilib");
        byte[] head = Files.readAllBytes(WORK.resolve("work/input/native/libjnidispatch.jnilib"));
        // MH_MAGIC_64 (little endian) and CPU_TYPE_ARM64 (0x0100000C).
        assertThat(new byte[] {head[0], head[1], head[2], head[3]})
                .containsExactly(0xCF, 0xFA, 0xED, 0xFE);
        assertThat(new byte[] {head[4], head[5], head[6], head[7]}).containsExactly(0x0C, 0x00, 0x00, 0x01);
    }

    @Test
    void theDylibsAreMachOFiles() throws IOException {
        byte[] glass = Files.readAllBytes(WORK.resolve("work/input/libglass.dylib"));
        assertThat(glass[0] & 0xFF).isIn(0xCF, 0xCA);
    }

    @Test
    void noNativeCodeIsLeftInsideAJar() throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(WORK.resolve("work/input"))) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).collect(Collectors.toList());
        }
        assertThat(jars).hasSizeGreaterThan(10);
        List<String> natives = new ArrayList<>();
        for (Path jar : jars) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                for (ZipEntry e : Collections.list(zip.entries())) {
                    if (!e.isDirectory() && isNative(e.getName(), head(zip, e))) {
                        natives.add(jar.getFileName() + "!" + e.getName());
                    }
                }
            }
        }
        assertThat(natives).as("the notary service rejects unsigned Mach-O files inside jars").isEmpty();
    }

    @Test
    void theBundleVersionStartsAboveZeroAndInfoPlistShowsTheProductVersion() throws Exception {
        // pom: 0.1.0-SNAPSHOT. jpackage gets 1.1.0 (CFBundleVersion); a person sees 0.1.0.
        assertThat(Files.readString(WORK.resolve("work/bundle-version.txt")).trim()).isEqualTo("1.1.0");
        Map<String, Object> plist = PackagingFilesTest.plist(WORK.resolve("work/mac-resources/Info.plist"));
        assertThat(plist).containsEntry("CFBundleShortVersionString", "0.1.0")
                .containsEntry("CFBundleVersion", "DEPLOY_BUNDLE_CFBUNDLE_VERSION")
                .containsEntry("CFBundleIdentifier", "dev.countersign.Countersign")
                .containsEntry("LSUIElement", true);
    }

    private static byte[] head(ZipFile zip, ZipEntry e) throws IOException {
        try (InputStream in = zip.getInputStream(e)) {
            return in.readNBytes(8);
        }
    }

    /** A native library by name, or by its first bytes: Mach-O (thin or universal) or ELF. */
    private static boolean isNative(String name, byte[] head) {
        if (name.matches(".*\\.(dylib|jnilib|so|dll|a)$")) {
            return true;
        }
        if (head.length < 8) {
            return false;
        }
        int magic = ByteBuffer.wrap(head).getInt();
        int next = ByteBuffer.wrap(head).getInt(4);
        boolean thin = magic == 0xCFFAEDFE || magic == 0xCEFAEDFE;
        // 0xCAFEBABE is also a class file's magic; a universal binary's next word is its small
        // architecture count, a class file's is its version (45 and up).
        boolean universal = (magic == 0xCAFEBABE || magic == 0xCAFEBABF) && next > 0 && next < 30;
        boolean elf = magic == 0x7F454C46;
        return thin || universal || elf;
    }

    @Test
    void theLaunchersKeepTheAppOutOfTheDock() throws IOException {
        String script = Files.readString(Path.of("scripts", "package"));
        assertThat(script).contains("--java-options '-Dglass.taskbarApplication=false'",
                "--java-options '-Dapple.awt.UIElement=true'");
        assertThat(Files.readString(Path.of("countersign")))
                .contains("-Dglass.taskbarApplication=false -Dapple.awt.UIElement=true");
    }
}
