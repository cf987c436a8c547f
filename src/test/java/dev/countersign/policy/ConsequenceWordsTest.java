package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The buttons that give consent, install, run a program, change how an account is protected or throw
 * changes away ask, each in its own
 * category, in the languages the shipped policy lists; a click on "Confirm" gives consent, it
 * publishes nothing; "Merge" publishes a branch, "Merge Cells" changes a sheet.
 */
class ConsequenceWordsTest {
    static final RiskPolicy POLICY = RiskPolicy.defaults();

    @ParameterizedTest(name = "‘{0}’ asks as {1}")
    @CsvSource({
        "Allow, consent",
        "Always allow, consent",
        "Accept all, consent",
        "Authorize GitHub App, consent",
        "Trust, consent",
        "I agree, consent",
        "Confirm, consent",
        "Permitir, consent",
        "Zulassen, consent",
        "允许, consent",
        "Install, install",
        "Add extension, install",
        "Add to Chrome, install",
        "Add, install",
        "Installieren, install",
        "Hinzufügen, install",
        "追加, install",
        "インストール, install",
        "Run, run",
        "Run anyway, run",
        "Open anyway, run",
        "Enable Macros, run",
        "Ejecutar, run",
        "Don't Save, discard",
        "Close without Saving, discard",
        "Replace, discard",
        "Overwrite, discard",
        "Nicht speichern, discard",
        "保存しない, discard",
        "Merge, publish",
        "Merge pull request, publish",
        "Squash and merge, publish",
        "Uninstall, delete",
        "Discard, delete",
        "Update recovery email, security",
        "Turn on 2-Step Verification, security",
        "Reset password, security",
        "Set forwarding address, security",
        "Passwort ändern, security",
        "복구 이메일, security",
    })
    void consequentialButtonsAskInTheirOwnCategory(String label, String category) {
        PolicyDecision decision = POLICY.decide(ActionFacts.of(Operation.CLICK, label, null, null, false));
        assertThat(decision).isInstanceOfSatisfying(PolicyDecision.Required.class,
                r -> assertThat(r.category().wireName()).isEqualTo(category));
    }

    @org.junit.jupiter.api.Test
    void aPolicyFileWrittenBeforeTheSecurityCategoryStillLoadsAndAsksWhatItAskedBefore() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(RiskPolicy.defaultPolicyJson());
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("categories")).remove("security");
        RiskPolicy older = RiskPolicy.parse(json.writeValueAsBytes(tree));

        assertThat(older.decide(ActionFacts.of(Operation.CLICK, "Update recovery email", null, null, false)))
                .isNotInstanceOf(PolicyDecision.Required.class);
        assertThat(older.decide(ActionFacts.of(Operation.CLICK, "Delete", null, null, false)))
                .isInstanceOf(PolicyDecision.Required.class);
    }

    @ParameterizedTest(name = "‘{0}’ asks nobody")
    @CsvSource({"Save", "OK", "Apply", "Address book", "Runtime", "Allowance report", "Installed apps", "Addresses",
        "Add-ons and Themes", "Add column", "Hinzufügen von Spalten", "Merge Cells", "Merge and Center Cells",
        "Zellen zusammenführen", "合并单元格"})
    void wordsThatOnlyContainThemAskNobody(String label) {
        assertThat(POLICY.decide(ActionFacts.of(Operation.CLICK, label, null, null, false)))
                .isInstanceOf(PolicyDecision.NotRequired.class);
    }
}
