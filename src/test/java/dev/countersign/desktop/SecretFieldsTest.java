package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which text fields are secure by their label or their mask, besides a password role. */
class SecretFieldsTest {
    @Nested
    class Labels {
        @ParameterizedTest
        @ValueSource(strings = {"Password", "PIN", "Card PIN:", "Passcode", "Client secret", "Enter passphrase",
            "Senha", "Palavra-passe", "Contraseña", "Mot de passe", "Code confidentiel", "Passwort", "Kennwort",
            "Geheimzahl", "密码", "密碼", "パスワード", "暗証番号", "비밀번호", "PINs"})
        void aLabelThatSaysPasswordPinOrSecretInAnyOfTheEightLanguagesIsSecure(String label) {
            assertThat(SecretFields.labelled(label)).isTrue();
        }

        @ParameterizedTest
        @ValueSource(strings = {"User name", "Spin count", "Opinion", "Shipping address", "Secretary", "Search",
            "", "Pinned notes"})
        void aLabelThatOnlyHoldsSuchAWordInsideAnotherIsNot(String label) {
            assertThat(SecretFields.labelled(label)).isFalse();
        }
    }

    @Nested
    class Masks {
        @ParameterizedTest
        @ValueSource(strings = {"\u25CF\u25CF\u25CF\u25CF", "\u2022", "\u2217\u2217\u2217", "****", "**\u2022**"})
        void aTextOfMaskCharactersOnlyIsSecure(String text) {
            assertThat(SecretFields.masked(text)).isTrue();
        }

        @Test
        void aFewAsterisksTextOrNothingIsNot() {
            assertThat(SecretFields.masked("*")).isFalse();
            assertThat(SecretFields.masked("***")).isFalse();
            assertThat(SecretFields.masked("a\u2022\u2022")).isFalse();
            assertThat(SecretFields.masked("")).isFalse();
            assertThat(SecretFields.masked(null)).isFalse();
        }
    }
}
