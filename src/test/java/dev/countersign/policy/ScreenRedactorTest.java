package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import org.junit.jupiter.api.Test;

/** The pure redactor behind observations: tokens and credentials on screen never leave. */
class ScreenRedactorTest {
    static final String TOKEN = "cs_" + "A".repeat(43);

    @Test
    void countersignTokensAreAlwaysRedactedAndCounted() {
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        String out = ScreenRedactor.TOKENS_ONLY.redact("token " + TOKEN + " and " + TOKEN, tally);
        assertThat(out).isEqualTo("token [redacted:countersign_token] and [redacted:countersign_token]");
        assertThat(tally.count()).isEqualTo(2);
    }

    @Test
    void theDefaultPolicyNamesCommonCredentialShapes() {
        ScreenRedactor redactor = RiskPolicy.defaults().redactor();
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        String out = redactor.redact("ghp_" + "a".repeat(36) + " AKIAABCDEFGHIJKLMNOP sk-ant-" + "b".repeat(30), tally);
        assertThat(out).doesNotContain("ghp_a", "AKIAABCD", "sk-ant").contains("[redacted:github_token]");
        assertThat(tally.count()).isEqualTo(3);
        assertThat(redactor.redact(null, tally)).isNull();
    }

    @Test
    void aFieldsTokenSplitBySpacesOrPunctuationIsRedactedAsOneStretch() {
        ScreenRedactor redactor = RiskPolicy.defaults().redactor();
        String token = "ghp_" + "Ab1".repeat(12);
        String split = "key: " + token.substring(0, 8) + " " + token.substring(8, 20) + ".\n" + token.substring(20)
                ;
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();

        String out = redactor.redactField(split, tally);

        assertThat(out).isEqualTo("key: [redacted:github_token]");
        assertThat(tally.count()).isEqualTo(1);
        assertThat(redactor.shapeIn(split, true)).contains("github_token");
        assertThat(redactor.shapeIn(split, false)).isEmpty();
    }

    @Test
    void aFieldWithoutACredentialIsLeftAsItIs() {
        ScreenRedactor redactor = RiskPolicy.defaults().redactor();
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        String text = "Meeting notes: ship the build, then review. cs_ is a prefix.";
        assertThat(redactor.redactField(text, tally)).isEqualTo(text);
        assertThat(tally.count()).isZero();
        assertThat(redactor.redactField(TOKEN, tally)).isEqualTo("[redacted:countersign_token]");
    }

    @Test
    void aCredentialPatternThatMatchesNothingOrIsBrokenIsRefused() {
        String base = new String(RiskPolicy.defaultPolicyJson(), java.nio.charset.StandardCharsets.UTF_8);
        String broken = base.replace("\"AKIA[0-9A-Z]{16}\"", "\"AKIA[\"");
        assertThatThrownBy(() -> RiskPolicy.parse(broken)).isInstanceOf(CountersignException.class)
                .hasMessageContaining("credentials.aws_access_key");
        String empty = base.replace("\"AKIA[0-9A-Z]{16}\"", "\"x*\"");
        assertThatThrownBy(() -> RiskPolicy.parse(empty)).isInstanceOf(CountersignException.class)
                .hasMessageContaining("empty string");
    }

    @Test
    void aTextSkipsAShapeOnlyWhenItLacksTheLiteralEveryMatchStartsWith() {
        assertThat(ScreenRedactor.literalPrefix("cs_[A-Za-z0-9_-]{43}")).isEqualTo("cs_");
        assertThat(ScreenRedactor.literalPrefix("-----BEGIN [A-Z ]*PRIVATE KEY-----")).isEqualTo("-----BEGIN ");
        assertThat(ScreenRedactor.literalPrefix("tok+en")).as("the quantified k is optional to the run").isEqualTo("to");
        assertThat(ScreenRedactor.literalPrefix("ab?c")).isEqualTo("a");
        assertThat(ScreenRedactor.literalPrefix("key|pass")).as("an alternative need not start with key").isEmpty();
        assertThat(ScreenRedactor.literalPrefix("(?i)secret")).isEmpty();
        assertThat(ScreenRedactor.literalPrefix("\\d{4}")).isEmpty();

        ScreenRedactor redactor = ScreenRedactor.of(java.util.Map.of("pin", "pin=\\d+", "either", "abc|xyz",
                "folded", "(?i)hunter2"));
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        assertThat(redactor.redact("pin=1234 xyz HUNTER2", tally))
                .isEqualTo("[redacted:pin] [redacted:either] [redacted:folded]");
        assertThat(redactor.redact("PIN=1234", tally)).isEqualTo("PIN=1234");
        assertThat(tally.count()).isEqualTo(3);
    }
}
