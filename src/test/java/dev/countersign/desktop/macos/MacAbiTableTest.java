package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.platform.mac.SystemB;
import java.io.IOException;
import java.lang.reflect.Field;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/macos-abi.md against the code: a JNA binding cannot go in without its row (function,
 * header, prototype, binding, ownership, checked), a row cannot outlive its binding, every row
 * names the file its prototype was checked against, the framework harness exports exactly the
 * symbols the table lists (so every binding is exercised on Linux) and declares each function with
 * the row's prototype (src/test/native/macos-sim/apple.h, which every stub compiles against), and
 * every header constant the code carries has the header's value.
 */
class MacAbiTableTest {
    private static final Path TABLE = Path.of("docs", "macos-abi.md");
    private static final Path HARNESS_PROTOTYPES = Path.of("src", "test", "native", "macos-sim", "apple.h");
    /** Where the function table ends and the constants table begins. */
    private static final String CONSTANTS_HEADING = "## Constants";
    /** The checked cell: the file read, and where it came from (an SDK, this repository, or a public copy of the header). */
    private static final Pattern CHECKED = Pattern.compile(
            "(\\S+\\.(?:h|tbd|m)) @ (?:SDK \\d+\\.\\d+|this repository|a public copy)");
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
        OURS.put("LibDispatch", LibDispatch.class);
        OURS.put("ObjC", ObjC.class);
        OURS.put("ObjC.IntResult", ObjC.IntResult.class);
        OURS.put("ScreenCaptureShim", ScreenCaptureShim.class);
        OURS.put("NotifyShim", NotifyShim.class);
    }

    record Row(String function, String header, String prototype, String binding, String ownership, String checked) {
        boolean global() {
            return binding.startsWith("global:");
        }
    }

    record Constant(String name, String header, long value, String java) {
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String[] cells : cells(true, 6)) {
            rows.add(new Row(cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]));
        }
        return rows;
    }

    static List<Constant> constants() throws IOException {
        List<Constant> out = new ArrayList<>();
        for (String[] cells : cells(false, 4)) {
            String v = cells[2];
            long value = v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
            out.add(new Constant(cells[0], cells[1], value, cells[3]));
        }
        return out;
    }

    /** The cells of the function table (before the constants heading) or of the constants table. */
    private static List<String[]> cells(boolean functions, int width) throws IOException {
        List<String[]> out = new ArrayList<>();
        boolean inFunctions = true;
        for (String line : Files.readAllLines(TABLE, StandardCharsets.UTF_8)) {
            if (line.startsWith(CONSTANTS_HEADING)) {
                inFunctions = false;
            }
            if (!line.startsWith("| `") || inFunctions != functions) {
                continue;
            }
            String[] cells = line.substring(2, line.length() - 2).split(" \\| ", -1);
            assertThat(cells).as("%d cells in %s", width, line).hasSize(width);
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cells[i].replace("`", "").trim();
                assertThat(cells[i]).as("cell %d of %s", i, line).isNotEmpty();
            }
            out.add(cells);
        }
        assertThat(out).as("rows of the %s table in %s", functions ? "function" : "constants", TABLE).isNotEmpty();
        return out;
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
            if (row.global()) {
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
        Set<String> documented = rows().stream().filter(r -> !r.binding().startsWith("ScreenCaptureShim")
                        && !r.binding().startsWith("NotifyShim"))
                .map(Row::function).collect(Collectors.toCollection(TreeSet::new));
        assertThat(exported).isEqualTo(documented);
    }

    @Test
    void everyRowNamesTheFileItWasCheckedAgainstAndThatFileIsItsHeader() throws IOException {
        for (Row row : rows()) {
            Matcher m = CHECKED.matcher(row.checked());
            assertThat(m.matches()).as("row %s is marked checked as 'File.h @ SDK n.n': %s", row.function(), row.checked())
                    .isTrue();
            String file = m.group(1);
            assertThat(row.header()).as("row %s was checked in %s, the file its header cell names", row.function(), file)
                    .containsPattern("(^|[/( ])" + Pattern.quote(file) + "($|[),; ])");
        }
    }

    /**
     * The harness compiles every stub against apple.h, so a definition whose types differ from the
     * declaration there does not build; this holds apple.h to the table, word for word, both ways.
     * objc_msgSend has no C prototype of its own (the SDK declares it {@code void (void)}, to be
     * cast), and globals are not functions.
     */
    @Test
    void theHarnessDeclaresEveryFunctionWithItsRowsPrototype() throws IOException {
        Set<String> declared = new TreeSet<>();
        for (String line : Files.readAllLines(HARNESS_PROTOTYPES, StandardCharsets.UTF_8)) {
            if (line.endsWith(");") && !line.startsWith(" ") && !line.startsWith("typedef")) {
                declared.add(line.substring(0, line.length() - 1));
            }
        }
        Set<String> documented = rows().stream().filter(r -> !r.global() && !r.function().equals("objc_msgSend"))
                .map(Row::prototype).collect(Collectors.toCollection(TreeSet::new));
        Set<String> undeclared = new TreeSet<>(documented);
        undeclared.removeAll(declared);
        Set<String> stale = new TreeSet<>(declared);
        stale.removeAll(documented);
        assertThat(undeclared).as("row prototypes not declared word for word in %s", HARNESS_PROTOTYPES).isEmpty();
        assertThat(stale).as("declarations in %s that no row has", HARNESS_PROTOTYPES).isEmpty();
        // The declarations bind only the stubs compiled against them: every source includes sim.h (which includes apple.h).
        try (Stream<Path> sources = Files.list(HARNESS_PROTOTYPES.getParent())) {
            for (Path c : sources.filter(f -> f.toString().endsWith(".c")).collect(Collectors.toList())) {
                assertThat(Files.readString(c)).as("%s includes sim.h", c).contains("#include \"sim.h\"");
            }
        }
    }

    @Test
    void everyHeaderConstantTheCodeCarriesHasTheHeadersValue() throws Exception {
        for (Constant c : constants()) {
            int dot = c.java().lastIndexOf('.');
            Class<?> owner = Class.forName(getClass().getPackageName() + "." + c.java().substring(0, dot));
            Field field = owner.getDeclaredField(c.java().substring(dot + 1));
            field.setAccessible(true);
            Object value = field.get(null);
            if (value instanceof Enum) {
                Field code = owner.getDeclaredField("code");
                code.setAccessible(true);
                value = code.get(value);
            }
            assertThat(((Number) value).longValue()).as("%s (%s) in %s", c.java(), c.name(), c.header()).isEqualTo(c.value());
        }
    }
}
