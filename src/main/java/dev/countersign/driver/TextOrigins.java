package dev.countersign.driver;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.desktop.AppInfo;
import dev.countersign.policy.KeyChord;
import dev.countersign.policy.RiskCategory;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.Set;

/**
 * Where the text an agent was shown came from, so that typing it into another application is
 * visible to the person (docs/security.md). For each agent, what its observations returned is
 * remembered as hashes only, never as text: each returned text of at least {@value #MIN_EXACT}
 * characters whole, each of its words of at least {@value #MIN_EXACT} characters (split at spaces
 * and at {@code = : , ; " ' ( ) < >}, so "DB_PASSWORD=Vh7…" gives the password), and its
 * {@value #SHINGLE}-character pieces starting every {@value #STRIDE} characters. A typed text is
 * found when it, or one of its words, equals a remembered text or word, or when it holds any run
 * of more than {@link #LONGEST_UNNOTICED} characters an observation of another application
 * returned (every such run holds one whole remembered piece); runs shorter than
 * {@value #SHINGLE} characters ("@example.org") are never taken for carried text. Secure values
 * are never returned to an agent, so they are never remembered either.
 *
 * <p>Memory is bounded ({@value #PER_AGENT} hashes per agent, {@value #MAX_AGENTS} agents). The
 * bound fails closed: once an agent's book has forgotten anything, every text of at least
 * {@value #MIN_EXACT} characters that agent types into any application is reported as carried from
 * an application Countersign can no longer name, so flooding the book with observations cannot
 * launder a secret read before.
 */
final class TextOrigins {
    /** Length of a remembered piece. */
    static final int SHINGLE = 16;
    /** Distance between the starts of remembered pieces. */
    static final int STRIDE = 6;
    /** Shortest text, or word, remembered and found whole. */
    static final int MIN_EXACT = 10;
    private static final java.util.regex.Pattern WORDS = java.util.regex.Pattern.compile("[\\s=:,;\"'()<>]+");
    /** Longest run a typed text may share with another application's text unnoticed. */
    static final int LONGEST_UNNOTICED = SHINGLE + STRIDE - 2;
    static final int PER_AGENT = 60_000;
    static final int MAX_AGENTS = 64;
    static final int OWN = 20_000;
    private static final long WHOLE = 0x9E3779B97F4A7C15L;

    /** The category a carried text asks under when nothing else asks: always once, never granted. */
    static final String CATEGORY = RiskCategory.CARRY.wireName();

    /**
     * The act's requirement once carried text is known: what the policy asked stays (the summary
     * names the origin then), else the act asks as {@link #CATEGORY}, naming where the text was read.
     */
    static ApprovalRequirement require(ApprovalRequirement judged, Optional<Found> carried) {
        if (carried.isEmpty() || judged.required()) {
            return judged;
        }
        return ApprovalRequirement.required(CATEGORY, List.of(carried.get().source()), judged.policyDigest());
    }

    /** An application an agent read text in: which app it is ({@link #appOf}), its name and the window, as the agent saw them. */
    record Origin(String key, String app, String window) {
    }

    /**
     * A typed text found in what another application showed this agent, or a paste of the
     * clipboard ({@code clipboard}); {@code origin} is null when Countersign cannot say where the
     * text came from (the agent's book forgot, or the clipboard was not filled by this agent).
     */
    record Found(Origin origin, boolean clipboard) {
        Found(Origin origin) {
            this(origin, false);
        }

        /** The words the dialog adds to the act: where the text was read. */
        String words() {
            if (clipboard) {
                return origin == null
                        ? " \u2014 pastes the clipboard, which this agent did not fill here (it may hold what you copied)"
                        : " \u2014 pastes what this agent copied in " + where();
            }
            if (origin == null) {
                return " \u2014 text this agent may have read in another app (Countersign no longer remembers where)";
            }
            return " \u2014 text this agent read in " + where();
        }

        private String where() {
            String window = origin.window() == null || origin.window().isBlank() ? ""
                    : ", window \u2018" + origin.window() + "\u2019";
            return origin.app() + window;
        }

        /** What the dialog's "why" names: the app (and window) the text was read in. */
        String source() {
            if (origin == null) {
                return clipboard ? "the clipboard, which this agent did not fill" : "another app";
            }
            return origin.window() == null || origin.window().isBlank() ? origin.app()
                    : origin.app() + " \u2018" + origin.window() + "\u2019";
        }
    }

