package dev.countersign.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The package table in docs/architecture.md says what {@link PackageMap} (and so ArchUnit) holds. */
class ArchitectureDocTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z]+)` \\|[^|]*\\| ([^|]*) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z]+)`");

    @Test
    void thePackageTableMatchesTheRulesTheTestHolds() throws Exception {
        Map<String, Set<String>> documented = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("docs/architecture.md"))) {
            Matcher row = ROW.matcher(line.strip());
            if (row.matches()) {
                Set<String> deps = new TreeSet<>();
                Matcher name = NAME.matcher(row.group(2));
                while (name.find()) {
                    deps.add(name.group(1));
                }
                documented.put(row.group(1), deps);
            }
        }
        Map<String, Set<String>> held = PackageMap.MAY_DEPEND_ON.entrySet().stream().collect(Collectors.toMap(
                Map.Entry::getKey, e -> new TreeSet<>(e.getValue()), (a, b) -> a, LinkedHashMap::new));
        assertThat(documented).as("docs/architecture.md package table").isEqualTo(held);
    }
}
