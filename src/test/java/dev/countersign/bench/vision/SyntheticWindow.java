package dev.countersign.bench.vision;

import dev.countersign.core.Rect;
import dev.countersign.vision.MarkCandidate;
import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A deterministic, UI-like window picture with the frames of its controls: title bar, toolbar,
 * sidebar list, a form, a table of text and a photo-like area, so encoders meet the mix of flat
 * fills, anti-aliased text and noisy gradients that real captures have.
 */
public final class SyntheticWindow {
    private final BufferedImage image;
    private final List<MarkCandidate> candidates;

    private SyntheticWindow(BufferedImage image, List<MarkCandidate> candidates) {
        this.image = image;
        this.candidates = List.copyOf(candidates);
    }

    public BufferedImage image() {
        return image;
    }

    /** Controls in screen coordinates for a window whose top-left is at (origin, origin). */
    public List<MarkCandidate> candidates() {
        return candidates;
    }

    public static SyntheticWindow create(int width, int height, int controls, int origin, long seed) {
        Random random = new Random(seed);
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        List<MarkCandidate> out = new ArrayList<>();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(new Color(0xf5f5f7));
            g.fillRect(0, 0, width, height);
            g.setColor(new Color(0xe3e3e6));
            g.fillRect(0, 0, width, 38);
            g.setColor(new Color(0x333333));
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            g.drawString("Quarterly report — Countersign synthetic window", width / 2 - 170, 24);
            int sidebar = Math.min(260, width / 5);
            g.setColor(new Color(0xebebef));
            g.fillRect(0, 38, sidebar, height - 38);
            drawPhoto(img, sidebar + 40, height - 260, Math.min(420, width - sidebar - 80), 220, random);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            int index = 0;
            // Toolbar buttons.
            for (int x = sidebar + 16; x + 90 < width && index < controls; x += 104) {
                index = addButton(g, out, index, x, 50, 90, 28, "Action " + index, origin, random);
                if (x > sidebar + 104 * 10) {
                    break;
                }
            }
            // Sidebar items.
            for (int y = 100; y + 26 < height - 20 && index < controls && y < 100 + 26 * 20; y += 30) {
                index = addListItem(g, out, index, 12, y, sidebar - 24, 26, "Folder item " + index, origin);
            }
            // Form rows: a static label plus a text field and a check box.
            for (int y = 110; index < controls && y + 30 < height - 300; y += 40) {
                g.setColor(new Color(0x202020));
                g.drawString("Field label " + index, sidebar + 40, y + 18);
                out.add(new MarkCandidate(out.size(), "r" + out.size(), "label",
                        new Rect(origin + sidebar + 40, origin + y + 4, 90, 18), false, true));
                index = addTextField(g, out, index, sidebar + 160, y, 300, 28, "value " + random.nextInt(1000), origin);
                if (index < controls) {
                    index = addCheckBox(g, out, index, sidebar + 480, y + 6, origin);
                }
            }
            // A grid of buttons under the table fills the rest of the control budget.
            for (int y = height - 250; index < controls && y + 28 < height - 10; y += 36) {
                for (int x = sidebar + 500; index < controls && x + 96 < width; x += 104) {
                    index = addButton(g, out, index, x, y, 96, 28, "Grid " + index, origin, random);
                }
            }
            // A table of plain text that is not actionable, to give the encoder text-heavy rows.
            g.setColor(new Color(0x444444));
            for (int y = 120; y < height - 300; y += 20) {
                g.drawString("row " + y + "   " + Long.toHexString(random.nextLong()) + "   €"
                        + random.nextInt(100000) / 100.0, sidebar + 560, y);
            }
        } finally {
            g.dispose();
        }
        return new SyntheticWindow(img, out);
    }

    private static int addButton(Graphics2D g, List<MarkCandidate> out, int index, int x, int y, int w, int h,
                                 String text, int origin, Random random) {
        g.setColor(random.nextInt(4) == 0 ? new Color(0x0a66d8) : new Color(0xffffff));
        g.fillRoundRect(x, y, w, h, 8, 8);
        g.setColor(new Color(0xb8b8bd));
        g.drawRoundRect(x, y, w, h, 8, 8);
        g.setColor(new Color(0x1d1d1f));
        g.drawString(text, x + 10, y + 19);
        out.add(new MarkCandidate(out.size(), "r" + out.size(), "button", new Rect(origin + x, origin + y, w, h), true, false));
        return index + 1;
    }

    private static int addListItem(Graphics2D g, List<MarkCandidate> out, int index, int x, int y, int w, int h,
                                   String text, int origin) {
        g.setColor(new Color(0x5a5a5f));
        g.fillOval(x + 4, y + 7, 12, 12);
        g.setColor(new Color(0x1d1d1f));
        g.drawString(text, x + 24, y + 18);
        out.add(new MarkCandidate(out.size(), "r" + out.size(), "list item", new Rect(origin + x, origin + y, w, h), true, false));
        return index + 1;
    }

    private static int addTextField(Graphics2D g, List<MarkCandidate> out, int index, int x, int y, int w, int h,
                                    String text, int origin) {
        g.setColor(Color.WHITE);
        g.fillRect(x, y, w, h);
        g.setColor(new Color(0xa0a0a5));
        g.drawRect(x, y, w, h);
        g.setColor(new Color(0x1d1d1f));
        g.drawString(text, x + 8, y + 19);
        out.add(new MarkCandidate(out.size(), "r" + out.size(), "text field", new Rect(origin + x, origin + y, w, h), true, false));
        return index + 1;
    }

    private static int addCheckBox(Graphics2D g, List<MarkCandidate> out, int index, int x, int y, int origin) {
        g.setColor(Color.WHITE);
        g.fillRect(x, y, 16, 16);
        g.setColor(new Color(0x707075));
        g.drawRect(x, y, 16, 16);
        g.setColor(new Color(0x1d1d1f));
        g.drawString("Enabled", x + 24, y + 13);
        out.add(new MarkCandidate(out.size(), "r" + out.size(), "check box", new Rect(origin + x, origin + y, 80, 16), true, false));
        return index + 1;
    }

    /** A gradient with per-pixel noise, like a photo or video frame: the hard case for deflate. */
    private static void drawPhoto(BufferedImage img, int x0, int y0, int w, int h, Random random) {
        Graphics2D g = img.createGraphics();
        try {
            g.setPaint(new GradientPaint(x0, y0, new Color(0x3a6ea5), x0 + w, y0 + h, new Color(0xe0a060)));
            g.fillRect(x0, y0, w, h);
        } finally {
            g.dispose();
        }
        for (int y = y0; y < y0 + h && y < img.getHeight(); y++) {
            for (int x = x0; x < x0 + w && x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int n = random.nextInt(13) - 6;
                int r = clamp(((rgb >> 16) & 0xff) + n);
                int gr = clamp(((rgb >> 8) & 0xff) + n);
                int b = clamp((rgb & 0xff) + n);
                img.setRGB(x, y, (r << 16) | (gr << 8) | b);
            }
        }
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }
}
