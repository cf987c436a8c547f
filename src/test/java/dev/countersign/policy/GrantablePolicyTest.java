package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The policy file's {@code grantable} list: which categories the person may allow for a while. */
class GrantablePolicyTest {
    private static ObjectNode shipped() throws Exception {
        return (ObjectNode) Json.mapper().readTree(new String(RiskPolicy.defaultPolicyJson(), StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0} grantable in the shipped policy: {1}")
    @CsvSource({"publish, true", "send, true", "share, true", "unknown_target, true", "delete, false",
        "money, false", "no_such_category, false"})
    void theShippedPolicyGrantsEveryCategoryButDeleteAndMoney(String category, boolean grantable) {
        assertThat(RiskPolicy.defaults().grantable(category)).isEqualTo(grantable);
    }

    @ParameterizedTest(name = "{0} grantable without a list: {1}")
    @CsvSource({"send, true", "unknown_target, true", "delete, false", "money, false"})
    void withoutAListEveryCategoryButDeleteAndMoneyMayBeGranted(String category, boolean grantable) throws Exception {
        ObjectNode tree = shipped();
        tree.remove("grantable");
        assertThat(RiskPolicy.parse(Json.mapper().writeValueAsString(tree)).grantable(category)).isEqualTo(grantable);
    }

    @Test
    void aListCanMakeMoneyGrantableAndSendNot() throws Exception {
        ObjectNode tree = shipped();
        tree.putArray("grantable").add("money");
        RiskPolicy policy = RiskPolicy.parse(Json.mapper().writeValueAsString(tree));
        assertThat(policy.grantable("money")).isTrue();
        assertThat(policy.grantable("send")).isFalse();
    }

    @Test
    void anEmptyListGrantsNothing() throws Exception {
        ObjectNode tree = shipped();
        tree.putArray("grantable");
        assertThat(RiskPolicy.parse(Json.mapper().writeValueAsString(tree)).grantable("send")).isFalse();
    }

    @Test
    void theListIsBoundIntoTheDigest() throws Exception {
        ObjectNode tree = shipped();
        tree.putArray("grantable").add("send");
        assertThat(RiskPolicy.parse(Json.mapper().writeValueAsString(tree)).digest())
                .isNotEqualTo(RiskPolicy.defaults().digest());
    }

    @ParameterizedTest(name = "refused: {0}")
    @CsvSource(delimiter = '|', value = {"[\"sned\"]", "[\"send\", \"send\"]", "[null]", "\"send\"", "[1]"})
    void aMisspeltRepeatedOrMistypedEntryIsRefusedNamingTheField(String list) throws Exception {
        String json = Json.mapper().writeValueAsString(shipped()).replaceFirst("\"grantable\":\\[[^]]*]",
                "\"grantable\":" + list.replace("\\\"", "\""));
        assertThatThrownBy(() -> RiskPolicy.parse(json)).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().field()).as(e.error().message()).startsWith("grantable"));
    }
}
