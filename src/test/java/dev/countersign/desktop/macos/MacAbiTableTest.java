package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.platform.mac.SystemB;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/macos-abi.md against the code: a JNA binding cannot go in without its row (function,
 * header, prototype, binding, ownership), a row cannot outlive its binding, and the framework
 * harness exports exactly the symbols the table lists (so every binding is exercised on Linux).
 */
class MacAbiTableTest {
    private static final Path TABLE = Path.of("docs", "macos-abi.md");
    /** Our JNA interfaces, by the name the table's binding column uses. */
    private static final Map<String, Class<?>> OURS = new LinkedHashMap<>();
    /** jna-platform interfaces whose functions we call. */
    private static final Map<String, Class<?>> THEIRS = Map.of("jna-platform CoreFoundation", CoreFoundation.class,
            "jna-platform SystemB", SystemB.class);

    static {
        OURS.put("ApplicationServices", ApplicationServices.class);
        OURS.put("CoreGraphics", CoreGraphics.class);
        OURS.put("CfCalls", CfCalls.class);
        OURS.put("Carbon", Carbon.class);
        OURS.put("ObjC", ObjC.class);
        OURS.put("ObjC.IntResult", ObjC.IntResult.class);
        OURS.put("ScreenCaptureShim", ScreenCaptureShim.class);
    }

    record Row(String function, String header, String prototype, String binding, String ownership) {
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(TABLE, StandardCharsets.UTF_8)) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.substring(2, line.length() - 2).split(" \\| ", -1);
            assertThat(cells).as("five cells in %s", line).hasSize(5);
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cells[i].replace("`", "").trim();
                assertThat(cells[i]).as("cell %d of %s", i, line).isNotEmpty();
            }
            rows.add(new Row(cells[0], cells[1], cells[2], cells[3], cells[4]));
        }
        return rows;
    }

    /** {@code Interface: return name(parameters)} with simple type names, as the table writes it. */
    static String render(String iface, Method m) {
        String params = Arrays.stream(m.getParameterTypes()).map(MacAbiTableTest::name).collect(Collectors.joining(", "));
        return iface + ": " + name(m.getReturnType()) + " " + m.getName() + "(" + params + ")";
    }

    private static String name(Class<?> type) {
        String name = type.getSimpleName();
        for (Class<?> c = type.getEnclosingClass(); c != null && c.getEnclosingClass() != null; c = c.getEnclosingClass()) {
            name = c.getSimpleName() + "." + name;
        }
        return name;
    }

    private static List<Method> bindings(Class<?> iface) {
        return Arrays.stream(iface.getDeclaredMethods())
                .filter(m -> Modifier.isAbstract(m.getModifiers()) && !m.isSynthetic()).collect(Collectors.toList());
    }

    @Test
    void everyJnaBindingHasItsRow() throws IOException {
        Set<String> documented = rows().stream().map(Row::binding).collect(Collectors.toSet());
        List<String> missing = new ArrayList<>();
        OURS.forEach((name, iface) -> bindings(iface).forEach(m -> {
            if (!documented.contains(render(name, m))) {
                missing.add(render(name, m));
            }
        }));
        assertThat(missing).as("bindings with no row in %s", TABLE).isEmpty();
    }

    @Test
    void everyRowNamesABindingThatExistsUnderItsFunctionName() throws IOException {
        Map<String, Class<?>> all = new LinkedHashMap<>(OURS);
        all.putAll(THEIRS);
        for (Row row : rows()) {
            if (row.binding().startsWith("global:")) {
                assertThat(row.prototype()).as("a global's prototype names it").contains(row.function());
                continue;
            }
            String iface = row.binding().substring(0, row.binding().indexOf(':'));
            assertThat(all).as("the interface of %s", row).containsKey(iface);
            List<String> shapes = bindings(all.get(iface)).stream().map(m -> render(iface, m)).collect(Collectors.toList());
            assertThat(shapes).as("a method for row %s", row.function()).contains(row.binding());
            assertThat(row.binding()).contains(" " + row.function() + "(");
            assertThat(row.prototype()).contains(row.function() + "(");
        }
    }

    /** Needs the Linux harness (target/macos-sim), so it is tagged like the other harness tests. */
    @Test
    @Tag("macos-sim")
    void theHarnessExportsExactlyTheFunctionsAndGlobalsOfTheTable() throws Exception {
        Path dir = Path.of("target", "macos-sim");
        Set<String> exported = new TreeSet<>();
        for (String lib : MacSim.FRAMEWORKS) {
            if (lib.equals("macsim")) {
                continue;
            }
            Process nm = new ProcessBuilder("nm", "-D", "--defined-only", dir.resolve("lib" + lib + ".so").toString())
                    .redirectErrorStream(true).start();
            String out = new String(nm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(nm.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(nm.exitValue()).as(out).isZero();
            for (String line : out.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 3 && "TDBR".contains(f[1]) && !f[2].startsWith("sim_")) {
                    exported.add(f[2]);
                }
            }
        }
        Set<String> documented = rows().stream().filter(r -> !r.binding().startsWith("ScreenCaptureShim"))
                .map(Row::function).collect(Collectors.toCollection(TreeSet::new));
        assertThat(exported).isEqualTo(documented);
    }
}
