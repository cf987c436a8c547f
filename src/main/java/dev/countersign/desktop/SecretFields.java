package dev.countersign.desktop;

import java.util.List;
import java.util.Locale;

/**
 * What makes a text field secure besides a password role: apps draw their own masks and web pages
 * hide a PIN input behind CSS ({@code -webkit-text-security}), and the platform then calls it a
 * plain text field. A text field is judged secure as well when its whole text is mask characters,
 * or when its accessible name or description says it holds a password, PIN, passcode or secret,
 * in the eight languages the policy's labels cover (en, pt, es, fr, de, zh, ja, ko). Secure then
 * means what it means for a password field: its text is never read or returned, and typing into it
 * is refused. It errs towards secure: a search field labelled "Search passwords" loses its text.
 */
public final class SecretFields {
    /** Latin-script words, matched as whole words (not "spin", "opinion", "secretary" matches "secret"). */
    private static final List<String> WORDS = List.of(
            // en
            "password", "passwd", "passcode", "passphrase", "pin", "pin code", "secret",
            // pt
            "senha", "palavra-passe", "código secreto",
            // es
            "contraseña", "clave de acceso", "código pin",
            // fr
            "mot de passe", "code secret", "code confidentiel",
            // de
            "passwort", "kennwort", "geheimzahl", "geheimcode");
    /** Words of scripts without spaces between words, matched anywhere. */
    private static final List<String> CJK = List.of(
            // zh
            "密码", "密碼", "口令",
            // ja
            "パスワード", "暗証番号", "パスコード",
            // ko
            "비밀번호", "암호", "패스워드");

    private SecretFields() {
    }

    /** Whether a text field with this accessible name or description holds a secret by its label. */
    public static boolean labelled(String label) {
        if (label == null || label.isBlank()) {
            return false;
        }
        String text = label.toLowerCase(Locale.ROOT);
        for (String word : CJK) {
            if (text.contains(word)) {
                return true;
            }
        }
        for (String word : WORDS) {
            for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
                boolean startsWord = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
                int end = at + word.length();
                boolean endsWord = end == text.length() || !Character.isLetter(text.charAt(end))
                        || text.startsWith("s", end) && (end + 1 == text.length()
                        || !Character.isLetter(text.charAt(end + 1)));
                if (startsWord && endsWord) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether a text field's whole visible text is a mask: any number of {@code •}, {@code ●} or
     * {@code ∗}, or four or more {@code *} (a lone "*" in a search field is a wildcard).
     */
    public static boolean masked(String text) {
        if (text == null || text.isEmpty()) {
            return false;
        }
        boolean asterisksOnly = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '*' && c != '\u2022' && c != '\u25CF' && c != '\u2217') {
                return false;
            }
            asterisksOnly &= c == '*';
        }
        return !asterisksOnly || text.length() >= 4;
    }
}
