package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses where each mark's number goes. The label sits outside its box so it does not hide the
 * control: above-left first, then below-left, above-right, below-right, left of the box and right
 * of it. A position must lie fully in the image (shifted sideways if that is all it takes) and
 * never inside another mark's box — a label on a neighbouring control would name the wrong one.
 * Among those, one that overlaps no placed label is best; when every outside position touches a
 * neighbour, the label goes inside its own box's top-left corner.
 */
final class LabelPlacer {
    /** Pixels the outline and its halo take outside a mark's box. */
    static final int OUTLINE_REACH = 2;

    private final int imageWidth;
    private final int imageHeight;
    private final List<Rect> boxes;
    private final List<Rect> placed = new ArrayList<>();

    LabelPlacer(int imageWidth, int imageHeight, List<Rect> markBoxes) {
        this.imageWidth = imageWidth;
        this.imageHeight = imageHeight;
        this.boxes = List.copyOf(markBoxes);
    }

    /** The label footprint (width × height) for the mark with box {@code box}, recorded as placed. */
    Rect place(Rect box, int width, int height) {
        int left = box.x() - OUTLINE_REACH;
        int right = box.x() + box.width() + OUTLINE_REACH - width;
        int above = box.y() - OUTLINE_REACH - height;
        int below = box.y() + box.height() + OUTLINE_REACH;
        int beside = box.y() - OUTLINE_REACH;
        int[][] outside = {{left, above}, {left, below}, {right, above}, {right, below},
                {box.x() - OUTLINE_REACH - width, beside}, {box.x() + box.width() + OUTLINE_REACH, beside}};
        Rect clearOfBoxes = null;
        Rect clearOfAll = null;
        for (int[] p : outside) {
            Rect r = fit(p[0], p[1], width, height);
            if (r == null || boxes.stream().anyMatch(b -> !b.equals(box) && overlaps(b, r))) {
                continue;
            }
            if (clearOfBoxes == null) {
                clearOfBoxes = r;
            }
            if (placed.stream().noneMatch(q -> overlaps(q, r))) {
                clearOfAll = r;
                break;
            }
        }
        Rect chosen = clearOfAll != null ? clearOfAll : clearOfBoxes != null ? clearOfBoxes : inside(box, width, height);
        placed.add(chosen);
        return chosen;
    }

    private Rect fit(int x, int y, int width, int height) {
        if (y < 0 || y + height > imageHeight || width > imageWidth) {
            return null;
        }
        int shifted = Math.max(0, Math.min(imageWidth - width, x));
        return new Rect(shifted, y, width, height);
    }

    private Rect inside(Rect box, int width, int height) {
        int x = Math.max(0, Math.min(imageWidth - width, box.x() + 1));
        int y = Math.max(0, Math.min(imageHeight - height, box.y() + 1));
        return new Rect(x, y, Math.min(width, imageWidth), Math.min(height, imageHeight));
    }

    static boolean overlaps(Rect a, Rect b) {
        return a.x() < b.x() + b.width() && b.x() < a.x() + a.width()
                && a.y() < b.y() + b.height() && b.y() < a.y() + a.height();
    }
}
