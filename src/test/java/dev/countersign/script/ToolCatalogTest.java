package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.driver.ActArgs;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ToolCatalogTest {
    @Test
    void everyToolShowsExactlyTheParametersItsRecordBinds() {
        for (ScriptTool tool : ToolCatalog.all()) {
            // A sealed argument type (one record per op) binds the union of its variants' components.
            String[] bound = tool.argsType() == ActArgs.class ? ActArgs.arguments().toArray(String[]::new)
                    : Arrays.stream(tool.argsType().getRecordComponents())
                            .map(ToolCatalogTest::wireName).toArray(String[]::new);
            assertThat(tool.params()).extracting(ScriptTool.Param::name).as(tool.name()).containsExactly(bound);
        }
    }

    @Test
    void theCorrectiveExampleShowsTheRequiredArguments() {
        assertThat(ToolCatalog.find("computer_act").orElseThrow().example())
                .isEqualTo("call_tool(\"computer_act\", {ref: …, op: …})");
    }

    private static String wireName(RecordComponent c) {
        JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
        if (p == null) {
            p = c.getAnnotation(JsonProperty.class);
        }
        return p == null ? c.getName() : p.value();
    }
}