    /** Chords that paste the clipboard, and chords that fill it, as {@link KeyChord#canonical()} spells them. */
    private static final Set<String> PASTE = Set.of("ctrl+v", "ctrl+V", "ctrl+shift+v", "ctrl+shift+V",
            "shift+Insert", "cmd+v", "cmd+V");
    private static final Set<String> COPY = Set.of("ctrl+c", "ctrl+C", "ctrl+x", "ctrl+X", "ctrl+shift+c",
            "ctrl+shift+C", "ctrl+Insert", "cmd+c", "cmd+C", "cmd+x", "cmd+X");

    /** Who filled the clipboard last through Countersign, and where; null before anyone did. */
    private record Copy(String agentId, Origin origin) {
    }

    private Copy lastCopy;

    /**
     * What a key act carries: a paste asks unless this agent itself filled the clipboard in the
     * same application (so what goes in is what it copied there). The clipboard is the system's:
     * another agent's copy, or the person's own, is not this agent's to paste unasked.
     */
    synchronized Optional<Found> paste(String agentId, AppInfo app, String keys) {
        if (!PASTE.contains(canonical(keys))) {
            return Optional.empty();
        }
        if (lastCopy == null || !lastCopy.agentId().equals(agentId)) {
            return Optional.of(new Found(null, true));
        }
        return lastCopy.origin().key().equals(appOf(app)) ? Optional.empty()
                : Optional.of(new Found(lastCopy.origin(), true));
    }

    /**
     * Records who filled the clipboard and where, when {@code keys} copies or cuts. The caller
     * records only a copy that runs unasked: one that waits for the person may never run, and then
     * the clipboard still holds what it held before.
     */
    synchronized void copied(String agentId, AppInfo app, String window, String keys) {
        if (COPY.contains(canonical(keys))) {
            lastCopy = new Copy(agentId, new Origin(appOf(app), app.name(), window));
        }
    }

