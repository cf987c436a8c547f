package dev.countersign.vision;

import java.awt.image.BufferedImage;

/** Row access to a {@link BufferedImage} as packed ARGB ints without forcing a whole-image copy. */
final class Pixels {
    private Pixels() {
    }

    /**
     * Reads row {@code y} as ARGB into {@code into}. For the packed-int layouts the raster's own
     * elements are copied (fast, and it does not "steal" the data buffer, which would disable
     * Java2D's acceleration of that image); other layouts go through the colour model.
     */
    static void readRow(BufferedImage image, int y, int[] into) {
        int width = image.getWidth();
        switch (image.getType()) {
            case BufferedImage.TYPE_INT_ARGB:
                image.getRaster().getDataElements(0, y, width, 1, into);
                break;
            case BufferedImage.TYPE_INT_RGB:
                image.getRaster().getDataElements(0, y, width, 1, into);
                for (int i = 0; i < width; i++) {
                    into[i] |= 0xff000000;
                }
                break;
            default:
                image.getRGB(0, y, width, 1, into, 0, width);
                break;
        }
    }
}
