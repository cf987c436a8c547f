package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One run of a packaging script: its exit code and what it printed, stdout and stderr apart. */
record ScriptRun(int exit, List<String> out, String err) {

    /** Runs {@code bash script args…} from the repository root with extra environment variables. */
    static ScriptRun of(Map<String, String> env, String script, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", script));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("COUNTERSIGN_"));
        pb.environment().putAll(env);
        Path errFile = Files.createTempFile("script", ".err");
        pb.redirectError(errFile.toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", script).isTrue();
        String err = Files.readString(errFile);
        Files.delete(errFile);
        return new ScriptRun(p.exitValue(), out.isEmpty() ? List.of() : List.of(out.split("\n")), err);
    }

    static ScriptRun of(String script, String... args) throws IOException, InterruptedException {
        return of(Map.of(), script, args);
    }

    /** A 64-bit Mach-O header (what {@code file} and the loader read first) for one CPU type. */
    static byte[] machO(int cpuType, int fileType) {
        return ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0xFEEDFACF).putInt(cpuType).putInt(0).putInt(fileType).array();
    }

    static final int ARM64 = 0x0100000C;
    static final int X86_64 = 0x01000007;
}
