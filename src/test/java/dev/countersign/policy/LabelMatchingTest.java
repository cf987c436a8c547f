package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The label table of docs/policy.md, row by row: what a click on a control with this accessible
 * name needs under the default policy. "-" means no approval.
 */
class LabelMatchingTest {
    private static final RiskPolicy POLICY = RiskPolicy.defaults();

    private static String categoryOfClickOn(String name) {
        return categoryOf(ActionFacts.of(Operation.CLICK, name, null, null, false));
    }

    private static String categoryOf(ActionFacts facts) {
        PolicyDecision decision = POLICY.decide(facts);
        if (decision instanceof PolicyDecision.Required) {
            return ((PolicyDecision.Required) decision).category().wireName();
        }
        assertThat(decision).isInstanceOf(PolicyDecision.NotRequired.class);
        return "-";
    }

    private static List<String> wordsOfClickOn(String name) {
        PolicyDecision decision = POLICY.decide(ActionFacts.of(Operation.CLICK, name, null, null, false));
        assertThat(decision).isInstanceOf(PolicyDecision.Required.class);
        return ((PolicyDecision.Required) decision).matchedWords();
    }

    @Nested
    class RiskyLabelsAskInEveryListedLanguage {

        @ParameterizedTest(name = "[{0}] \"{1}\" asks as {2}")
        @CsvSource(delimiter = '|', value = {
            "en | Delete                      | delete",
            "en | Delete…                     | delete",
            "en | Remove from list            | delete",
            "en | Move to Trash               | delete",
            "en | Discard draft               | delete",
            "en | Erase disk                  | delete",
            "en | Pay now                     | money",
            "en | Buy                         | money",
            "en | Purchase                    | money",
            "en | Checkout                    | money",
            "en | Check out                   | money",
            "en | Place order                 | money",
            "en | Transfer funds              | money",
            "en | Send                        | send",
            "en | Submit                      | send",
            "en | Reply all                   | send",
            "en | Publish                     | publish",
            "en | Post                        | publish",
            "en | Tweet                       | publish",
            "en | Share publicly              | publish",
            "en | Share                       | share",
            "en | Invite people               | share",
            "pt | Excluir                     | delete",
            "pt | Apagar mensagem             | delete",
            "pt | Mover para a lixeira        | delete",
            "pt | Pagar                       | money",
            "pt | Comprar agora               | money",
            "pt | Finalizar compra            | money",
            "pt | Enviar                      | send",
            "pt | Responder a todos           | send",
            "pt | Publicar                    | publish",
            "pt | Compartilhar                | share",
            "pt | Convidar                    | share",
            "es | Eliminar                    | delete",
            "es | Borrar                      | delete",
            "es | Mover a la papelera         | delete",
            "es | Pagar ahora                 | money",
            "es | Comprar                     | money",
            "es | Enviar                      | send",
            "es | Publicar                    | publish",
            "es | Compartir                   | share",
            "fr | Supprimer                   | delete",
            "fr | Mettre à la corbeille       | delete",
            "fr | Payer                       | money",
            "fr | Acheter                     | money",
            "fr | Passer commande             | money",
            "fr | Envoyer                     | send",
            "fr | Répondre                    | send",
            "fr | Publier                     | publish",
            "fr | Partager                    | share",
            "de | Löschen                     | delete",
            "de | Endgültig löschen           | delete",
            "de | Entfernen                   | delete",
            "de | In den Papierkorb verschieben | delete",
            "de | Bezahlen                    | money",
            "de | Jetzt kaufen                | money",
            "de | Zahlungspflichtig bestellen | money",
            "de | Senden                      | send",
            "de | Absenden                    | send",
            "de | Veröffentlichen             | publish",
            "de | Teilen                      | share",
            "de | Freigeben                   | share",
            "zh | 删除                        | delete",
            "zh | 刪除                        | delete",
            "zh | 永久删除                    | delete",
            "zh | 支付                        | money",
            "zh | 付款                        | money",
            "zh | 立即购买                    | money",
            "zh | 发送                        | send",
            "zh | 提交                        | send",
            "zh | 发布                        | publish",
            "zh | 分享                        | share",
            "ja | 削除                        | delete",
            "ja | 消去                        | delete",
            "ja | ゴミ箱に移動                | delete",
            "ja | 支払う                      | money",
            "ja | 購入する                    | money",
            "ja | 送信                        | send",
            "ja | 返信                        | send",
            "ja | 公開                        | publish",
            "ja | 投稿する                    | publish",
            "ja | 共有                        | share",
            "ko | 삭제                        | delete",
            "ko | 삭제하기                    | delete",
            "ko | 결제하기                    | money",
            "ko | 구매                        | money",
            "ko | 송금                        | money",
            "ko | 보내기                      | send",
            "ko | 전송                        | send",
            "ko | 게시하기                    | publish",
            "ko | 공유                        | share",
        })
        void labelAsksAsItsCategory(String language, String label, String category) {
            assertThat(categoryOfClickOn(label)).as("%s label %s", language, label).isEqualTo(category);
        }
    }

    @Nested
    class NearMissesDoNotAsk {

