package dev.countersign.driver;

import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TextRange;
import dev.countersign.desktop.TextSelection;
import dev.countersign.desktop.WindowInfo;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Looks for the evidence of one action by re-reading its target with a short, bounded back-off
 * (no fixed sleep): it returns as soon as the change shows, and returns no evidence when the bound
 * passes first. Evidence only — the graph decides what it proves.
 */
final class EffectProbe {
    /** Pauses between re-reads, in ms; their sum plus the reads themselves is the bound. */
    private static final int[] BACKOFF_MS = {0, 2, 4, 8, 16, 32, 64, 128, 128, 128};
    /** States that change with focus alone; a click that only focuses proves nothing. */
    private static final Set<String> FOCUS_STATES = Set.of("focused", "active");

    private final DesktopBackend backend;
    private final Duration bound;
    private final Pace pace;
    /** What the act's evidence is measured against, read right before dispatch; null when nothing. */
    private Baseline baseline;
    /** The window ids an agent can observe a window by; names a menu's window in its evidence. */
    private Function<ElementHandle, String> windowIds = handle -> null;

    /**
     * What an operation's evidence is measured against, read right before dispatch: the popup
     * menus of the target's application that already showed (a context menu's evidence is a menu
     * that was not there).
     */
    record Baseline(Set<ElementHandle> menus) {
        Baseline {
            menus = Set.copyOf(menus);
        }

        /** The menus showing now; null when the backend cannot tell (then no menu can be evidence). */
        static Baseline menusOf(DesktopBackend backend, ElementNode target) {
            Set<ElementHandle> open = new HashSet<>();
            try {
                backend.openMenus(target.handle()).forEach(w -> open.add(w.handle()));
            } catch (CountersignException e) {
                return null;
            }
            return new Baseline(open);
        }
    }

    EffectProbe(DesktopBackend backend, Duration bound) {
        this(backend, bound, Pace.SYSTEM);
    }

    EffectProbe(DesktopBackend backend, Duration bound, Pace pace) {
        this.backend = backend;
        this.bound = bound;
        this.pace = pace;
    }

    /** This probe, measuring against {@code baseline} and naming windows by {@code windowIds}. */
    EffectProbe since(Baseline baseline, Function<ElementHandle, String> windowIds) {
        this.baseline = baseline;
        this.windowIds = windowIds;
        return this;
    }

