package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Json;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The endpoint's check of results against output schemas judges as the SDK's general validator does. */
class OutputSchemaCheckTest {
    private final OutputSchemaCheck check = new OutputSchemaCheck(Json.mapper());
    private final JsonSchemaValidator general = new DefaultJsonSchemaValidator(Json.mapper());

    private static final Map<String, Object> RECEIPT = ToolResults.receiptSchema();
    private static final Map<String, Object> MIXED = OutputSchema.object().field("id", "string")
            .field("count", "integer").field("ratio", "number").field("ok", "boolean").field("items", "array")
            .field("detail", "object").nullable("approval", "object").oneOf("status", "confirmed", "unknown")
            .required("id", "status").build();

    @Test
    void aResultOfTheRightShapePassesWithoutPrintingItAgain() {
        Map<String, Object> receipt = new LinkedHashMap<>();
        receipt.put("receipt_id", "rcpt_1");
        receipt.put("status", "confirmed");
        receipt.put("strategy", "atspi_action");
        JsonSchemaValidator.ValidationResponse answer = check.validate(RECEIPT, receipt);
        assertThat(answer.valid()).isTrue();
        assertThat(answer.jsonStructuredOutput()).isNull();
    }

    @Test
    void aMissingRequiredFieldAWrongTypeOrAValueOutsideTheEnumIsInvalid() {
        assertThat(check.validate(RECEIPT, Map.of("status", "confirmed")).errorMessage()).contains("receipt_id");
        assertThat(check.validate(RECEIPT, Map.of("receipt_id", 7, "status", "confirmed")).valid()).isFalse();
        assertThat(check.validate(RECEIPT, Map.of("receipt_id", "r", "status", "done")).errorMessage())
                .contains("status");
    }

    @Test
    void aSchemaOrAResultOutsideWhatOutputSchemaBuildsGoesToTheGeneralValidator() {
        Map<String, Object> closed = new LinkedHashMap<>(OutputSchema.object().field("a", "string").build());
        closed.put("additionalProperties", false);
        assertThat(check.validate(closed, Map.of("a", "x", "b", 1)).valid()).isFalse();
        assertThat(check.validate(closed, Map.of("a", "x")).valid()).isTrue();
        assertThat(check.validate(RECEIPT, "{\"receipt_id\":\"r\",\"status\":\"unknown\"}").valid()).isTrue();
        assertThat(check.validate(RECEIPT, "{\"status\":\"unknown\"}").valid()).isFalse();
        assertThat(check.validateSchema(Map.of("type", 5)).valid()).isFalse();
    }

    @Test
    void itAgreesWithTheGeneralValidatorOnRandomResults() {
        Random random = new Random(11);
        List<Object> values = new ArrayList<>(List.of("text", "confirmed", "unknown", "", 0, -3, 7L, 2.5, 2.0, true,
                false, List.of(), List.of(1, "a"), Map.of(), Map.of("k", 1)));
        values.add(null);
        List<String> names = List.of("id", "count", "ratio", "ok", "items", "detail", "approval", "status", "other");
        for (int i = 0; i < 3_000; i++) {
            Map<String, Object> result = new LinkedHashMap<>();
            for (String name : names) {
                if (random.nextInt(3) > 0) {
                    result.put(name, values.get(random.nextInt(values.size())));
                }
            }
            for (Map<String, Object> schema : List.of(MIXED, RECEIPT)) {
                assertThat(check.validate(schema, result).valid()).as("%s against %s", result, schema)
                        .isEqualTo(general.validate(schema, result).valid());
            }
        }
    }
}
