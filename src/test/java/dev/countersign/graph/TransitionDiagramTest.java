package dev.countersign.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed diagram in docs/graph.md is the transition table, rendered. When the table changes
 * this fails; regenerate with {@code COUNTERSIGN_WRITE_DIAGRAM=1 ./mvnw test -Dtest=TransitionDiagramTest}.
 */
class TransitionDiagramTest {
    private static final Path DOC = Path.of("docs/graph.md");
    private static final String HEADER = "# The governed graph\n\n"
            + "Generated from `TransitionTable` by `TransitionDiagramTest`; do not edit by hand.\n\n```mermaid\n";

    @Test
    void committedDiagramMatchesTheTable() throws Exception {
        String expected = HEADER + TransitionTable.toMermaid() + "```\n";
        if ("1".equals(System.getenv("COUNTERSIGN_WRITE_DIAGRAM"))) {
            Files.writeString(DOC, expected);
        }
        assertThat(Files.readString(DOC)).isEqualTo(expected);
    }

    @Test
    void diagramHasOneLinePerTransition() {
        long edges = TransitionTable.toMermaid().lines().filter(l -> l.contains(" : ")).count();
        assertThat(edges).isEqualTo(TransitionTable.all().size());
    }
}
