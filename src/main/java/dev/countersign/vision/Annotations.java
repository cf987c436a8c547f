package dev.countersign.vision;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;

/**
 * Drawings for the approval dialog of a visual act: the point a click will hit and the arrow of a
 * drag, in attachment pixels, each dark red inside a white halo so it shows on any content.
 */
public final class Annotations {
    private static final Color INK = new Color(0xD0021B);
    private static final int RADIUS = 9;

    private Annotations() {
    }

    /** A copy of {@code image} to draw on, so the delivered attachment (and its hash) stays untouched. */
    public static BufferedImage copy(BufferedImage image) {
        ColorModel cm = image.getColorModel();
        return new BufferedImage(cm, image.copyData(null), cm.isAlphaPremultiplied(), null);
    }

    /** Draws a ring with a cross-hair centred on {@code p}. */
    public static void drawPoint(BufferedImage image, Point p) {
        Graphics2D g = image.createGraphics();
        try {
            g.setStroke(new BasicStroke(5f));
            g.setColor(Color.WHITE);
            crosshair(g, p);
            g.setStroke(new BasicStroke(3f));
            g.setColor(INK);
            crosshair(g, p);
        } finally {
            g.dispose();
        }
    }

    /** Draws the drag from {@code from} to {@code to}: a point at the start and an arrow head at the end. */
    public static void drawDragArrow(BufferedImage image, Point from, Point to) {
        Graphics2D g = image.createGraphics();
        try {
            for (int pass = 0; pass < 2; pass++) {
                g.setStroke(new BasicStroke(pass == 0 ? 5f : 3f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
                g.setColor(pass == 0 ? Color.WHITE : INK);
                g.drawLine(from.x(), from.y(), to.x(), to.y());
                arrowHead(g, from, to);
            }
        } finally {
            g.dispose();
        }
        drawPoint(image, from);
    }

    private static void crosshair(Graphics2D g, Point p) {
        g.drawOval(p.x() - RADIUS, p.y() - RADIUS, 2 * RADIUS, 2 * RADIUS);
        g.drawLine(p.x() - RADIUS - 5, p.y(), p.x() - 3, p.y());
        g.drawLine(p.x() + 3, p.y(), p.x() + RADIUS + 5, p.y());
        g.drawLine(p.x(), p.y() - RADIUS - 5, p.x(), p.y() - 3);
        g.drawLine(p.x(), p.y() + 3, p.x(), p.y() + RADIUS + 5);
    }

    private static void arrowHead(Graphics2D g, Point from, Point to) {
        double angle = Math.atan2(to.y() - from.y(), to.x() - from.x());
        int length = 16;
        for (double side : new double[] {-0.45, 0.45}) {
            int x = (int) Math.round(to.x() - length * Math.cos(angle + side));
            int y = (int) Math.round(to.y() - length * Math.sin(angle + side));
            g.drawLine(to.x(), to.y(), x, y);
        }
    }
}
