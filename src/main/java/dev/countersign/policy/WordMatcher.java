package dev.countersign.policy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the risk words of a policy in a target's labels.
 *
 * <p>Two rules, chosen by the entry's script. An entry that folds to a single CJK token (删除,
 * 削除, 삭제하기) matches as a substring of any CJK token of the label: Chinese and Japanese write
 * no spaces between words, and Korean attaches particles and endings to the word (삭제합니다), so
 * there is no word boundary to find without a dictionary; a substring errs towards asking.
 * Every other entry matches as a whole token sequence: "send" matches "Send" and "Send now" but
 * not "Sender" or "Resend"; "check out" matches "Check out" but not "Check" or "Checkout". Forms
 * that should ask are listed themselves. An entry written with a leading {@code =} matches only a
 * label that is exactly it: "=add" asks for an "Add" button, never for "Add-ons" or "Add column".
 */
final class WordMatcher {

    /** The first category that matched (in precedence order) and every word that matched, by category. */
    record Match(RiskCategory category, List<String> words) {
    }

    private record Entry(List<LabelText.Token> tokens, boolean cjkSubstring, boolean whole, String reported) {
    }

    /** The mark of an entry that matches only a whole label: "=add" matches "Add", not "Add-ons". */
    static final String WHOLE_LABEL = "=";

    private final Map<RiskCategory, List<Entry>> entries = new EnumMap<>(RiskCategory.class);

    WordMatcher(PolicyDocument.Categories categories) {
        for (RiskCategory category : RiskCategory.values()) {
            if (!category.byWords()) {
                continue;
            }
            List<Entry> compiled = new ArrayList<>();
            for (List<String> words : categories.of(category).values()) {
                for (String word : words) {
                    compiled.add(compile(word));
                }
            }
            entries.put(category, List.copyOf(compiled));
        }
    }

    private static Entry compile(String word) {
        boolean whole = word.startsWith(WHOLE_LABEL);
        List<LabelText.Token> tokens = LabelText.foldedTokens(whole ? word.substring(WHOLE_LABEL.length()) : word);
        boolean cjk = !whole && tokens.size() == 1 && tokens.get(0).cjk();
        List<String> texts = new ArrayList<>();
        tokens.forEach(token -> texts.add(token.text()));
        return new Entry(List.copyOf(tokens), cjk, whole, String.join(" ", texts));
    }

    /**
     * The categories the labels match. The category is the first in precedence order; the words
     * are all matched words of all categories, in precedence order, so the person sees every
     * reason at once ("delete" and "pay" for "Delete and pay").
     */
    Optional<Match> match(List<List<LabelText.Token>> labels) {
        RiskCategory first = null;
        Set<String> words = new LinkedHashSet<>();
        for (Map.Entry<RiskCategory, List<Entry>> category : entries.entrySet()) {
            boolean matched = false;
            for (List<LabelText.Token> label : labels) {
                for (Entry entry : category.getValue()) {
                    if (matches(entry, label)) {
                        words.add(entry.reported());
                        matched = true;
                    }
                }
            }
            if (matched && first == null) {
                first = category.getKey();
            }
        }
        return first == null ? Optional.empty() : Optional.of(new Match(first, List.copyOf(words)));
    }

    private static boolean matches(Entry entry, List<LabelText.Token> label) {
        if (entry.whole()) {
            return label.size() == entry.tokens().size() && sameTexts(entry.tokens(), label);
        }
        if (entry.cjkSubstring()) {
            String needle = entry.tokens().get(0).text();
            for (LabelText.Token token : label) {
                if (token.cjk() && token.text().contains(needle)) {
                    return true;
                }
            }
            return false;
        }
        int n = entry.tokens().size();
        for (int start = 0; start + n <= label.size(); start++) {
            if (sameTexts(entry.tokens(), label.subList(start, start + n))) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameTexts(List<LabelText.Token> a, List<LabelText.Token> b) {
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).text().equals(b.get(i).text())) {
                return false;
            }
        }
        return true;
    }
}
