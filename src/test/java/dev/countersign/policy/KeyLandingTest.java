package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A key judged by where it lands (the shipped policy's {@code roles} and {@code keys.editing}): what
 * changes only the text or cell it lands in never asks; a Return that presses a window's default
 * button, a chord the app binds to a menu item and a button pressed by the keyboard are judged as
 * clicks on what they press; what cannot be read asks.
 */
class KeyLandingTest {
    static final RiskPolicy POLICY = RiskPolicy.defaults();
    static final Set<String> MULTI_LINE = Set.of("editable", "multi_line");
    static final Set<String> SINGLE_LINE = Set.of("editable", "single_line");

    static PolicyDecision key(String keys, String role, String name, Set<String> states,
            ActionFacts.Landing landing) {
        return POLICY.decide(ActionFacts.key(keys, role, name, null, null, false).landing(states, landing));
    }

    static ActionFacts.Labels labels(String name) {
        return new ActionFacts.Labels(name, null, null);
    }

    static RiskCategory asked(PolicyDecision decision) {
        assertThat(decision).isInstanceOf(PolicyDecision.Required.class);
        return ((PolicyDecision.Required) decision).category();
    }

    @Nested
    class InsideEditableText {
        @Test
        void returnInAMultiLineTextOrASpreadsheetCellIsANewLineOrACommitAndAsksNobody() {
            assertThat(key("Return", "paragraph", "", MULTI_LINE, null)).isInstanceOf(PolicyDecision.NotRequired.class);
            // A Calc cell: role "table cell", states editable and multi_line.
            assertThat(key("Return", "table cell", "C2", MULTI_LINE, null))
                    .isInstanceOf(PolicyDecision.NotRequired.class);
            // The cell a formula is being typed into: Calc reports it multi-line but not editable.
            assertThat(key("Return", "table cell", "E3", Set.of("multi_line", "focused"), null))
                    .isInstanceOf(PolicyDecision.NotRequired.class);
            // A read-only multi-line text that is no cell is not known to take a new line.
            assertThat(asked(key("Return", "text", "Log", Set.of("multi_line"), null))).isEqualTo(RiskCategory.SEND);
        }

        @ParameterizedTest(name = "{0} in a mail body asks as send")
        @ValueSource(strings = {"ctrl+Return", "cmd+Return", "alt+Return", "shift+ctrl+Return"})
        void aModifiedReturnInAMultiLineTextStillAsksAsSend(String keys) {
            // ctrl+Return sends the message being written: the new-line rule is for the plain key only.
            assertThat(asked(key(keys, "entry", "Message body", MULTI_LINE, null))).isEqualTo(RiskCategory.SEND);
        }

        @ParameterizedTest(name = "{0} inside a text asks nobody")
        @ValueSource(strings = {"BackSpace", "Delete", "ctrl+BackSpace", "space", "ctrl+a", "ctrl+z", "ctrl+shift+z",
                "ctrl+v", "shift+Left", "ctrl+shift+End", "cmd+a"})
        void erasingSelectingAndUndoingInsideATextAskNobody(String keys) {
            assertThat(key(keys, "entry", "Search", SINGLE_LINE, null)).isInstanceOf(PolicyDecision.NotRequired.class);
        }

        @ParameterizedTest(name = "{0} on a {1} that takes no text asks as delete")
        @CsvSource({"Delete, list item", "BackSpace, table row", "Delete, tree item", "shift+Delete, table cell"})
        void erasingOnAListItemARowOrAMessageDeletesItAndAsks(String keys, String role) {
            assertThat(asked(key(keys, role, "invoice.pdf", Set.of("selectable"), null)))
                    .isEqualTo(RiskCategory.DELETE);
        }

        @Test
        void aTextWhoseLabelNamesARiskStillAsksForEveryKeyButNavigation() {
            assertThat(asked(key("BackSpace", "entry", "Delete account", SINGLE_LINE, null)))
                    .isEqualTo(RiskCategory.DELETE);
            assertThat(asked(key("Return", "entry", "Send message", MULTI_LINE, null))).isEqualTo(RiskCategory.SEND);
        }

        @Test
        void statesNotKnownAskAsBefore() {
            assertThat(asked(key("Return", "paragraph", "", Set.of(), null))).isEqualTo(RiskCategory.SEND);
            assertThat(asked(key("BackSpace", "entry", "Search", Set.of(), null))).isEqualTo(RiskCategory.DELETE);
            assertThat(asked(key("ctrl+a", "entry", "Search", Set.of(), null))).isEqualTo(RiskCategory.UNKNOWN_TARGET);
        }
    }

    @Nested
    class ReturnInASingleLineField {
        @Test
        void pressesTheDefaultButtonAndIsJudgedAsAClickOnIt() {
            assertThat(key("Return", "text", "File name", SINGLE_LINE,
                    new ActionFacts.Landing(null, List.of(labels("OK"))))).isInstanceOf(PolicyDecision.NotRequired.class);
            PolicyDecision delete = key("Return", "text", "File name", SINGLE_LINE,
                    new ActionFacts.Landing(null, List.of(labels("Delete"))));
            assertThat(asked(delete)).isEqualTo(RiskCategory.DELETE);
            assertThat(((PolicyDecision.Required) delete).matchedWords()).containsExactly("delete", "Return");
        }

        @Test
        void aDefaultButtonWithoutALabelIsPressedBlind() {
            assertThat(asked(key("Return", "text", "Name", SINGLE_LINE,
                    new ActionFacts.Landing(null, List.of(labels("")))))).isEqualTo(RiskCategory.UNKNOWN_TARGET);
        }

        @Test
        void noDefaultButtonOrNoneKnownLeavesTheReturnToTheAppAndAsks() {
            assertThat(asked(key("Return", "entry", "Address and search bar", SINGLE_LINE,
                    new ActionFacts.Landing(null, List.of())))).isEqualTo(RiskCategory.SEND);
            assertThat(asked(key("Return", "entry", "Address and search bar", SINGLE_LINE, null)))
                    .isEqualTo(RiskCategory.SEND);
        }

        @Test
        void aFieldTheAppKeepsInsideTheDocumentTakesReturnUnaskedOnlyForThatAppAndPlace() {
            List<String> nameBox = List.of("Formula Tool Bar", "Untitled 1 - LibreOffice Calc");
            assertThat(key("Return", "text", "", SINGLE_LINE, new ActionFacts.Landing(null, List.of(), "soffice",
                    nameBox))).isInstanceOf(PolicyDecision.NotRequired.class);
            // Another app claiming the names, LibreOffice's other fields, an app not known: the Return asks.
            assertThat(asked(key("Return", "text", "", SINGLE_LINE, new ActionFacts.Landing(null, List.of(),
                    "chromium", nameBox)))).isEqualTo(RiskCategory.SEND);
            assertThat(asked(key("Return", "text", "", SINGLE_LINE, new ActionFacts.Landing(null, List.of(),
                    "soffice", List.of("Find", "Untitled 1 - LibreOffice Calc"))))).isEqualTo(RiskCategory.SEND);
            assertThat(asked(key("Return", "text", "", SINGLE_LINE, new ActionFacts.Landing(null, List.of(), null,
                    nameBox)))).isEqualTo(RiskCategory.SEND);
            // Only a plain Return: ctrl+Return there is judged as any other chord.
            assertThat(key("ctrl+Return", "text", "", SINGLE_LINE, new ActionFacts.Landing(null, List.of(),
                    "soffice", nameBox))).isInstanceOf(PolicyDecision.Required.class);
        }

        @Test
        void aRiskyButtonAmongSeveralDefaultsAsks() {
            assertThat(asked(key("Return", "text", "Name", SINGLE_LINE,
                    new ActionFacts.Landing(null, List.of(labels("OK"), labels("Pay now"))))))
                    .isEqualTo(RiskCategory.MONEY);
        }
    }

    @Nested
    class Shortcuts {
        @ParameterizedTest(name = "{0} bound to ‘{1}’ asks: {2}")
        @CsvSource({
            "ctrl+s, Save, ",
            "ctrl+shift+b, Subscript, ",
            "ctrl+Return, Send, send",
            "ctrl+d, Delete Rows, delete",
            "ctrl+e, '', unknown_target",
        })
        void aChordBoundToAMenuItemIsJudgedAsAClickOnThatItem(String keys, String item, String category) {
            PolicyDecision decision = key(keys, "document text", "", Set.of(),
                    new ActionFacts.Landing(labels(item), null));
            if (category == null) {
                assertThat(decision).isInstanceOf(PolicyDecision.NotRequired.class);
            } else {
                assertThat(asked(decision).wireName()).isEqualTo(category);
            }
        }

        @Test
        void aChordNoMenuItemIsBoundToAsks() {
            assertThat(asked(key("ctrl+s", "document text", "", Set.of(), ActionFacts.Landing.UNKNOWN)))
                    .isEqualTo(RiskCategory.UNKNOWN_TARGET);
            assertThat(asked(key("F10", "frame", "Writer", Set.of(), null))).isEqualTo(RiskCategory.UNKNOWN_TARGET);
        }

        @Test
        void theTargetsOwnRiskyLabelWinsOverAHarmlessBoundItem() {
            assertThat(asked(key("ctrl+s", "push button", "Delete all", Set.of(),
                    new ActionFacts.Landing(labels("Save"), null)))).isEqualTo(RiskCategory.DELETE);
        }
    }

    @Nested
    class ButtonsPressedByTheKeyboard {
        @ParameterizedTest(name = "{0} on a {1} ‘{2}’ asks: {3}")
        @CsvSource({
            "space, radio button, All, ",
            "space, check box, Show hidden files, ",
            "Return, push button, Apply, ",
            "space, push button, Delete, delete",
            "Return, push button, Install, install",
            "space, radio button, '', unknown_target",
            "Return, link, Privacy and security, ",
        })
        void returnOrSpaceOnAButtonIsAClickOnIt(String keys, String role, String name, String category) {
            PolicyDecision decision = key(keys, role, name, Set.of("focusable"), null);
            if (category == null) {
                assertThat(decision).isInstanceOf(PolicyDecision.NotRequired.class);
            } else {
                assertThat(asked(decision).wireName()).isEqualTo(category);
            }
        }
    }

    @Nested
    class Terminals {
        @Test
        void returnRunsTheCommandLineAndAsksAsRunEvenThoughTheTerminalIsEditable() {
            assertThat(asked(key("Return", "terminal", "Terminal", MULTI_LINE, null))).isEqualTo(RiskCategory.RUN);
        }

        @ParameterizedTest(name = "{0} in a terminal asks")
        @ValueSource(strings = {"BackSpace", "ctrl+c", "ctrl+d", "ctrl+z", "space"})
        void keysGoToTheProgramInATerminalSoTheTextRulesDoNotApply(String keys) {
            assertThat(key(keys, "terminal", "Terminal", MULTI_LINE, null)).isInstanceOf(PolicyDecision.Required.class);
        }
    }

    @Nested
    class ValueControlsSetByTypeOrScroll {
        @ParameterizedTest(name = "{0} on a {1} asks: {2}")
        @CsvSource({
            "TYPE, spin button, true",
            "TYPE, slider, true",
            "SCROLL, slider, true",
            "SCROLL, combo box, true",
            "TYPE, AXIncrementor, true",
            "SCROLL, scroll bar, false",
            "SCROLL, scroll pane, false",
            "TYPE, text, false",
            "TYPE, , false",
        })
        void aWheelOrTextOnAValueControlSetsItsValueAndAsks(Operation operation, String role, boolean asks) {
            PolicyDecision decision = POLICY.decide(ActionFacts.of(operation, role, "Volume", null, null, false));
            if (asks) {
                assertThat(asked(decision)).isEqualTo(RiskCategory.VALUE);
            } else {
                assertThat(decision).isInstanceOf(PolicyDecision.NotRequired.class);
            }
        }

        @Test
        void anArrowOnASliderAsksAsAValueChange() {
            assertThat(asked(key("Left", "slider", "Volume", Set.of(), null))).isEqualTo(RiskCategory.VALUE);
        }
    }

    @Nested
    class WithoutRoles {
        @Test
        void aPolicyFileWithoutRolesOrEditingJudgesNoKeyByItsLandingAndAsksAsBefore() {
            String shipped = new String(RiskPolicy.defaultPolicyJson(), StandardCharsets.UTF_8);
            int start = shipped.indexOf("\"roles\"");
            int end = shipped.indexOf("\"credentials\"");
            String withoutRoles = shipped.substring(0, start) + shipped.substring(end);
            String bare = withoutRoles.replaceAll("(?s),\\s*\"editing\": \\[[^]]*]", "");
            RiskPolicy old = RiskPolicy.parse(bare);
            assertThat(old.document().roles().pressable()).isEmpty();
            assertThat(old.decide(ActionFacts.key("space", "radio button", "All", null, null, false)))
                    .isInstanceOf(PolicyDecision.Required.class);
            assertThat(old.decide(ActionFacts.key("ctrl+a", "entry", "Search", null, null, false)
                    .landing(SINGLE_LINE, null))).isInstanceOf(PolicyDecision.Required.class);
            // What needs no role still holds: a new line in a multi-line text.
            assertThat(old.decide(ActionFacts.key("Return", "paragraph", "", null, null, false)
                    .landing(MULTI_LINE, null))).isInstanceOf(PolicyDecision.NotRequired.class);
        }
    }
}
