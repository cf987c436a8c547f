package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * Burns marks into an attachment with axis-aligned fills only, so the pixels are identical on
 * every JDK and machine.
 *
 * <p>Legibility on any content: each outline is a 2 px stroke in a dark, saturated palette colour
 * wrapped in a 1 px white halo (the colour shows on light content, the halo on dark), and each
 * number is white on a box of the same dark colour (contrast ≥ 6:1 against white text) with a
 * 1 px white border. The highlighted mark is a 4 px yellow stroke between black halos with a
 * yellow box and black digits, drawn last so nothing covers it.
 */
final class MarkPainter {
    /** Dark colours of distinct hues; each has a WCAG contrast of at least 6:1 with white. */
    static final int[] PALETTE = {0xB00020, 0x0B57D0, 0x146C2E, 0x7B1FA2, 0xA04000, 0x006064, 0xAD1457, 0x37474F};
    static final int HIGHLIGHT = 0xFFD400;
    private static final int PADDING = 3;

    private MarkPainter() {
    }

    static void paint(BufferedImage image, List<Mark> marks, String highlightRef) {
        int glyphScale = image.getWidth() < 400 || image.getHeight() < 300 ? 1 : 2;
        List<Rect> boxes = new ArrayList<>();
        for (Mark m : marks) {
            boxes.add(m.rect());
        }
        Graphics2D g = image.createGraphics();
        try {
            Mark highlighted = null;
            for (Mark m : marks) {
                if (m.ref().equals(highlightRef)) {
                    highlighted = m;
                } else {
                    outline(g, m.rect(), Color.WHITE, new Color(color(m)), 2);
                }
            }
            if (highlighted != null) {
                outline(g, highlighted.rect(), Color.BLACK, new Color(HIGHLIGHT), 4);
            }
            LabelPlacer placer = new LabelPlacer(image.getWidth(), image.getHeight(), boxes);
            // The highlighted label is placed first so it gets the best spot, and drawn last.
            Rect highlightLabel = highlighted == null ? null : label(placer, highlighted, glyphScale);
            for (Mark m : marks) {
                if (m != highlighted) {
                    drawLabel(g, label(placer, m, glyphScale), m, Color.WHITE, new Color(color(m)), Color.WHITE, glyphScale);
                }
            }
            if (highlighted != null) {
                drawLabel(g, highlightLabel, highlighted, Color.BLACK, new Color(HIGHLIGHT), Color.BLACK, glyphScale);
            }
        } finally {
            g.dispose();
        }
    }

    static int color(Mark m) {
        return PALETTE[(m.mark() - 1) % PALETTE.length];
    }

    /** The footprint of a label, border included, for the number of {@code m}. */
    private static Rect label(LabelPlacer placer, Mark m, int scale) {
        String text = Integer.toString(m.mark());
        int w = DigitFont.width(text, scale) + 2 * PADDING + 2;
        int h = DigitFont.height(scale) + 2 * PADDING + 2;
        return placer.place(m.rect(), w, h);
    }

    private static void drawLabel(Graphics2D g, Rect at, Mark m, Color border, Color fill, Color text, int scale) {
        g.setColor(border);
        g.fillRect(at.x(), at.y(), at.width(), at.height());
        g.setColor(fill);
        g.fillRect(at.x() + 1, at.y() + 1, at.width() - 2, at.height() - 2);
        g.setColor(text);
        DigitFont.draw(g, Integer.toString(m.mark()), at.x() + 1 + PADDING, at.y() + 1 + PADDING, scale);
    }

    /**
     * A stroke of {@code thickness} whose innermost pixel lies on the box's own border and the rest
     * outside it, so the control's inside stays uncovered; halos frame the stroke.
     */
    private static void outline(Graphics2D g, Rect r, Color halo, Color stroke, int thickness) {
        int inset = 1;
        int outer = thickness - inset;
        ring(g, r.x() - outer - 1, r.y() - outer - 1, r.width() + 2 * (outer + 1), r.height() + 2 * (outer + 1), 1, halo);
        ring(g, r.x() - outer, r.y() - outer, r.width() + 2 * outer, r.height() + 2 * outer, thickness, stroke);
        if (thickness > 2) {
            ring(g, r.x() + inset, r.y() + inset, r.width() - 2 * inset, r.height() - 2 * inset, 1, halo);
        }
    }

    private static void ring(Graphics2D g, int x, int y, int w, int h, int t, Color c) {
        if (w <= 0 || h <= 0) {
            return;
        }
        g.setColor(c);
        if (w <= 2 * t || h <= 2 * t) {
            g.fillRect(x, y, w, h);
            return;
        }
        g.fillRect(x, y, w, t);
        g.fillRect(x, y + h - t, w, t);
        g.fillRect(x, y + t, t, h - 2 * t);
        g.fillRect(x + w - t, y + t, t, h - 2 * t);
    }
}
