package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;

/** Small synthetic windows for rendering tests: half white, half black, with a few controls. */
final class Scenes {
    static final Rect WINDOW = new Rect(100, 200, 480, 320);

    private Scenes() {
    }

    static BufferedImage halfAndHalf() {
        BufferedImage img = new BufferedImage(WINDOW.width(), WINDOW.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, 240, 320);
            g.setColor(Color.BLACK);
            g.fillRect(240, 0, 240, 320);
            g.setColor(new Color(0xdddddd));
            g.fillRect(40, 60, 120, 30);
            g.setColor(new Color(0x333333));
            g.fillRect(300, 60, 120, 30);
        } finally {
            g.dispose();
        }
        return img;
    }

    /** Controls in screen coordinates: two buttons, a field at the very top edge, a label, a check box. */
    static List<MarkCandidate> controls() {
        return List.of(
                new MarkCandidate(0, "ref-a", "button", screen(40, 60, 120, 30), true, false),
                new MarkCandidate(1, "ref-b", "button", screen(300, 60, 120, 30), true, false),
                new MarkCandidate(2, "ref-c", "text field", screen(20, 0, 200, 24), true, false),
                new MarkCandidate(3, "ref-d", "label", screen(40, 150, 80, 16), false, true),
                new MarkCandidate(4, "ref-e", "check box", screen(300, 200, 18, 18), true, false),
                new MarkCandidate(5, "ref-f", "image", screen(40, 220, 100, 80), false, false));
    }

    static Rect screen(int x, int y, int w, int h) {
        return new Rect(WINDOW.x() + x, WINDOW.y() + y, w, h);
    }

    static Geometry geometry() {
        return Geometry.forCapture(WINDOW, WINDOW.width(), WINDOW.height());
    }
}
