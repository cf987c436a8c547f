package dev.countersign.policy;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Folds label text and splits it into tokens, the one place where "the same word" is defined.
 *
 * <p>Folding approximates Unicode's NFKC_Casefold for the scripts the policy lists: NFKC first, so
 * full-width, half-width and compatibility forms ("ＤＥＬＥＴＥ", "ｺﾞﾐ箱") become their plain
 * letters; then lower case in {@link Locale#ROOT} (never the machine's locale: Turkish dotless i
 * must not change a decision); then the few folds that lower-casing does not do (ß→ss, final
 * sigma, the combining dot left by İ); then NFKC again because lower-casing can leave
 * un-normalized sequences. Diacritics are kept: "publiér" is not "publier", and the lists spell
 * words the way UIs show them.
 *
 * <p>Tokens are maximal runs of letters, digits and combining marks; everything else separates.
 * A run is split where it changes between CJK (Han, Hiragana, Katakana, Hangul) and other
 * scripts, so "Delete删除" is two tokens. Format characters (zero-width space, soft hyphen,
 * joiners) are dropped before splitting so they cannot hide a word inside a label.
 */
final class LabelText {

    private LabelText() {
    }

    /** One token of folded text and whether it is written in a CJK script. */
    record Token(String text, boolean cjk) {
    }

    static String fold(String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        String folded = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT)
                .replace("ß", "ss")
                .replace('ς', 'σ')
                .replace("i\u0307", "i");
        return Normalizer.normalize(folded, Normalizer.Form.NFKC);
    }

    /**
     * Splits a lower-case→upper-case boundary ("deleteButton" → "delete Button") before folding;
     * used for identifiers only, where camel case is how words are joined. Human-readable names
     * are not split, so "PayPal" in a name stays one word.
     */
    static String splitCamelCase(String identifier) {
        if (identifier == null || identifier.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(identifier.length() + 8);
        int previous = -1;
        for (int i = 0; i < identifier.length(); ) {
            int cp = identifier.codePointAt(i);
            if (previous != -1 && Character.isLowerCase(previous) && Character.isUpperCase(cp)) {
                out.append(' ');
            }
            out.appendCodePoint(cp);
            previous = cp;
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    /** The tokens of already folded text, in order. */
    static List<Token> tokens(String folded) {
        List<Token> tokens = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean currentCjk = false;
        for (int i = 0; i < folded.length(); ) {
            int cp = folded.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.getType(cp) == Character.FORMAT) {
                continue;
            }
            if (!isWordPart(cp)) {
                flush(tokens, current, currentCjk);
                continue;
            }
            boolean cjk = isCjk(cp) || (isCombiningMark(cp) && currentCjk);
            if (current.length() > 0 && cjk != currentCjk) {
                flush(tokens, current, currentCjk);
            }
            currentCjk = cjk;
            current.appendCodePoint(cp);
        }
        flush(tokens, current, currentCjk);
        return tokens;
    }

    /** Folds and tokenizes in one step. */
    static List<Token> foldedTokens(String text) {
        return tokens(fold(text));
    }

    private static void flush(List<Token> tokens, StringBuilder current, boolean cjk) {
        if (current.length() > 0) {
            tokens.add(new Token(current.toString(), cjk));
            current.setLength(0);
        }
    }

    private static boolean isWordPart(int cp) {
        return Character.isLetterOrDigit(cp) || isCombiningMark(cp);
    }

    private static boolean isCombiningMark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    static boolean isCjk(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.HANGUL
                // The katakana prolonged sound mark (as in アンインストール) is script COMMON but
                // only ever appears inside kana words.
                || cp == 0x30FC;
    }
}
