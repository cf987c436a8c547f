package dev.countersign.driver;

import java.util.Map;

/**
 * What the person's timeline says about one act beyond its receipt (docs/app.md, Activity): the act
 * in the words the approval dialog uses, its app and window, the machine when another one ran it,
 * whether the person was asked, why nobody was when nobody was, and small PNG pictures of the
 * target's region by role ({@code before}, {@code after}, {@code question}: the marked capture the
 * person was shown). The audit record of the act's receipt carries all of it, the pictures as hashes.
 *
 * @param words the act in words; null when none could be put (a far machine's act nobody was asked about)
 * @param notAskedWhy why the person was not asked; null when they were, or a grant answered
 */
public record ActAccount(String receiptId, String words, String app, String window, String machine,
        String operation, boolean asked, String notAskedWhy, Map<String, byte[]> pictures, PictureRules rules) {

    public ActAccount {
        pictures = pictures == null ? Map.of() : Map.copyOf(pictures);
    }
}