    private static String canonical(String keys) {
        try {
            return KeyChord.parse(keys).canonical();
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static final class Book {
        /** Hash → the applications it was read in (at most two: the first, and the latest other one). */
        final LinkedHashMap<Long, Origin[]> seen = new LinkedHashMap<>(1024, 0.75f, true);
        /**
         * Hashes of text this agent typed unasked before any observation showed it (its own
         * words, from its prompt): seen later in one app, they are not carried into another. Bounded;
         * forgetting one only asks more.
         */
        final LinkedHashMap<Long, Boolean> own = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(java.util.Map.Entry<Long, Boolean> eldest) {
                return size() > OWN;
            }
        };
        boolean forgot;
    }

    private final LinkedHashMap<String, Book> books = new LinkedHashMap<>(16, 0.75f, true);
    /** Whether a path names a directory on this machine: a typed path's known folders are not carried text. */
    private final java.util.function.Predicate<String> directory;

    TextOrigins() {
        this(path -> java.nio.file.Files.isDirectory(java.nio.file.Path.of(path)));
    }

    TextOrigins(java.util.function.Predicate<String> directory) {
        this.directory = directory;
    }
    /** Set when a whole book was dropped for a new agent: from then on every agent's book counts as forgetful. */
    private boolean droppedABook;

    /**
     * Which application an app is, for "another app": its bundle id where the platform has one,
     * else its name — every launch of Chromium is Chromium, and text a browser showed yesterday's
     * window typed into today's is not carried between apps.
     */
    static String appOf(AppInfo app) {
        return app.bundleId() != null && !app.bundleId().isBlank() ? app.bundleId() : app.name();
    }

    /** Remembers the texts one observation of {@code app}'s {@code window} returned to {@code agentId}. */
    synchronized void remember(String agentId, AppInfo app, String window, Iterable<String> texts) {
        Book book = bookOf(agentId);
        Origin origin = new Origin(appOf(app), app.name(), window);
        for (String text : texts) {
            if (text == null || text.length() < MIN_EXACT) {
                continue;
            }
            for (long hash : hashes(text, STRIDE)) {
                put(book, hash, origin);
            }
        }
    }

    private static void put(Book book, long hash, Origin origin) {
        Origin[] known = book.seen.get(hash);
        if (known == null) {
            book.seen.put(hash, new Origin[] {origin});
            if (book.seen.size() > PER_AGENT) {
                var eldest = book.seen.keySet().iterator();
                eldest.next();
                eldest.remove();
                book.forgot = true;
            }
        } else if (!known[0].key().equals(origin.key())) {
            book.seen.put(hash, new Origin[] {known[0], origin});
        }
    }

    /**
     * Whether {@code text}, typed by {@code agentId} into the application {@code targetApp}
     * ({@link #appOf}), was shown to this agent by another application.
     */
    synchronized Optional<Found> find(String agentId, String targetApp, String text) {
        if (text == null || text.length() < MIN_EXACT) {
            return Optional.empty();
        }
        Book book = books.get(agentId);
        if (book == null) {
            return droppedABook ? Optional.of(new Found(null)) : Optional.empty();
        }
        // The whole text first, then its words, then its pieces at every offset; a typed path's
        // leading folders that exist here ("/home/ana/Documents/") are where files are, not text
        // read somewhere: only pieces that reach past them count.
        for (long hash : hashes(text, 1, folders(text))) {
            Optional<Origin> from = other(book, hash, targetApp);
            if (from.isPresent()) {
                return Optional.of(new Found(from.get()));
            }
        }
        return book.forgot || droppedABook ? Optional.of(new Found(null)) : Optional.empty();
    }

    /**
     * Records that {@code agentId} typed {@code text} unasked: when no observation returned any of
     * it before, it is the agent's own text, and an app showing it later does not make typing it
     * elsewhere carried. Text an observation did return (even in the app typed into) stays carried,
     * so typing a secret back where it was read cannot launder it.
     */
    synchronized void authored(String agentId, String text) {
        if (text == null || text.length() < MIN_EXACT) {
            return;
        }
        Book book = bookOf(agentId);
        List<Long> hashes = hashes(text, 1);
        for (long h : hashes) {
            if (book.seen.containsKey(h)) {
                return;
            }
        }
        for (long h : hashes) {
            book.own.put(h, Boolean.TRUE);
        }
    }

    /** The book of {@code agentId}, made when it has none; past the bound the eldest book goes (fails closed). */
    private Book bookOf(String agentId) {
        Book book = books.get(agentId);
        if (book == null) {
            if (books.size() >= MAX_AGENTS) {
                books.remove(books.keySet().iterator().next());
                droppedABook = true;
            }
            book = new Book();
            books.put(agentId, book);
        }
        return book;
    }

    /**
     * The hashes a text is remembered or looked up by: the whole text, its words of at least
     * {@value #MIN_EXACT} characters, and its {@value #SHINGLE}-character pieces starting every
     * {@code stride} characters ({@value #STRIDE} to remember, 1 to look up).
     */
    private static List<Long> hashes(String text, int stride) {
        return hashes(text, stride, 0);
    }

    /** As {@link #hashes(String, int)}, leaving out the pieces that lie wholly within the first {@code skip} characters. */
    private static List<Long> hashes(String text, int stride, int skip) {
        List<Long> hashes = new java.util.ArrayList<>();
        hashes.add(hashOf(text, 0, text.length()) ^ WHOLE);
        for (String word : WORDS.split(text)) {
            if (word.length() >= MIN_EXACT && !plainWord(word)) {
                hashes.add(hashOf(word, 0, word.length()) ^ WHOLE);
            }
        }
        for (int i = Math.max(0, skip - SHINGLE + 1); i + SHINGLE <= text.length(); i += stride) {
            hashes.add(hashOf(text, i, i + SHINGLE));
        }
        return hashes;
    }

    /**
     * Whether a word is an ordinary word of letters ("background", "Preferences"): lower case after
     * its first letter, no digit, no sign. Two apps showing the same long word is no sign of text
     * carried between them; a secret has digits, signs or mixed case ("Vh7…", "sk-…"), and a text
     * typed whole is still matched whole.
     */
    static boolean plainWord(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (!Character.isLetter(c) || i > 0 && Character.isUpperCase(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * How many leading characters of a typed absolute path name folders that exist on this
     * machine: up to and including the last '/' of the longest such prefix; 0 for other text.
     */
    int folders(String text) {
        if (!text.startsWith("/") || text.chars().anyMatch(Character::isWhitespace)) {
            return 0;
        }
        for (int end = text.lastIndexOf('/'); end > 0; end = text.lastIndexOf('/', end - 1)) {
            if (directory.test(text.substring(0, end))) {
                return end + 1;
            }
        }
        return 0;
    }

    private static Optional<Origin> other(Book book, long hash, String targetApp) {
        Origin[] known = book.seen.get(hash);
        if (known == null || book.own.containsKey(hash)) {
            return Optional.empty();
        }
        for (Origin o : known) {
            if (!o.key().equals(targetApp)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** How many hashes the agent's book holds (for tests of the bound). */
    synchronized int size(String agentId) {
        Book book = books.get(agentId);
        return book == null ? 0 : book.seen.size();
    }

    /** A 64-bit polynomial hash of {@code text[from, to)}. */
    private static long hashOf(String text, int from, int to) {
        long h = 0x6A09E667F3BCC909L;
        for (int i = from; i < to; i++) {
            h = (h + text.charAt(i)) * 0x100000001B3L;
            h ^= h >>> 29;
        }
        return h;
    }
}
