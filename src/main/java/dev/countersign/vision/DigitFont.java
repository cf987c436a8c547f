package dev.countersign.vision;

import java.awt.Graphics2D;

/**
 * A built-in 5×7 bitmap font for the digits of mark numbers. Marks need only digits, and a bitmap
 * font draws the same pixels on every machine: no installed fonts, no fontconfig on a headless
 * server, no anti-aliasing that differs between JDKs, so golden images stay exact.
 */
final class DigitFont {
    static final int GLYPH_WIDTH = 5;
    static final int GLYPH_HEIGHT = 7;

    private static final String[][] GLYPHS = {
        {"01110", "10001", "10011", "10101", "11001", "10001", "01110"},
        {"00100", "01100", "00100", "00100", "00100", "00100", "01110"},
        {"01110", "10001", "00001", "00010", "00100", "01000", "11111"},
        {"11110", "00001", "00001", "01110", "00001", "00001", "11110"},
        {"00010", "00110", "01010", "10010", "11111", "00010", "00010"},
        {"11111", "10000", "11110", "00001", "00001", "10001", "01110"},
        {"00110", "01000", "10000", "11110", "10001", "10001", "01110"},
        {"11111", "00001", "00010", "00100", "01000", "01000", "01000"},
        {"01110", "10001", "10001", "01110", "10001", "10001", "01110"},
        {"01110", "10001", "10001", "01111", "00001", "00010", "01100"},
    };

    private DigitFont() {
    }

    /** Width in pixels of {@code text} at {@code scale}: glyphs with one scaled column between them. */
    static int width(String text, int scale) {
        return text.length() * GLYPH_WIDTH * scale + (text.length() - 1) * scale;
    }

    static int height(int scale) {
        return GLYPH_HEIGHT * scale;
    }

    /** Draws {@code digits} with its top-left at (x, y) in the graphics' current colour. */
    static void draw(Graphics2D g, String digits, int x, int y, int scale) {
        int cx = x;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("the mark font has digits only, got '" + c + "'");
            }
            String[] rows = GLYPHS[c - '0'];
            for (int row = 0; row < GLYPH_HEIGHT; row++) {
                for (int col = 0; col < GLYPH_WIDTH; col++) {
                    if (rows[row].charAt(col) == '1') {
                        g.fillRect(cx + col * scale, y + row * scale, scale, scale);
                    }
                }
            }
            cx += (GLYPH_WIDTH + 1) * scale;
        }
    }
}
