package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** The key grammar and the key table of docs/policy.md. */
class KeyPolicyTest {
    private static final RiskPolicy POLICY = RiskPolicy.defaults();

    private static PolicyDecision pressOn(String keys, String name) {
        return POLICY.decide(ActionFacts.key(keys, name, null, null, false));
    }

    @Nested
    class Grammar {

        @ParameterizedTest(name = "\"{0}\" is the chord {1}")
        @CsvSource(delimiter = '|', value = {
            "Return             | Return",
            "Tab                | Tab",
            "shift+Tab          | shift+Tab",
            "Shift+tab          | shift+Tab",
            "cmd+shift+t        | shift+cmd+t",
            "ctrl+a             | ctrl+a",
            "Control+Option+a   | ctrl+alt+a",
            "super+l            | cmd+l",
            "Page_Down          | Page_Down",
            "PageDown           | Page_Down",
            "page-up            | Page_Up",
            "esc                | Escape",
            "ArrowLeft          | Left",
            "kp_enter           | KP_Enter",
            "F1                 | F1",
            "f12                | F12",
            "a                  | a",
            "A                  | A",
            "1                  | 1",
            "/                  | /",
            "é                  | é",
            "ctrl++             | ctrl++",
            "+                  | +",
            "space              | space",
            "ctrl+alt+shift+cmd+x | ctrl+alt+shift+cmd+x",
        })
        void validChordsParseToTheirCanonicalForm(String keys, String canonical) {
            assertThat(KeyChord.validate(keys)).isEmpty();
            assertThat(KeyChord.parse(keys).canonical()).isEqualTo(canonical);
        }

        @ParameterizedTest(name = "\"{0}\" is pressed as {1} where cmd is Control")
        @CsvSource(delimiter = '|', value = {
            "cmd+d              | ctrl+d",
            "super+shift+t      | ctrl+shift+t",
            "ctrl+cmd+s         | ctrl+s",
            "alt+cmd+Left       | ctrl+alt+Left",
            "ctrl+a             | ctrl+a",
            "Return             | Return",
        })
        void aChordIsPressedWithCmdAsTheDesktopsCommandModifier(String keys, String pressed) {
            assertThat(KeyChord.parse(keys).withCommandAs("ctrl").canonical()).isEqualTo(pressed);
            assertThat(KeyChord.parse(keys).withCommandAs("cmd")).isEqualTo(KeyChord.parse(keys));
        }