    /**
     * Evidence that a context menu opened: a popup menu of the target's application shows that did
     * not before dispatch. The detail names its window, which the agent observes to read the items.
     * Null when none shows within the bound (a toolkit whose menus are not in the application's
     * tree, Qt's, never shows one here: the receipt stays unknown).
     */
    ReceiptVerification menuOpened(ElementNode target) {
        if (baseline == null) {
            return null;
        }
        Set<ElementHandle> before = baseline.menus();
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            List<WindowInfo> open;
            try {
                open = backend.openMenus(target.handle());
            } catch (CountersignException e) {
                return null;
            }
            for (WindowInfo menu : open) {
                if (!before.contains(menu.handle())) {
                    String id = windowIds.apply(menu.handle());
                    return new ReceiptVerification(true, null, "a menu opened" + (id == null ? ""
                            : " in window " + id + "; observe that window to read its items"));
                }
            }
        }
        return null;
    }

    /** The UTF-8 SHA-256 of a value: what {@code value_digest} postconditions compare. */
    static String valueDigest(String value) {
        return Digests.sha256Hex(value);
    }

    /**
     * Evidence that a click changed {@code before} (value or a non-focus state) while it stayed the
     * same element in the same place; null when it moved, was replaced, is gone, or showed no
     * change within the bound.
     */
    ReceiptVerification click(ElementNode before) {
        return changed(before, false);
    }

    /**
     * The one re-read loop of {@link #click} and {@link #reached}: the element's change (value or a
     * non-focus state), and, when {@code focusCounts}, keyboard focus it took.
     */
    private ReceiptVerification changed(ElementNode before, boolean focusCounts) {
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(before.handle());
            if (now instanceof Recheck.Gone) {
                return null;
            }
            ElementNode after = ((Recheck.Present) now).current();
            if (IdentityCheck.differingField(before, after).isPresent()) {
                return null;
            }
            String change = change(before, after);
            if (change != null) {
                return new ReceiptVerification(true,
                        after.value() == null ? null : valueDigest(after.value()), change);
            }
            if (focusCounts && after.hasState("focused")) {
                return new ReceiptVerification(true, null, "the element took keyboard focus");
            }
        }
        return null;
    }

    /** The digest of the value as it reads once it equals {@code expected}, or as it reads at the bound. */
    ReceiptVerification value(ElementNode target, String expected) {
        String last = null;
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(target.handle());
            if (now instanceof Recheck.Gone) {
                return null;
            }
            last = ((Recheck.Present) now).current().value();
            if (Objects.equals(last, expected)) {
                return new ReceiptVerification(null, valueDigest(last), "the value reads back as typed");
            }
        }
        return last == null ? null
                : new ReceiptVerification(null, valueDigest(last), "the value reads back differently");
    }

    /**
     * Evidence that {@code text} was inserted: satisfied when the value reads back as the value
     * before with the text put in at one place and nothing else changed; when it only holds the text
     * and more than before, the digest without a verdict (unknown), since something else changed too.
     */
    ReceiptVerification inserted(ElementNode target, String text) {
        String before = target.value() == null ? "" : target.value();
        String last = null;
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(target.handle());
            if (now instanceof Recheck.Gone) {
                return null;
            }
            last = ((Recheck.Present) now).current().value();
            if (last != null && splicedIn(before, text, last)) {
                return new ReceiptVerification(true, valueDigest(last),
                        "the value reads back as before with the text inserted");
            }
        }
        if (last != null && last.contains(text) && last.length() >= before.length() + text.length()) {
            return new ReceiptVerification(null, valueDigest(last),
                    "the value reads back holding the text, but not as the value before with only it inserted");
        }
        return last == null ? null
                : new ReceiptVerification(null, valueDigest(last), "the value reads back without the inserted text");
    }

    /** Whether {@code after} is {@code before} with {@code text} put in at one place. */
    static boolean splicedIn(String before, String text, String after) {
        if (after.length() != before.length() + text.length()) {
            return false;
        }
        int common = 0;
        while (common < before.length() && before.charAt(common) == after.charAt(common)) {
            common++;
        }
        // Any split point up to the common prefix works: the text may repeat what follows it.
        for (int at = common; at >= 0; at--) {
            if (after.startsWith(text, at) && after.regionMatches(at + text.length(), before, at,
                    before.length() - at) && after.regionMatches(0, before, 0, at)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Evidence that text typed into a terminal shows there: the terminal's text holds it more often
     * than it did right before dispatch (so a command already on screen proves nothing). Null —
     * unknown, never failed — when it does not show within the bound: a program that does not echo
     * (a password prompt), or a terminal whose text cannot be read.
     */
    ReceiptVerification typedIntoTerminal(ElementNode before, String text) {
        int was = occurrences(before.value(), text);
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(before.handle());
            if (now instanceof Recheck.Gone) {
                return null;
            }
            String value = ((Recheck.Present) now).current().value();
            if (occurrences(value, text) > was) {
                return new ReceiptVerification(true, valueDigest(value), "the terminal's text reads back with the typed text");
            }
        }
        return null;
    }

    /** How often {@code text} occurs in {@code value}, without overlaps (0 for no value). */
    static int occurrences(String value, String text) {
        if (value == null || text.isEmpty()) {
            return 0;
        }
        int count = 0;
        for (int at = value.indexOf(text); at >= 0; at = value.indexOf(text, at + text.length())) {
            count++;
        }
        return count;
    }

    /**
     * Evidence for a postcondition the agent declared: {@code exists: false} holds once the element
     * is gone (and is contradicted if it is still there at the bound); a declared digest is compared
     * with the digest of the value as it reads; {@code exists: true} holds while the element is there.
     */
    ReceiptVerification declared(ElementNode target, ActionPostcondition post) {
        String expected = post.expectedDigest().orElse(null);
        String lastDigest = null;
        boolean present = true;
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(target.handle());
            present = now instanceof Recheck.Present;
            if (Boolean.FALSE.equals(post.exists())) {
                if (!present) {
                    return new ReceiptVerification(true, null, "the element is gone");
                }
                continue;
            }
            if (!(now instanceof Recheck.Present live)) {
                return new ReceiptVerification(false, null, "the element is gone");
            }
            String value = live.current().value();
            lastDigest = value == null ? null : valueDigest(value);
            if (expected == null || expected.equals(lastDigest)) {
                return new ReceiptVerification(true, lastDigest, "the declared postcondition holds");
            }
        }
        if (Boolean.FALSE.equals(post.exists())) {
            return new ReceiptVerification(false, null, "the element still exists");
        }
        return lastDigest == null ? null : new ReceiptVerification(null, lastDigest, "the value reads back differently");
    }

    /**
     * Evidence that another element of the window shows the action's effect: its {@code change}d
     * property (value, name or states) reads differently from {@code before} (read right before
     * dispatch) and, when {@code expected} was declared, equals it. It stops at the first read that
     * shows it. A secure element is never read: one that turns secure, is gone or is replaced by
     * another ends the probe without evidence. The detail quotes the property as it now reads,
     * through {@code shown} (redacted and shortened), so the agent sees the read-back.
     */
    ReceiptVerification watched(ElementNode before, String change, String expected, UnaryOperator<String> shown) {
        if (before.secure()) {
            return null;
        }
        String was = property(before, change);
        String last = null;
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(before.handle());
            if (now instanceof Recheck.Gone) {
                return null;
            }
            ElementNode after = ((Recheck.Present) now).current();
            if (after.secure() || replaced(before, after, change)) {
                return null;
            }
            last = property(after, change);
            // A property that reads as it did before dispatch is no evidence, even when it already
            // shows the declared text: the action must change it, and to that text when declared.
            boolean holds = !Objects.equals(was, last) && (expected == null || expected.equals(last));
            if (holds) {
                String detail = "states".equals(change) ? "the declared " + before.role() + "'s " + change(before, after)
                        : "the declared " + before.role() + "'s " + change + " reads '" + shown.apply(last) + "'";
                return new ReceiptVerification(true, last == null ? null : valueDigest(last), detail);
            }
        }
        if (expected == null || last == null) {
            return null;
        }
        // Unchanged: carry no digest, or the graph would take the declared text it still shows as evidence.
        return new ReceiptVerification(null, Objects.equals(was, last) ? null : valueDigest(last),
                "the declared " + before.role() + "'s " + change + " still reads '" + shown.apply(last) + "'");
    }

    /** The watched property as text: the value, the name, or the states that are not about focus. */
    private static String property(ElementNode node, String change) {
        return switch (change) {
            case "name" -> node.name();
            case "states" -> {
                Set<String> states = new TreeSet<>(node.states());
                states.removeAll(FOCUS_STATES);
                yield String.join(",", states);
            }
            default -> node.value();
        };
    }

    /** Whether {@code after} is another element than {@code before} (its name may change when it is watched). */
    private static boolean replaced(ElementNode before, ElementNode after, String change) {
        return !Objects.equals(before.role(), after.role()) || !Objects.equals(before.subrole(), after.subrole())
                || !Objects.equals(before.identifier(), after.identifier())
                || !"name".equals(change) && !Objects.equals(before.name(), after.name());
    }

    /** Evidence that the element reads {@code state} (e.g. {@code selected}), or null within the bound. */
    ReceiptVerification state(ElementNode target, String state, String detail) {
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(target.handle());
            if (now instanceof Recheck.Present present && present.current().hasState(state)) {
                return new ReceiptVerification(true, null, detail);
            }
        }
        return null;
    }

    /**
     * Evidence that a pointer click at the element's centre reached it: what a click shows (a value
     * or a non-focus state changed, same element, same place), or keyboard focus it did not have.
     */
    ReceiptVerification reached(ElementNode before) {
        return changed(before, !before.hasState("focused"));
    }

    /**
     * Evidence that {@code range} of the element's text is selected: confirmed once the selection
     * reads it; a selection that still reads otherwise at the bound is quoted as offsets (never the
     * text), without a verdict. A backend that cannot read selections gives no evidence.
     */
    ReceiptVerification textSelected(ElementNode target, TextRange range) {
        TextSelection last = null;
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            try {
                last = backend.textSelection(target.handle());
            } catch (CountersignException e) {
                return null;
            }
            if (range.shownBy(last)) {
                return new ReceiptVerification(true, null, "the selection reads back " + spans(last));
            }
        }
        return last == null ? null : new ReceiptVerification(null, null, "the selection reads " + spans(last));
    }

    private static String spans(TextSelection selection) {
        if (selection.spans().isEmpty()) {
            return "empty";
        }
        StringBuilder out = new StringBuilder();
        for (TextRange.Span s : selection.spans()) {
            out.append(out.length() == 0 ? "" : ", ").append('[').append(s.start()).append(", ").append(s.end()).append(')');
        }
        return out.toString();
    }

    /** Evidence that the element has keyboard focus, or null. */
    ReceiptVerification focus(ElementNode target) {
        for (Attempts attempt = new Attempts(); attempt.next(); ) {
            Recheck now = backend.recheck(target.handle());
            if (now instanceof Recheck.Present present && present.current().hasState("focused")) {
                return new ReceiptVerification(true, null, "the element has keyboard focus");
            }
        }
        return null;
    }

    private static String change(ElementNode before, ElementNode after) {
        if (!Objects.equals(before.value(), after.value())) {
            return "value changed";
        }
        Set<String> was = new HashSet<>(before.states());
        Set<String> is = new HashSet<>(after.states());
        was.removeAll(FOCUS_STATES);
        is.removeAll(FOCUS_STATES);
        if (was.equals(is)) {
            return null;
        }
        Set<String> gained = new HashSet<>(is);
        gained.removeAll(was);
        Set<String> lost = new HashSet<>(was);
        lost.removeAll(is);
        return "states changed: +" + new TreeSet<>(gained) + " -" + new TreeSet<>(lost);
    }

    /**
     * The re-reads one probe may make: each after its back-off pause, and only while the pause
     * plus the longest read so far still end within the bound. So a probe that finds nothing
     * returns within its bound, never a whole read past it.
     */
    private final class Attempts {
        private final long deadline = pace.nanoTime() + bound.toNanos();
        private int next;
        private long started = -1;
        private long longest;

        boolean next() {
            if (started >= 0) {
                longest = Math.max(longest, pace.nanoTime() - started);
            }
            if (next >= BACKOFF_MS.length) {
                return false;
            }
            long pause = BACKOFF_MS[next++] * 1_000_000L;
            if (pace.nanoTime() + pause + longest > deadline) {
                return false;
            }
            if (pause > 0 && !pace.sleep(pause)) {
                return false;
            }
            started = pace.nanoTime();
            return true;
        }
    }

    /** Time as the probe reads and spends it: the system's, or a test's. */
    interface Pace {
        Pace SYSTEM = new Pace() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public boolean sleep(long nanos) {
                try {
                    Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
                    return true;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        };

        long nanoTime();

        /** Pauses; false when interrupted. */
        boolean sleep(long nanos);
    }
}
