package dev.countersign.vision;

import java.awt.image.BufferedImage;

/**
 * The pixel check of docs/endpoint.md: rejects near-black and fully transparent captures and flags
 * near-white and near-uniform ones.
 *
 * <p>Every pixel is examined, not a grid sample: a terminal with one prompt on black, or a dark
 * window whose only content is a small icon, must not be called blank, and a full pass over a
 * 1600 × 1000 capture costs a few milliseconds, far less than encoding it. Luminance is Rec. 709
 * on the sRGB values (Y = 0.2126 R + 0.7152 G + 0.0722 B, 0–255); a pixel is visible when its
 * alpha is at least {@link #VISIBLE_ALPHA}.
 *
 * <ul>
 * <li><b>transparent</b> (rejected): fewer than {@link #signalPixels(long) signal} pixels are visible.
 * <li><b>near-black</b> (rejected): fewer than {@code signal} visible pixels have Y above
 *     {@link #BLACK_LUMA}. Signal is 0.01% of the pixels, at least 1: 160 pixels of a 1600 × 1000
 *     capture, so a 13 × 13 patch of content, or a line of prompt text, keeps a dark window alive.
 *     Dark themes (VS Code's #1e1e1e is Y 30) are above the threshold.
 * <li><b>near-white</b> (warning): fewer than 0.2% of visible pixels have Y below {@link #WHITE_LUMA}.
 * <li><b>near-uniform</b> (warning): at least 99.5% of visible pixels lie in one luminance band
 *     {@link #BAND} levels wide (e.g. an empty grey canvas, a loading screen).
 * </ul>
 */
public final class CaptureCheck {
    /** Alpha below this is treated as not shown: window shadows and rounded corners fade out. */
    public static final int VISIBLE_ALPHA = 16;
    /** Y at or below this counts as black: failed captures are 0, dark themes start near 30. */
    public static final int BLACK_LUMA = 20;
    /** Y at or above this counts as white. */
    public static final int WHITE_LUMA = 235;
    /** Width of the luminance band for the near-uniform check. */
    public static final int BAND = 12;

    private CaptureCheck() {
    }

    public static CaptureVerdict classify(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        Tally tally = new Tally();
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            Pixels.readRow(image, y, row);
            tally.add(row, 0, w);
        }
        return tally.verdict((long) w * h);
    }

    /** The same check over packed ARGB pixels, row-major, {@code width × height} of them. */
    public static CaptureVerdict classify(int[] argb, int width, int height) {
        if (width < 1 || height < 1 || argb.length < (long) width * height) {
            throw new IllegalArgumentException("need width*height ARGB pixels, got " + argb.length + " for "
                    + width + "x" + height);
        }
        Tally tally = new Tally();
        tally.add(argb, 0, width * height);
        return tally.verdict((long) width * height);
    }

    /** The number of pixels of content that keep a capture from being called blank: 0.01%, at least 1. */
    static long signalPixels(long pixels) {
        return Math.max(1, (pixels + 9_999) / 10_000);
    }

    /** One pass of counting; integer arithmetic only, so the verdict is exact and repeatable. */
    private static final class Tally {
        final long[] histogram = new long[256];
        long visible;
        long bright;
        long notWhite;

        void add(int[] argb, int from, int to) {
            for (int i = from; i < to; i++) {
                int p = argb[i];
                if ((p >>> 24) < VISIBLE_ALPHA) {
                    continue;
                }
                int luma = (2126 * ((p >>> 16) & 0xff) + 7152 * ((p >>> 8) & 0xff) + 722 * (p & 0xff)) / 10_000;
                histogram[luma]++;
            }
        }

        CaptureVerdict verdict(long pixels) {
            long window = 0;
            long best = 0;
            for (int luma = 0; luma < 256; luma++) {
                long n = histogram[luma];
                visible += n;
                if (luma > BLACK_LUMA) {
                    bright += n;
                }
                if (luma < WHITE_LUMA) {
                    notWhite += n;
                }
                window += n;
                if (luma >= BAND) {
                    window -= histogram[luma - BAND];
                }
                best = Math.max(best, window);
            }
            CaptureStats stats = new CaptureStats(pixels, visible, bright, notWhite, best);
            long signal = signalPixels(pixels);
            if (visible < signal) {
                return new CaptureVerdict.Rejected(CaptureVerdict.Rejected.TRANSPARENT, stats);
            }
            if (bright < signal) {
                return new CaptureVerdict.Rejected(CaptureVerdict.Rejected.NEAR_BLACK, stats);
            }
            if (notWhite * 1000 < visible * 2) {
                return new CaptureVerdict.Accepted(CaptureVerdict.Accepted.NEAR_WHITE, stats);
            }
            if (best * 1000 >= visible * 995) {
                return new CaptureVerdict.Accepted(CaptureVerdict.Accepted.NEAR_UNIFORM, stats);
            }
            return new CaptureVerdict.Accepted(null, stats);
        }
    }
}
