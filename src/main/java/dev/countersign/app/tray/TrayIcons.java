package dev.countersign.app.tray;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;

/**
 * Paints the tray icon for a state at any size, from the same 24-unit geometry as
 * {@code icons/tray-*.svg}: a filled seal with a check (idle, acting), an exclamation mark
 * (approval waiting) or pause bars (paused). Painted, not loaded, so every tray size is crisp.
 */
public final class TrayIcons {
    private TrayIcons() {
    }

    /**
     * The macOS menu-bar form of a state's icon: a template image, black on transparent, whose
     * only meaning is its alpha (macOS tints it for a light or dark menu bar, as it does its own).
     * The ring and check of {@code icons/menubar/countersign-template.svg}, on its 36-unit grid;
     * states differ by shape, never colour: a dot beside the check (acting), an exclamation mark
     * (approval waiting), pause bars, a cross (audit unwritable).
     */
    public static BufferedImage template(TrayState state, int size) {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.scale(size / 36.0, size / 36.0);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(2.6f));
            g.draw(new Ellipse2D.Double(3.5, 4.5, 27, 27));
            g.setStroke(new BasicStroke(3.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            switch (state) {
                case PAUSED:
                    g.fill(new RoundRectangle2D.Double(11.5, 11, 4, 14, 1.5, 1.5));
                    g.fill(new RoundRectangle2D.Double(18.5, 11, 4, 14, 1.5, 1.5));
                    break;
                case AUDIT_UNWRITABLE:
                    g.draw(new java.awt.geom.Line2D.Double(12, 12, 22, 24));
                    g.draw(new java.awt.geom.Line2D.Double(22, 12, 12, 24));
                    break;
                case APPROVAL_WAITING:
                    g.fill(new RoundRectangle2D.Double(15, 9.5, 4, 11.5, 2, 2));
                    g.fill(new Ellipse2D.Double(14.8, 23, 4.4, 4.4));
                    break;
                default:
                    Path2D check = new Path2D.Double();
                    check.moveTo(10, 18.5);
                    check.lineTo(15.5, 24);
                    check.lineTo(30, 8.5);
                    g.draw(check);
                    if (state == TrayState.ACTING) {
                        g.fill(new Ellipse2D.Double(25, 23, 6, 6));
                    }
                    break;
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    public static BufferedImage paint(TrayState state, int size) {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            double k = size / 24.0;
            g.scale(k, k);
            g.setColor(new Color(state.rgb()));
            g.fill(new Ellipse2D.Double(1.5, 1.5, 21, 21));
            g.setColor(Color.WHITE);
            switch (state) {
                case PAUSED:
                    g.fill(new RoundRectangle2D.Double(8, 7, 2.8, 10, 1, 1));
                    g.fill(new RoundRectangle2D.Double(13.2, 7, 2.8, 10, 1, 1));
                    break;
                case AUDIT_UNWRITABLE:
                    // A cross: nothing can be done until the log takes records again.
                    g.setStroke(new BasicStroke(2.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
                    g.draw(new java.awt.geom.Line2D.Double(8, 8, 16, 16));
                    g.draw(new java.awt.geom.Line2D.Double(16, 8, 8, 16));
                    break;
                case APPROVAL_WAITING:
                    g.fill(new RoundRectangle2D.Double(10.6, 5.5, 2.8, 8.5, 1.4, 1.4));
                    g.fill(new Ellipse2D.Double(10.5, 15.5, 3, 3));
                    break;
                default:
                    g.setStroke(new BasicStroke(2.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
                    Path2D check = new Path2D.Double();
                    check.moveTo(7, 12.5);
                    check.lineTo(10.5, 16);
                    check.lineTo(17, 8.5);
                    g.draw(check);
                    if (state == TrayState.ACTING) {
                        g.fill(new Ellipse2D.Double(16.5, 14.5, 4, 4));
                    }
                    break;
            }
        } finally {
            g.dispose();
        }
        return img;
    }
}
