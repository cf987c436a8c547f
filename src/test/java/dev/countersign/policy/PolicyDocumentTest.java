package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The policy file: what parses, what is refused (naming the field), and what the digest covers. */
class PolicyDocumentTest {
    private static final String DEFAULT_JSON = new String(RiskPolicy.defaultPolicyJson(), StandardCharsets.UTF_8);

    private static ObjectNode defaultTree() throws Exception {
        return (ObjectNode) Json.mapper().readTree(DEFAULT_JSON);
    }

    private static String write(JsonNode tree) throws Exception {
        return Json.mapper().writeValueAsString(tree);
    }

    /** The same JSON value with every object's members in reverse order. */
    private static JsonNode reversed(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            Collections.reverse(names);
            ObjectNode out = Json.mapper().createObjectNode();
            names.forEach(name -> out.set(name, reversed(node.get(name))));
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.mapper().createArrayNode();
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                out.add(reversed(it.next()));
            }
            return out;
        }
        return node;
    }

    private static void assertRefusedOn(String json, String field) {
        assertThatThrownBy(() -> RiskPolicy.parse(json))
                .isInstanceOfSatisfying(CountersignException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.error().field()).as(e.error().message()).startsWith(field);
                });
    }

    @Nested
    class TheShippedPolicy {

        @Test
        void parsesAsVersionOneWithEveryLanguageInEveryCategory() {
            PolicyDocument document = RiskPolicy.defaults().document();
            assertThat(document.version()).isEqualTo(1);
            for (RiskCategory category : List.of(RiskCategory.DELETE, RiskCategory.MONEY, RiskCategory.PUBLISH,
                    RiskCategory.SEND, RiskCategory.SHARE)) {
                assertThat(document.categories().of(category))
                        .as(category.wireName())
                        .containsOnlyKeys("en", "pt", "es", "fr", "de", "zh", "ja", "ko")
                        .allSatisfy((language, words) -> assertThat(words).isNotEmpty());
            }
        }

        @Test
        void itsDigestIsSha256Hex() {
            assertThat(RiskPolicy.defaults().digest().value()).matches("[0-9a-f]{64}");
        }
    }

    @Nested
    class Digest {

        @Test
        void reformattingAndReorderingMembersKeepTheDigest() throws Exception {
            String compact = write(defaultTree());
            String pretty = Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(defaultTree());
            String reordered = write(reversed(defaultTree()));
            String escaped = DEFAULT_JSON.replace("\"delete\"", "\"\\u0064elete\"");
            PolicyDigest digest = RiskPolicy.defaults().digest();
            assertThat(List.of(compact, pretty, reordered, escaped))
                    .allSatisfy(json -> assertThat(RiskPolicy.parse(json).digest()).isEqualTo(digest));
        }

        @Test
        void addingAWordChangesTheDigestAndTheDecision() throws Exception {
            ObjectNode tree = defaultTree();
            ((ArrayNode) tree.with("categories").with("delete").get("en")).add("obliterate");
            RiskPolicy edited = RiskPolicy.parse(write(tree));
            assertThat(edited.digest()).isNotEqualTo(RiskPolicy.defaults().digest());

            ActionFacts obliterate = ActionFacts.of(Operation.CLICK, "Obliterate", null, null, false);
            assertThat(RiskPolicy.defaults().decide(obliterate)).isInstanceOf(PolicyDecision.NotRequired.class);
            assertThat(edited.decide(obliterate)).isInstanceOf(PolicyDecision.Required.class);
        }

        @Test
        void changingAKeyRuleChangesTheDigestSoOutstandingGrantsNoLongerMatch() throws Exception {
            ObjectNode tree = defaultTree();
            ((ArrayNode) tree.with("keys").get("navigation")).add("space");
            RiskPolicy edited = RiskPolicy.parse(write(tree));
            ActionFacts send = ActionFacts.of(Operation.CLICK, "Send", null, null, false);
            assertThat(edited.requirement(send).policyDigest())
                    .isNotEqualTo(RiskPolicy.defaults().requirement(send).policyDigest());
        }
    }

    @Nested
    class Refusals {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "unknown top-level field     | versoin",
            "unknown category            | categories.erase",
            "unknown key rule            | keys.modifiers",
        })
        void unknownFieldsAreRefusedNamingThePath(String why, String path) throws Exception {
            ObjectNode tree = defaultTree();
            String[] parts = path.split("\\.");
            ObjectNode parent = tree;
            for (int i = 0; i < parts.length - 1; i++) {
                parent = (ObjectNode) parent.get(parts[i]);
            }
            parent.putArray(parts[parts.length - 1]);
            assertRefusedOn(write(tree), path);
        }

        @Test
        void aMissingVersionIsRefused() throws Exception {
            ObjectNode tree = defaultTree();
            tree.remove("version");
            assertRefusedOn(write(tree), "version");
        }

        @ParameterizedTest(name = "version {0} is refused")
        @CsvSource({"2", "0", "'\"1\"'", "1.5", "true", "null"})
        void versionsOtherThanTheIntegerOneAreRefused(String version) {
            assertRefusedOn(DEFAULT_JSON.replaceFirst("\"version\": 1", "\"version\": " + version), "version");
        }

        @Test
        void aMissingCategoryIsRefusedRatherThanSilentlyDropped() throws Exception {
            ObjectNode tree = defaultTree();
            tree.with("categories").remove("share");
            assertRefusedOn(write(tree), "categories.share");
        }

        @Test
        void anEmptyCategoryIsHowAPersonDisablesIt() throws Exception {
            ObjectNode tree = defaultTree();
            tree.with("categories").putObject("share");
            RiskPolicy edited = RiskPolicy.parse(write(tree));
            assertThat(edited.decide(ActionFacts.of(Operation.CLICK, "Share", null, null, false)))
                    .isInstanceOf(PolicyDecision.NotRequired.class);
        }

        @Test
        void aWordWithoutLettersIsRefused() throws Exception {
            ObjectNode tree = defaultTree();
            ((ArrayNode) tree.with("categories").with("send").get("en")).add(" — ");
            assertRefusedOn(write(tree), "categories.send.en");
        }

        @Test
        void aNumberIsNotAWord() {
            assertRefusedOn(DEFAULT_JSON.replace("\"send\", \"submit\"", "7, \"submit\""), "categories.send.en");
        }

        @Test
        void aLanguageTagMustLookLikeOne() throws Exception {
            ObjectNode tree = defaultTree();
            tree.with("categories").with("money").putArray("English").add("pay");
            assertRefusedOn(write(tree), "categories.money");
        }

        @Test
        void aNavigationChordOutsideTheGrammarIsRefused() throws Exception {
            ObjectNode tree = defaultTree();
            ((ArrayNode) tree.with("keys").get("navigation")).add("shift+Tabb");
            assertRefusedOn(write(tree), "keys.navigation");
        }

        @Test
        void submitAndEraseListBareKeys() throws Exception {
            ObjectNode tree = defaultTree();
            ((ArrayNode) tree.with("keys").get("submit")).add("ctrl+Return");
            assertRefusedOn(write(tree), "keys.submit");
        }

        @Test
        void aMemberGivenTwiceIsRefused() {
            assertRefusedOn(DEFAULT_JSON.replaceFirst("\"version\": 1,", "\"version\": 1, \"version\": 1,"), "version");
        }

        @Test
        void textThatIsNotJsonIsRefused() {
            assertRefusedOn("version: 1", "policy");
            assertRefusedOn("", "policy");
        }
    }
}