        @ParameterizedTest(name = "\"{0}\" is outside the grammar")
        @NullAndEmptySource
        @ValueSource(strings = {"ctrl+", "+a", "++", "ctrl+++", "ctrl+ctrl+a", "cmd+command+a", "ctrl+foo", "F13",
            "F0", "shift + Tab", "ab", "hyper+a", "Return+ctrl", "a+b", "\u0007", "ctrl+\u00A0", "👍🏽",
            "ctrl+aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
        void invalidChordsAreInvalidArgumentOnKeys(String keys) {
            assertThat(KeyChord.validate(keys)).hasValueSatisfying(error -> {
                assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                assertThat(error.fieldName()).contains("keys");
            });
            assertThatThrownBy(() -> KeyChord.parse(keys)).isInstanceOf(CountersignException.class);
        }

        @Test
        void aChordBuiltInCodeMustAlreadyBeCanonical() {
            assertThat(new KeyChord(List.of("ctrl", "shift"), "Return").canonical()).isEqualTo("ctrl+shift+Return");
            assertThatThrownBy(() -> new KeyChord(List.of("shift", "ctrl"), "a"))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> new KeyChord(List.of(), "return"))
                    .isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void errorMessageNamesTheOffendingPart() {
            assertThat(KeyChord.validate("ctrl+foo")).map(CountersignError::message).hasValueSatisfying(
                    message -> assertThat(message).contains("\"foo\" is not a key"));
            assertThat(KeyChord.validate("hyper+a")).map(CountersignError::message).hasValueSatisfying(
                    message -> assertThat(message).contains("\"hyper\" is not a modifier"));
        }

        @Test
        void aKeyOutsideTheGrammarIsRefusedByThePolicyToo() {
            PolicyDecision decision = pressOn("ctrl+foo", "Editor");
            assertThat(decision).isInstanceOf(PolicyDecision.Refused.class);
            assertThat(((PolicyDecision.Refused) decision).error().fieldName()).contains("keys");
        }
    }

    @Nested
    class KeyTable {

        @ParameterizedTest(name = "navigation \"{0}\" never asks")
        @ValueSource(strings = {"Tab", "shift+Tab", "Up", "Down", "Left", "Right", "Home", "End", "Page_Up",
            "Page_Down", "Escape", "esc", "PageDown", "ArrowUp"})
        void navigationNeverAsks(String keys) {
            assertThat(pressOn(keys, "Message list")).isInstanceOf(PolicyDecision.NotRequired.class);
        }

        @ParameterizedTest(name = "\"{0}\" asks as {1}")
        @CsvSource(delimiter = '|', value = {
            // Submit keys send, with or without modifiers (ctrl+Return sends in most chat apps).
            "Return        | send",
            "Enter         | send",
            "KP_Enter      | send",
            "ctrl+Return   | send",
            "shift+Return  | send",
            // Erase keys delete (Delete removes the selected message in a mail list).
            "BackSpace     | delete",
            "Delete        | delete",
            "cmd+BackSpace | delete",
            // Every other chord is a shortcut whose effect only the focused app knows.
            "ctrl+c        | unknown_target",
            "cmd+shift+t   | unknown_target",
            "alt+F4        | unknown_target",
            "ctrl+Tab      | unknown_target",
            "shift+Up      | unknown_target",
            "shift+Escape  | unknown_target",
            "F5            | unknown_target",
            "Insert        | unknown_target",
            // Plain printable keys and space ask: web apps bind single keys ('#' deletes in a
            // mail web client) and space presses a focused button; text goes through op type.
            "a             | unknown_target",
            "#             | unknown_target",
            "space         | unknown_target",
        })
        void otherChordsAsk(String keys, String category) {
            PolicyDecision decision = pressOn(keys, "Message list");
            assertThat(decision).isInstanceOf(PolicyDecision.Required.class);
            PolicyDecision.Required required = (PolicyDecision.Required) decision;
            assertThat(required.category().wireName()).isEqualTo(category);
            assertThat(required.matchedWords()).containsExactly(KeyChord.parse(keys).canonical());
        }
    }

    @Nested
    class KeysOnALabelledTarget {

        @Test
        void returnOnAFocusedDeleteButtonAsksAsDelete() {
            PolicyDecision decision = pressOn("Return", "Delete");
            assertThat(decision).isEqualTo(new PolicyDecision.Required(RiskCategory.DELETE,
                    List.of("delete", "Return"), POLICY.digest()));
        }

        @Test
        void spaceOnAFocusedSendButtonAsksAsSend() {
            assertThat(((PolicyDecision.Required) pressOn("space", "Send")).category()).isEqualTo(RiskCategory.SEND);
        }

        @Test
        void navigationAwayFromADeleteButtonStillNeverAsks() {
            assertThat(pressOn("Tab", "Delete")).isInstanceOf(PolicyDecision.NotRequired.class);
        }
    }

    /** A terminal runs its line on Return: every key that runs, interrupts or ends it asks the person. */
    @Nested
    class KeysOnATerminal {
        private PolicyDecision pressOnTerminal(String keys) {
            return POLICY.decide(ActionFacts.key(keys, "terminal", "Terminal", null, "", false));
        }

        @ParameterizedTest(name = "{0} asks as run")
        @ValueSource(strings = {"Return", "Enter", "KP_Enter", "shift+Return", "ctrl+Return"})
        void theKeysThatRunTheLineAskAsRun(String keys) {
            assertThat(pressOnTerminal(keys)).isInstanceOfSatisfying(PolicyDecision.Required.class,
                    r -> assertThat(r.category()).isEqualTo(RiskCategory.RUN));
        }

        @ParameterizedTest(name = "{0} asks")
        @ValueSource(strings = {"ctrl+j", "ctrl+m", "ctrl+c", "ctrl+d", "ctrl+z", "ctrl+o"})
        void controlKeysThatRunInterruptOrEndTheShellAsk(String keys) {
            assertThat(pressOnTerminal(keys)).isInstanceOf(PolicyDecision.Required.class);
        }

        @Test
        void typingIntoATerminalAsksNobodyBecauseItRunsNothing() {
            assertThat(POLICY.decide(ActionFacts.of(Operation.TYPE, "Terminal", null, "", false)))
                    .isInstanceOf(PolicyDecision.NotRequired.class);
        }
    }
}
