package dev.countersign.desktop.linux;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Closest-name suggestions for an application name nobody answers to, so a wrong guess gets a way forward. */
final class AppNames {
    private static final int MAX_SUGGESTIONS = 3;

    private AppNames() {
    }

    /** "; did you mean 'Chromium'?" with up to three closest running names, or a list of what runs. */
    static String suggestion(String wanted, List<String> running) {
        if (running.isEmpty()) {
            return "; no accessible application is running";
        }
        String w = wanted.toLowerCase(Locale.ROOT);
        List<String> closest = running.stream().distinct()
                .sorted(Comparator.comparingInt((String n) -> distance(w, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n))
                .limit(MAX_SUGGESTIONS).toList();
        return "; did you mean " + String.join(" or ", closest.stream().map(n -> "'" + n + "'").toList()) + "?";
    }

    /** Edit distance, with a containing name counted as close ("firefox" in "Firefox ESR"). */
    static int distance(String a, String b) {
        if (!a.isEmpty() && (b.contains(a) || a.contains(b))) {
            return Math.abs(a.length() - b.length()) / 4;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
