package dev.countersign.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Known-answer vectors. The SHA-256 values were computed independently with {@code sha256sum} over
 * the canonical bytes; the canonicalization vector is the example of RFC 8785, section 3.2.2.
 */
class DigestsTest {

    @ParameterizedTest(name = "sha256(\"{0}\")")
    @CsvSource({
        "'', e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "abc, ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "{}, 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
    })
    void sha256MatchesKnownAnswers(String input, String expected) {
        assertThat(Digests.sha256Hex(input.getBytes(StandardCharsets.UTF_8))).isEqualTo(expected);
    }

    @Test
    void canonicalizationMatchesRfc8785Example() {
        String input = "{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n"
                + "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
                + "  \"literals\": [null, true, false]\n}";
        assertThat(Digests.canonicalize(input)).isEqualTo(
                "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                        + "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
        assertThat(Digests.digestJson(input))
                .isEqualTo("2d5e01a318d0f0879ab568c4be289c8b1f64ef8921a53c6277d5e069978baacb");
    }

    @Test
    void membersAreSortedByUtf16CodeUnits() {
        assertThat(Digests.canonicalize("{\"\\u20ac\":\"euro\",\"a\":\"\\u00e9\"}"))
                .isEqualTo("{\"a\":\"\u00e9\",\"\u20ac\":\"euro\"}");
        assertThat(Digests.digestJson("{\"\\u20ac\":\"euro\",\"a\":\"\\u00e9\"}"))
                .isEqualTo("72269008c9b474a6b53a3d351cae58ab8c494c84f83922197a289a400e34609d");
    }

    @Test
    void valueDigestDoesNotDependOnMemberOrderOrWhitespace() {
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", List.of(true, "x"));
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", List.of(true, "x"));
        ba.put("a", 1);
        assertThat(Digests.digest(ab)).isEqualTo(Digests.digest(ba))
                .isEqualTo(Digests.digestJson("{ \"b\" : [ true , \"x\" ] , \"a\" : 1 }"))
                .matches("[0-9a-f]{64}");
    }

    @Test
    void aRecordDigestsAsItsWireJson() {
        Rect rect = new Rect(1, 2, 3, 4);
        // {"height":4,"width":3,"x":1,"y":2} canonical, hashed by sha256sum.
        assertThat(Digests.canonicalJson(rect)).isEqualTo("{\"height\":4,\"width\":3,\"x\":1,\"y\":2}");
        assertThat(Digests.digest(rect)).isEqualTo(Digests.sha256Hex(
                "{\"height\":4,\"width\":3,\"x\":1,\"y\":2}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void notJsonIsRefused() {
        assertThatThrownBy(() -> Digests.canonicalize("{\"a\":")).isInstanceOf(IllegalArgumentException.class);
    }

    /** A value with every kind the direct writer handles, and the corners where JCS differs from plain JSON. */
    record Sample(String text, int small, long big, double real, float single, java.math.BigDecimal decimal,
            java.math.BigInteger huge, boolean flag, Object nothing, byte[] bytes, List<Object> list,
            Map<String, Object> map) {
    }

    @Test
    void canonicalJsonOfAValueIsTheCanonicalFormOfItsJsonText() throws Exception {
        java.util.Random random = new java.util.Random(17);
        String alphabet = "aZ09 \"\\/\b\f\n\r\t\u0000\u0001\u001f\u007f\u00e9\u20ac\uE000\uFFFF\uD83D\uDE00\uD800";
        for (int i = 0; i < 2_000; i++) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (int k = random.nextInt(6); k > 0; k--) {
                map.put(text(random, alphabet), random.nextBoolean() ? text(random, alphabet) : random.nextGaussian() * 1e6);
            }
            Sample sample = new Sample(text(random, alphabet), random.nextInt(), random.nextLong(),
                    Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL) * (random.nextBoolean() ? 1 : -1),
                    random.nextFloat() * (float) Math.pow(10, random.nextInt(20) - 10),
                    new java.math.BigDecimal(random.nextGaussian()).movePointLeft(random.nextInt(30) - 15),
                    new java.math.BigInteger(80, random), random.nextBoolean(), null, new byte[] {(byte) i, 1, 2},
                    List.of(random.nextInt(), -0.0, 1e21, 1e-7, 9007199254740993L, text(random, alphabet)), map);
            String viaText = Digests.canonicalize(Json.mapper().writeValueAsString(sample));
            assertThat(Digests.canonicalJson(sample)).as("sample %d", i).isEqualTo(viaText);
        }
    }

    /** Components out of alphabetical order, renamed, some left out when empty: an observation node's shape. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
    record Node(@com.fasterxml.jackson.annotation.JsonProperty("zeta") String zeta,
            @com.fasterxml.jackson.annotation.JsonProperty("a_name") String name,
            @com.fasterxml.jackson.annotation.JsonProperty("frame") int[] frame,
            @com.fasterxml.jackson.annotation.JsonProperty("states") List<String> states,
            @com.fasterxml.jackson.annotation.JsonProperty("parent") Integer parent,
            @com.fasterxml.jackson.annotation.JsonProperty("pid") long pid,
            @com.fasterxml.jackson.annotation.JsonProperty("secure") boolean secure,
            @com.fasterxml.jackson.annotation.JsonProperty("\u20ac") String euro) {
    }

    /** A declared order that is not the canonical one. */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"b", "a"})
    record Ordered(@com.fasterxml.jackson.annotation.JsonProperty("a") int a,
            @com.fasterxml.jackson.annotation.JsonProperty("b") int b) {
    }

    @Test
    void valuesOfTextsAndIntegersDigestAsTheirCanonicalText() throws Exception {
        java.util.Random random = new java.util.Random(29);
        String alphabet = "aZ09 \"\\/\b\f\n\r\t\u0000\u0001\u001f\u007f\u00e9\u20ac\uE000\uFFFF\uD83D\uDE00\uD800";
        for (int i = 0; i < 2_000; i++) {
            List<Object> nodes = new java.util.ArrayList<>();
            for (int n = random.nextInt(5); n > 0; n--) {
                nodes.add(new Node(text(random, alphabet), text(random, alphabet),
                        random.nextBoolean() ? null : new int[] {random.nextInt(), -1, 0, random.nextInt(9)},
                        random.nextBoolean() ? List.of() : List.of(text(random, alphabet), "checked"),
                        random.nextBoolean() ? null : random.nextInt(3),
                        random.nextLong() % (1L << 53), random.nextBoolean(), text(random, alphabet)));
            }
            Map<String, Object> byName = new LinkedHashMap<>();
            for (int k = random.nextInt(6); k > 0; k--) {
                byName.put(text(random, alphabet), random.nextBoolean() ? text(random, alphabet) : random.nextInt());
            }
            Map<Object, Object> value = new LinkedHashMap<>();
            value.put("window", List.of(random.nextInt(), text(random, alphabet)));
            value.put("nodes", nodes);
            value.put("app", byName);
            value.put("nothing", null);
            value.put("ordered", new Ordered(random.nextInt(), random.nextInt()));
            if (random.nextInt(4) == 0) {
                // Keys Jackson sorts as numbers (9 before 10) and JCS as text ("10" before "9").
                value.put("by_number", new java.util.TreeMap<>(Map.of(9, "nine", 10, "ten")));
            }
            if (random.nextInt(4) == 0) {
                value.put("beyond", (1L << 53) + random.nextInt(1000));
            }
            String viaText = Digests.canonicalize(Json.mapper().writeValueAsString(value));
            assertThat(Digests.canonicalJson(value)).as("value %d", i).isEqualTo(viaText);
        }
    }

    @Test
    void aJsonTreeDigestsAsItsCanonicalTextWhateverItsMemberOrder() throws Exception {
        java.util.Random random = new java.util.Random(31);
        String alphabet = "aZ09 \"\\/\b\f\r\n\t\u0000\u001f\u007f\uE000\u00e9\u20ac\uFFFF\uD83D\uDE00\uD800";
        for (int i = 0; i < 2_000; i++) {
            // Members in insertion order, as an audit record's body holds them (seq, at, kind, ...).
            com.fasterxml.jackson.databind.node.ObjectNode tree = Json.mapper().createObjectNode();
            tree.put("seq", random.nextLong() % (1L << 53));
            tree.put("at", text(random, alphabet));
            tree.put(text(random, alphabet), random.nextGaussian() * 1e6);
            tree.putNull("agent_id");
            com.fasterxml.jackson.databind.node.ObjectNode data = tree.putObject("data");
            for (int k = random.nextInt(6); k > 0; k--) {
                data.put(text(random, alphabet), random.nextBoolean() ? text(random, alphabet) : "x");
            }
            data.putArray("list").add(random.nextInt()).add(1e21).add(-0.0).add((1L << 53) + 1).add(true);
            data.put("big", new java.math.BigInteger(80, random));
            if (random.nextInt(4) == 0) {
                // A node kind the tree writer does not know: the text path.
                data.putPOJO("pojo", new Ordered(random.nextInt(), random.nextInt()));
            }
            if (random.nextInt(3) == 0) {
                data.put("decimal", new java.math.BigDecimal(random.nextLong()).movePointLeft(random.nextInt(30)));
                data.put("float", random.nextFloat() * 1e3f);
                data.putObject("empty_object");
                data.putArray("empty_array");
                data.putArray("nested").addArray().addObject().put(text(random, alphabet), (short) random.nextInt());
                data.put("bytes", new byte[] {(byte) random.nextInt(), 0, -1});
            }
            String viaText = Digests.canonicalize(Json.mapper().writeValueAsString(tree));
            String canonical = Digests.canonicalJson(tree);
            assertThat(canonical).as("tree %d", i).isEqualTo(viaText);
            assertThat(canonical).as("tree %d", i).isEqualTo(Digests.canonicalJsonViaTree(tree));
        }
    }

    @Test
    void aJsonTreeHoldingANumberJsonCannotHoldIsRefusedLikeAnyOtherValue() {
        // Jackson would print NaN inside a POJO as the string "NaN"; no path may digest that.
        record Measure(double d) {}
        com.fasterxml.jackson.databind.node.ObjectNode tree = Json.mapper().createObjectNode();
        tree.putPOJO("p", new Measure(Double.NaN));
        assertThatThrownBy(() -> Digests.canonicalJson(tree)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Digests.canonicalJson(Map.of("p", new Measure(Double.NaN))))
                .isInstanceOf(IllegalArgumentException.class);
        tree.put("q", Double.POSITIVE_INFINITY);
        tree.remove("p");
        assertThatThrownBy(() -> Digests.canonicalJson(tree)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theOnePassWriterRefusesWhatItCannotWriteCanonically() {
        assertThatThrownBy(() -> write(new Ordered(1, 2))).isInstanceOf(CanonicalGenerator.NotCanonical.class);
        assertThatThrownBy(() -> write(List.of(1.5))).isInstanceOf(CanonicalGenerator.NotCanonical.class);
        assertThatThrownBy(() -> write(List.of((1L << 53) + 1))).isInstanceOf(CanonicalGenerator.NotCanonical.class);
        assertThatThrownBy(() -> write(new byte[] {1})).isInstanceOf(CanonicalGenerator.NotCanonical.class);
        // Math.abs(Long.MIN_VALUE) is negative: the one integer an abs-based bound would let through.
        assertThatThrownBy(() -> write(List.of(Long.MIN_VALUE))).isInstanceOf(CanonicalGenerator.NotCanonical.class);
        assertThat(Digests.canonicalJson(List.of(Long.MIN_VALUE))).isEqualTo("[-9223372036854776000]")
                .isEqualTo(Digests.canonicalize("[-9223372036854775808]"));
        Map<String, Object> unsorted = new LinkedHashMap<>();
        unsorted.put("b", 1);
        unsorted.put("a", "\u001f");
        assertThat(Digests.canonicalJson(unsorted)).isEqualTo("{\"a\":\"\\u001f\",\"b\":1}");
    }

    /** The one-pass writer over {@code value} as the project's mapper emits it, without sorting. */
    private static String write(Object value) throws java.io.IOException {
        CanonicalGenerator out = new CanonicalGenerator(Json.mapper());
        Json.mapper().writeValue(out, value);
        return out.text();
    }

    private static String text(java.util.Random random, String alphabet) {
        StringBuilder b = new StringBuilder();
        for (int n = random.nextInt(12); n > 0; n--) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    @Test
    void aSurrogateWithoutItsPairDigestsApartFromTheQuestionMarkGetBytesWouldMakeOfIt() {
        // String.getBytes(UTF_8) writes "?" for a lone surrogate: two different texts, one digest.
        assertThat(Digests.sha256Hex("pay \uD800")).isNotEqualTo(Digests.sha256Hex("pay ?"));
        assertThat(Digests.sha256Hex("pay \uDC00")).isNotEqualTo(Digests.sha256Hex("pay \uD800"));
        assertThat(Digests.digest(Map.of("text", "a\uD800"))).isNotEqualTo(Digests.digest(Map.of("text", "a?")));
        assertThat(Digests.digestJson("{\"text\":\"a\uD800\"}")).isNotEqualTo(Digests.digestJson("{\"text\":\"a?\"}"));
        assertThat(Digests.utf8("x\uD800y")).containsExactly('x', 0xED, 0xA0, 0x80, 'y');
    }

    @Test
    void textsOfWholeCharactersDigestTheirUtf8Bytes() {
        for (String text : List.of("", "plain", "caf\u00e9 \u20ac", "\uD83D\uDE00 smile", "\uE000\uFFFF")) {
            assertThat(Digests.utf8(text)).isEqualTo(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertThat(Digests.sha256Hex(text)).isEqualTo(Digests.sha256Hex(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        assertThat(Digests.utf8("\uD83D\uDE00\uD83D")).startsWith(0xF0, 0x9F, 0x98, 0x80).endsWith(0xED, 0xA0, 0xBD);
    }
}
