package dev.countersign.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes credentials from text read off the screen before it leaves Countersign: a terminal that
 * shows {@code countersign agent add} output, a settings page with an API key, a window titled
 * with a token. Countersign's own token shape ({@code cs_} + 43 base64url characters) is always
 * redacted; the policy file's {@code credentials} name further shapes (regular expressions).
 * Each match becomes {@code [redacted:<name>]} and is counted, so the agent and the person can see
 * that something was withheld. Pure and thread-safe.
 */
public final class ScreenRedactor {
    /** The shape of a token Countersign issues (the same as {@code audit.Redactor.COUNTERSIGN_TOKEN}). */
    public static final Pattern COUNTERSIGN_TOKEN = Pattern.compile("cs_[A-Za-z0-9_-]{43}");

    /** Only Countersign's own tokens. */
    public static final ScreenRedactor TOKENS_ONLY = new ScreenRedactor(Map.of());

    private final Map<String, Pattern> shapes;
    /** Per shape, the literal its matches start with ({@link #literalPrefix}). */
    private final Map<String, String> prefixes = new HashMap<>();

    ScreenRedactor(Map<String, Pattern> named) {
        Map<String, Pattern> all = new LinkedHashMap<>();
        all.put("countersign_token", COUNTERSIGN_TOKEN);
        all.putAll(named);
        this.shapes = Collections.unmodifiableMap(all);
        all.forEach((name, pattern) -> prefixes.put(name, pattern.flags() == 0 ? literalPrefix(pattern.pattern()) : ""));
    }

    /** The redactor for the {@code credentials} of a policy file: name → regular expression. */
    static ScreenRedactor of(Map<String, String> credentials) {
        Map<String, Pattern> named = new LinkedHashMap<>();
        credentials.forEach((name, regex) -> named.put(name, Pattern.compile(regex)));
        return new ScreenRedactor(named);
    }

    /**
     * The literal text every match of {@code regex} starts with ("cs_", "AKIA"), or "" when it
     * cannot tell: a text without it cannot match, so it skips the regex. An observation redacts
     * hundreds of short labels against every shape; a search for a literal is far cheaper than a
     * regex tried at every position. Only a plain leading run counts: none for a pattern with an
     * alternative, and a character a quantifier applies to is not part of it.
     */
    static String literalPrefix(String regex) {
        if (regex.indexOf('|') >= 0) {
            return "";
        }
        int end = 0;
        while (end < regex.length() && "\\[](){}.*+?^$|".indexOf(regex.charAt(end)) < 0) {
            end++;
        }
        if (end < regex.length() && "*+?{".indexOf(regex.charAt(end)) >= 0) {
            end = Math.max(0, end - 1);
        }
        return regex.substring(0, end);
    }

    /** The names of the shapes redacted, in the order they are applied. */
    public List<String> shapes() {
        return new ArrayList<>(shapes.keySet());
    }

    /** Counts what one observation withheld; not thread-safe, one per observation. */
    public static final class Tally {
        private int count;

        public int count() {
            return count;
        }

        /** Counts one thing withheld outside {@link ScreenRedactor#redact} (a value withheld whole). */
        public void add() {
            count++;
        }
    }

    /**
     * {@code text} of a field an agent can edit, with every credential replaced, also one split by
     * separators: an agent that presses Home and Right and types a space into a token would
     * otherwise read it in two pieces. After the whole matches ({@link #redact}), each shape is
     * tried on the text with its separators left out (whitespace and punctuation other than
     * {@code _} and {@code -}, which tokens themselves hold), and the stretch of the text a match
     * came from is replaced as one. It errs towards withholding: prose that joins into a shape
     * once its spaces are gone ("task-based approach…" for {@code sk-…}) loses that stretch.
     */
    public String redactField(String text, Tally tally) {
        String out = redact(text, tally);
        if (out == null || out.isEmpty()) {
            return out;
        }
        for (Map.Entry<String, Pattern> shape : shapes.entrySet()) {
            out = redactSplit(out, shape.getKey(), shape.getValue(), tally);
        }
        return out;
    }

    /**
     * The name of the first shape {@code text} holds, whole or (with {@code split}) split by
     * separators; empty when none.
     */
    public Optional<String> shapeIn(String text, boolean split) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        String joined = split ? Joined.of(text).text : text;
        for (Map.Entry<String, Pattern> shape : shapes.entrySet()) {
            if (shape.getValue().matcher(text).find() || shape.getValue().matcher(joined).find()) {
                return Optional.of(shape.getKey());
            }
        }
        return Optional.empty();
    }

    private static String redactSplit(String text, String name, Pattern pattern, Tally tally) {
        Joined joined = Joined.of(text);
        if (joined.text.length() == text.length()) {
            return text;
        }
        Matcher m = pattern.matcher(joined.text);
        if (!m.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        do {
            if (m.end() == m.start()) {
                continue;
            }
            int from = joined.at[m.start()];
            int to = joined.at[m.end() - 1] + 1;
            if (from < copied) {
                continue;
            }
            out.append(text, copied, from).append("[redacted:").append(name).append(']');
            tally.count++;
            copied = to;
        } while (m.find());
        out.append(text, copied, text.length());
        return out.toString();
    }

    /** A text with its separators left out, and where each of its characters came from. */
    private record Joined(String text, int[] at) {
        static Joined of(String text) {
            StringBuilder joined = new StringBuilder(text.length());
            int[] at = new int[text.length()];
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (Character.isLetterOrDigit(c) || c == '_' || c == '-' || Character.isSurrogate(c)) {
                    at[joined.length()] = i;
                    joined.append(c);
                }
            }
            return new Joined(joined.toString(), at);
        }
    }

    /** {@code text} with every credential replaced; {@code tally} counts the replacements. Null stays null. */
    public String redact(String text, Tally tally) {
        Objects.requireNonNull(tally, "tally");
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (Map.Entry<String, Pattern> shape : shapes.entrySet()) {
            String prefix = prefixes.get(shape.getKey());
            if (!prefix.isEmpty() && !out.contains(prefix)) {
                continue;
            }
            Matcher m = shape.getValue().matcher(out);
            if (!m.find()) {
                continue;
            }
            StringBuilder sb = new StringBuilder();
            String replacement = Matcher.quoteReplacement("[redacted:" + shape.getKey() + "]");
            do {
                tally.count++;
                m.appendReplacement(sb, replacement);
            } while (m.find());
            m.appendTail(sb);
            out = sb.toString();
        }
        return out;
    }
}
