package dev.countersign.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

    ScreenRedactor(Map<String, Pattern> named) {
        Map<String, Pattern> all = new LinkedHashMap<>();
        all.put("countersign_token", COUNTERSIGN_TOKEN);
        all.putAll(named);
        this.shapes = Collections.unmodifiableMap(all);
    }

    /** The redactor for the {@code credentials} of a policy file: name → regular expression. */
    static ScreenRedactor of(Map<String, String> credentials) {
        Map<String, Pattern> named = new LinkedHashMap<>();
        credentials.forEach((name, regex) -> named.put(name, Pattern.compile(regex)));
        return new ScreenRedactor(named);
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
    }

    /** {@code text} with every credential replaced; {@code tally} counts the replacements. Null stays null. */
    public String redact(String text, Tally tally) {
        Objects.requireNonNull(tally, "tally");
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (Map.Entry<String, Pattern> shape : shapes.entrySet()) {
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
