package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides which candidates get marks and in which order, before anything is drawn.
 *
 * <p>Order: interactive candidates first, then the other non-label ones, each group in reading
 * order. Reading order groups candidates into rows: sorted by top edge, a row starts at the first
 * candidate not yet placed and takes every later one whose top is at most {@link #ROW_TOLERANCE}
 * screen units below the row's first top (no chaining, so a staircase does not become one row);
 * inside a row candidates go left to right. Every tie is broken by source index and then ref, so
 * the numbering depends only on the candidates, never on the order they arrived in.
 */
final class MarkPlan {
    /** Controls in one visual row are rarely more than a few pixels apart in their top edges. */
    static final int ROW_TOLERANCE = 8;

    private static final Comparator<Placed> BY_TOP = Comparator
            .comparingInt((Placed p) -> p.screen.y())
            .thenComparingInt(p -> p.screen.x())
            .thenComparingInt(p -> p.candidate.sourceIndex())
            .thenComparing(p -> p.candidate.ref());
    private static final Comparator<Placed> IN_ROW = Comparator
            .comparingInt((Placed p) -> p.screen.x())
            .thenComparingInt(p -> p.screen.y())
            .thenComparingInt(p -> p.candidate.sourceIndex())
            .thenComparing(p -> p.candidate.ref());

    private final List<Mark> marks;
    private final List<Omission> omitted;

    private MarkPlan(List<Mark> marks, List<Omission> omitted) {
        this.marks = marks;
        this.omitted = omitted;
    }

    List<Mark> marks() {
        return marks;
    }

    List<Omission> omitted() {
        return omitted;
    }

    /** Roles that hold what a person reads and types: kept first when marks are rationed. */
    private static final Set<String> TEXT_ROLES = Set.of("text", "entry", "paragraph",
            "document text", "document web", "password text", "spin button", "combo box");

    static MarkPlan of(List<MarkCandidate> candidates, Geometry geometry, int maxMarks) {
        List<Omission> omitted = new ArrayList<>();
        List<Placed> interactive = new ArrayList<>();
        List<Placed> other = new ArrayList<>();
        for (MarkCandidate c : candidates) {
            Optional<Rect> frame = c.frameIfAny();
            if (c.stale().isPresent()) {
                omitted.add(Omission.stale(c.sourceIndex(), c.stale().get()));
            } else if (c.staticLabel() && !c.interactive()) {
                omitted.add(new Omission(c.sourceIndex(), Omission.STATIC_LABEL));
            } else if (frame.isEmpty()) {
                omitted.add(new Omission(c.sourceIndex(), Omission.NO_FRAME));
            } else {
                Optional<Rect> inAttachment = geometry.toAttachment(frame.get());
                if (inAttachment.isEmpty()) {
                    omitted.add(new Omission(c.sourceIndex(), Omission.OUTSIDE_WINDOW));
                } else {
                    (c.interactive() ? interactive : other).add(new Placed(c, frame.get(), inAttachment.get()));
                }
            }
        }
        List<Placed> ordered = readingOrder(interactive);
        ordered.addAll(readingOrder(other));
        // When the budget cannot mark everything, the content wins over chrome: text fields and
        // documents (a Writer paragraph below 80 toolbar buttons) are kept first; the kept marks
        // are still numbered in reading order.
        Set<Placed> kept = new HashSet<>();
        for (Placed p : ordered) {
            if (kept.size() < maxMarks && TEXT_ROLES.contains(p.candidate.role()) && p.candidate.interactive()) {
                kept.add(p);
            }
        }
        for (Placed p : ordered) {
            if (kept.size() < maxMarks) {
                kept.add(p);
            }
        }
        List<Mark> marks = new ArrayList<>();
        for (Placed p : ordered) {
            if (kept.contains(p)) {
                marks.add(new Mark(marks.size() + 1, p.candidate.ref(), p.candidate.sourceIndex(), p.attachment));
            } else {
                omitted.add(new Omission(p.candidate.sourceIndex(), Omission.BUDGET_EXCEEDED));
            }
        }
        omitted.sort(Comparator.comparingInt(Omission::sourceIndex).thenComparing(Omission::reason));
        return new MarkPlan(List.copyOf(marks), List.copyOf(omitted));
    }

    private static List<Placed> readingOrder(List<Placed> items) {
        List<Placed> byTop = new ArrayList<>(items);
        byTop.sort(BY_TOP);
        List<Placed> out = new ArrayList<>(items.size());
        int i = 0;
        while (i < byTop.size()) {
            int rowTop = byTop.get(i).screen.y();
            int end = i;
            while (end < byTop.size() && byTop.get(end).screen.y() - rowTop <= ROW_TOLERANCE) {
                end++;
            }
            List<Placed> row = new ArrayList<>(byTop.subList(i, end));
            row.sort(IN_ROW);
            out.addAll(row);
            i = end;
        }
        return out;
    }

    /** A candidate with its frame on screen and its clipped box in the attachment. */
    private static final class Placed {
        final MarkCandidate candidate;
        final Rect screen;
        final Rect attachment;

        Placed(MarkCandidate candidate, Rect screen, Rect attachment) {
            this.candidate = candidate;
            this.screen = screen;
            this.attachment = attachment;
        }
    }
}
