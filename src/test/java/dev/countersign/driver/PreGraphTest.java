package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PreGraphTest {
    @Test
    void theFirstRefusalEndsTheListAndNamesItsCheck() {
        List<String> ran = new ArrayList<>();
        Optional<PreGraph.Refusal> refusal = PreGraph.firstRefusal(List.of(
                PreGraph.check("one", () -> { ran.add("one"); return Optional.empty(); }),
                PreGraph.check("two", () -> { ran.add("two");
                    return Optional.of(CountersignError.of(ErrorCode.AGENT_PAUSED, "paused")); }),
                PreGraph.check("three", () -> { ran.add("three"); return Optional.empty(); })));

        assertThat(ran).containsExactly("one", "two");
        assertThat(refusal).hasValueSatisfying(r -> {
            assertThat(r.check()).isEqualTo("two");
            assertThat(r.error().code()).isEqualTo(ErrorCode.AGENT_PAUSED);
        });
    }

    @Test
    void everyCheckPassingRunsThemAllAndRefusesNothing() {
        List<String> ran = new ArrayList<>();
        var refusal = PreGraph.firstRefusal(List.of(
                PreGraph.check("a", () -> { ran.add("a"); return Optional.empty(); }),
                PreGraph.check("b", () -> { ran.add("b"); return Optional.empty(); })));
        assertThat(refusal).isEmpty();
        assertThat(ran).containsExactly("a", "b");
    }
}
