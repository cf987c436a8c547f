package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A key that reaches an unknown element of its window (an app that never says which element has
 * focus: GTK 2 with gail, Qt's item views) is judged by the window alone: Tab, Shift+Tab and Escape
 * pass; arrows pass only in a window read whole with no control whose value they change; every other
 * key asks naming why, and is refused where the window holds a secure field.
 */
class UnknownFocusKeysTest {
    private static final RiskPolicy POLICY = RiskPolicy.defaults();
    private static final ActionFacts.UnknownFocus TREE = new ActionFacts.UnknownFocus(
            List.of("filler", "tree", "table cell", "text"), true, false);
    private static final ActionFacts.UnknownFocus WITH_SLIDER = new ActionFacts.UnknownFocus(
            List.of("frame", "tree", "slider"), true, false);
    private static final ActionFacts.UnknownFocus CUT_SHORT = new ActionFacts.UnknownFocus(
            List.of("frame", "tree"), false, false);
    private static final ActionFacts.UnknownFocus LOGIN = new ActionFacts.UnknownFocus(
            List.of("filler", "tree", "password text"), true, true);

    /** A key on a target of {@code role}, landing on an unknown element of {@code window}. */
    private static PolicyDecision key(String keys, String role, String name, ActionFacts.UnknownFocus window) {
        return POLICY.decide(ActionFacts.key(keys, role, name, null, null, false)
                .landing(Set.of(), new ActionFacts.Landing(null, List.of()).withUnknownFocus(window)));
    }

    private static PolicyDecision.Required asked(PolicyDecision decision) {
        assertThat(decision).isInstanceOf(PolicyDecision.Required.class);
        return (PolicyDecision.Required) decision;
    }

    @Nested
    class KeysThatOnlyMoveFocus {
        @ParameterizedTest(name = "{0} passes wherever it lands")
        @ValueSource(strings = {"Tab", "shift+Tab", "Escape"})
        void tabShiftTabAndEscapePassEvenBesideSlidersSecureFieldsAndUnreadParts(String keys) {
            for (ActionFacts.UnknownFocus window : List.of(TREE, WITH_SLIDER, CUT_SHORT, LOGIN)) {
                assertThat(key(keys, "tree", "Planets", window)).as("%s in %s", keys, window)
                        .isInstanceOf(PolicyDecision.NotRequired.class);
            }
        }

        @ParameterizedTest(name = "{0} passes in a window without value controls")
        @ValueSource(strings = {"Up", "Down", "Home", "Page_Down"})
        void arrowsPassInAWholeWindowWithoutAControlWhoseValueTheyChange(String keys) {
            assertThat(key(keys, "tree", "Planets", TREE)).isInstanceOf(PolicyDecision.NotRequired.class);
            // An arrow changes no secret: a password field beside the list does not make Down ask.
            assertThat(key(keys, "tree", "Planets", LOGIN)).isInstanceOf(PolicyDecision.NotRequired.class);
        }

        @Test
        void anArrowAsksAsValueWhereASliderCouldHaveFocusOrPartOfTheWindowWasNotRead() {
            PolicyDecision.Required slider = asked(key("Down", "tree", "Planets", WITH_SLIDER));
            assertThat(slider.category()).isEqualTo(RiskCategory.VALUE);
            assertThat(slider.matchedWords()).containsExactly("Down", RiskPolicy.FOCUS_UNREPORTED);
            assertThat(asked(key("Down", "tree", "Planets", CUT_SHORT)).category()).isEqualTo(RiskCategory.VALUE);
        }
    }

    @Nested
    class KeysThatCouldChangeAValue {
        @Test
        void returnAsksAsSendNamingThatFocusIsNotReportedEvenOnAnEditableTarget() {
            PolicyDecision.Required asked = asked(POLICY.decide(ActionFacts.key("Return", "text", "Note", null, null,
                    false).landing(Set.of("editable", "multi_line"),
                    new ActionFacts.Landing(null, List.of()).withUnknownFocus(TREE))));
            // The same key known to land in that multi-line text adds a line and asks nobody.
            assertThat(POLICY.decide(ActionFacts.key("Return", "text", "Note", null, null, false)
                    .landing(Set.of("editable", "multi_line"), new ActionFacts.Landing(null, List.of()))))
                    .isInstanceOf(PolicyDecision.NotRequired.class);
            assertThat(asked.category()).isEqualTo(RiskCategory.SEND);
            assertThat(asked.matchedWords()).containsExactly("Return", RiskPolicy.FOCUS_UNREPORTED);
        }

        @ParameterizedTest(name = "{0} asks")
        @ValueSource(strings = {"a", "space", "ctrl+v", "F2", "ctrl+s"})
        void printableKeysTheSpaceBarAndChordsAskAsUnknownTarget(String keys) {
            PolicyDecision.Required asked = asked(key(keys, "tree", "Planets", TREE));
            assertThat(asked.category()).isEqualTo(RiskCategory.UNKNOWN_TARGET);
            assertThat(asked.matchedWords()).contains(RiskPolicy.FOCUS_UNREPORTED);
        }

        @ParameterizedTest(name = "{0} asks as delete")
        @ValueSource(strings = {"Delete", "BackSpace"})
        void eraseKeysAskAsDelete(String keys) {
            assertThat(asked(key(keys, "tree", "Planets", TREE)).category()).isEqualTo(RiskCategory.DELETE);
        }
    }

    @Nested
    class SecureFieldInTheWindow {
        @ParameterizedTest(name = "{0} is refused")
        @ValueSource(strings = {"a", "space", "ctrl+v", "BackSpace", "Return", "shift+Insert"})
        void aKeyThatCouldTypeOrEditIsRefusedWhereTheWindowHoldsASecureField(String keys) {
            PolicyDecision decision = key(keys, "tree", "Planets", LOGIN);
            assertThat(decision).isInstanceOfSatisfying(PolicyDecision.Refused.class, refused -> {
                assertThat(refused.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
                assertThat(refused.error().message()).contains("does not say which element has focus");
            });
        }
    }

    @Nested
    class TheLiveWindowAgainstTheJudgedOne {
        @Test
        void aSecureFieldOrSliderThatAppearedOrAnUnreadPartIsRiskierThanWhatWasJudged() {
            assertThat(TREE.within(TREE)).isTrue();
            assertThat(LOGIN.within(TREE)).as("a secure field appeared").isFalse();
            assertThat(WITH_SLIDER.within(TREE)).as("a slider appeared").isFalse();
            assertThat(CUT_SHORT.within(TREE)).as("the live read was cut short").isFalse();
            assertThat(TREE.within(LOGIN)).as("a secure field went away").isTrue();
            assertThat(WITH_SLIDER.within(CUT_SHORT)).as("judged unread, arrows asked already").isTrue();
            assertThat(TREE.within(null)).isFalse();
        }
    }
}