        @ParameterizedTest(name = "\"{0}\" does not ask")
        @CsvSource(delimiter = '|', value = {
            // Inflected and derived forms are other words; lists hold the forms buttons show.
            "Undelete",
            "Sender",
            "Deleted items",
            "Payment history",
            "Checked out by Ana",
            "Check",
            "Postpone",
            "Publisher",
            "Shared with me",
            "Reorder list",
            "Sending…",
            // Ordinary controls.
            "OK",
            "Cancel",
            "Open",
            "Save",
            "Abbrechen",
            "Annuler",
            "取消",
            "取り消し",
            "확인",
            // PayPal in a human-readable name is one word; only identifiers split camel case.
            "PayPal",
        })
        void labelDoesNotAsk(String label) {
            assertThat(categoryOfClickOn(label)).isEqualTo("-");
        }
    }

    @Nested
    class DeliberateFalsePositives {

        @ParameterizedTest(name = "\"{0}\" asks as {1}")
        @CsvSource(delimiter = '|', value = {
            // With no spaces to split on, a substring errs towards asking; each row is a
            // deliberate false positive that costs one approval, never a missed one.
            "削除済みアイテム | delete",
            "未删除           | delete",
            "내보내기         | send",
            "非公開           | publish",
            "共享文件夹       | share",
            // The same trade in English where a listed word is also a noun.
            "Order history    | money",
        })
        void aListedWordInsideALabelAsksOnceTooOften(String label, String category) {
            assertThat(categoryOfClickOn(label)).isEqualTo(category);
        }
    }

    @Nested
    class Tokens {

        @Test
        void cjkAndLatinInOneLabelAreSeparateTokens() {
            assertThat(categoryOfClickOn("Delete删除")).isEqualTo("delete");
            assertThat(wordsOfClickOn("Delete删除")).containsExactly("delete", "删除");
        }

        @Test
        void aCjkEntryMatchesInsideALongerRun() {
            assertThat(wordsOfClickOn("ファイルを削除しますか")).containsExactly("削除");
        }
    }

    @Nested
    class FoldingMakesFormsEqual {

        @ParameterizedTest(name = "\"{0}\" asks as {1}")
        @CsvSource(delimiter = '|', value = {
            "DELETE     | delete",
            "DeLeTe     | delete",
            "LÖSCHEN    | delete",
            "ＤＥＬＥＴＥ | delete",
            "ｓｅｎｄ   | send",
            "ｺﾞﾐ箱      | delete",
            "ＰＡＹ ＮＯＷ | money",
            "De\u00ADlete | delete",
            "Sup\u200Bprimer | delete",
        })
        void compatibilityFormsCaseAndInvisibleCharactersFold(String label, String category) {
            assertThat(categoryOfClickOn(label)).isEqualTo(category);
        }

        @Test
        void matchedWordsAreReportedFolded() {
            assertThat(wordsOfClickOn("ＤＥＬＥＴＥ")).containsExactly("delete");
            assertThat(wordsOfClickOn("Check Out")).containsExactly("check out");
        }

        @Test
        void foldingDoesNotDependOnTheMachineLocale() {
            Locale saved = Locale.getDefault();
            try {
                // Turkish lower-cases I to dotless ı: SUBMIT would become "submıt" if the locale leaked in.
                Locale.setDefault(Locale.forLanguageTag("tr-TR"));
                assertThat(categoryOfClickOn("SUBMIT")).isEqualTo("send");
            } finally {
                Locale.setDefault(saved);
            }
        }

        @Test
        void sharpSAndFinalSigmaFold() {
            assertThat(LabelText.fold("STRAẞE")).isEqualTo(LabelText.fold("strasse"));
            assertThat(LabelText.fold("ΟΔΟΣ")).isEqualTo(LabelText.fold("οδος"));
            assertThat(LabelText.fold("İ")).isEqualTo("i");
        }
    }

    @Nested
    class SeveralCategories {

        @Test
        void theFirstCategoryInPrecedenceNamesTheApprovalAndEveryWordIsReported() {
            assertThat(categoryOfClickOn("Delete and pay")).isEqualTo("delete");
            assertThat(wordsOfClickOn("Delete and pay")).containsExactly("delete", "pay");
        }

        @Test
        void sendMoneyIsMoneyBeforeSend() {
            assertThat(categoryOfClickOn("Send money")).isEqualTo("money");
            assertThat(wordsOfClickOn("Send money")).containsExactly("send money", "send");
        }

        @Test
        void sharePubliclyIsPublishBeforeShare() {
            assertThat(categoryOfClickOn("Share publicly")).isEqualTo("publish");
            assertThat(wordsOfClickOn("Share publicly")).containsExactly("share publicly", "share");
        }
    }

    @Nested
    class IdentifierAndDescription {

        @ParameterizedTest(name = "identifier \"{0}\" → {1}")
        @CsvSource(delimiter = '|', value = {
            "deleteButton            | delete",
            "btn_send                | send",
            "com.example.share-sheet | share",
            "PayPal                  | money",
            "undeleteButton          | -",
            "okButton                | -",
        })
        void identifiersSplitOnCamelCaseAndPunctuation(String identifier, String category) {
            assertThat(categoryOf(ActionFacts.of(Operation.CLICK, "Go", identifier, null, false)))
                    .isEqualTo(category);
        }

        @Test
        void descriptionIsReadToo() {
            assertThat(categoryOf(ActionFacts.of(Operation.CLICK, "🗑", null, "Delete the selected message", false)))
                    .isEqualTo("delete");
        }
    }
}
