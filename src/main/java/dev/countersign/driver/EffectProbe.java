package dev.countersign.driver;

import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.Digests;
import dev.countersign.core.ReceiptVerification;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

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

    EffectProbe(DesktopBackend backend, Duration bound) {
        this.backend = backend;
        this.bound = bound;
    }

    /** The UTF-8 SHA-256 of a value: what {@code value_digest} postconditions compare. */
    static String valueDigest(String value) {
        return Digests.sha256Hex(value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Evidence that a click changed {@code before} (value or a non-focus state) while it stayed the
     * same element in the same place; null when it moved, was replaced, is gone, or showed no
     * change within the bound.
     */
    ReceiptVerification click(ElementNode before) {
        long deadline = System.nanoTime() + bound.toNanos();
        for (int pause : BACKOFF_MS) {
            if (!sleep(pause, deadline)) {
                break;
            }
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
        }
        return null;
    }

    /** The digest of the value as it reads once it equals {@code expected}, or as it reads at the bound. */
    ReceiptVerification value(ElementNode target, String expected) {
        long deadline = System.nanoTime() + bound.toNanos();
        String last = null;
        for (int pause : BACKOFF_MS) {
            if (!sleep(pause, deadline)) {
                break;
            }
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
     * Evidence for a postcondition the agent declared: {@code exists: false} holds once the element
     * is gone (and is contradicted if it is still there at the bound); a declared digest is compared
     * with the digest of the value as it reads; {@code exists: true} holds while the element is there.
     */
    ReceiptVerification declared(ElementNode target, ActionPostcondition post) {
        long deadline = System.nanoTime() + bound.toNanos();
        String expected = post.expectedDigest().orElse(null);
        String lastDigest = null;
        boolean present = true;
        for (int pause : BACKOFF_MS) {
            if (!sleep(pause, deadline)) {
                break;
            }
            Recheck now = backend.recheck(target.handle());
            present = now instanceof Recheck.Present;
            if (Boolean.FALSE.equals(post.exists())) {
                if (!present) {
                    return new ReceiptVerification(true, null, "the element is gone");
                }
                continue;
            }
            if (!present) {
                return new ReceiptVerification(false, null, "the element is gone");
            }
            String value = ((Recheck.Present) now).current().value();
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

    /** Evidence that the element has keyboard focus, or null. */
    ReceiptVerification focus(ElementNode target) {
        long deadline = System.nanoTime() + bound.toNanos();
        for (int pause : BACKOFF_MS) {
            if (!sleep(pause, deadline)) {
                break;
            }
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
        return "states changed: +" + new java.util.TreeSet<>(gained) + " -" + new java.util.TreeSet<>(lost);
    }

    private static boolean sleep(int ms, long deadline) {
        if (ms == 0) {
            return true;
        }
        if (System.nanoTime() + ms * 1_000_000L > deadline) {
            return false;
        }
        try {
            Thread.sleep(ms);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
