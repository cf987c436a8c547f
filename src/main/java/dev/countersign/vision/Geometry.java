package dev.countersign.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import java.util.Objects;
import java.util.Optional;

/**
 * How one delivered attachment maps back to the screen: the window's frame in screen coordinates,
 * the captured (native) image size, the attachment size, and the one scale factor between them.
 *
 * <p>Three spaces meet here. Screen coordinates are what the Accessibility tree reports (points
 * on macOS, pixels on X11). Native pixels are the captured image; {@link #pixelRatio()} native
 * pixels make one screen unit (2 on a Retina display, 1 on X11). Attachment pixels are what the
 * model sees: native pixels times {@link #scale()}, which is at most 1. A pixel maps through its
 * centre, so attachment → screen → attachment lands within one pixel of where it started.
 */
public record Geometry(
        @JsonProperty("window") Rect window,
        @JsonProperty("native_width") int nativeWidth,
        @JsonProperty("native_height") int nativeHeight,
        @JsonProperty("attachment_width") int attachmentWidth,
        @JsonProperty("attachment_height") int attachmentHeight,
        @JsonProperty("scale") double scale,
        @JsonProperty("pixel_ratio") double pixelRatio) {

    /**
     * The longest attachment edge. Anthropic's vision models take images up to 1568 px on the long
     * edge and resize anything larger server-side (costing latency, not adding detail); OpenAI's
     * high-detail mode tiles at 2048/768 and Gemini at 768, so 1568 is a good fit for all of them.
     */
    public static final int MAX_LONG_EDGE = 1568;
    /**
     * The largest attachment area: about 1.19 megapixels (1092 × 1092), the area above which
     * Anthropic's models also downscale (~1,600 image tokens). Tokens grow with area, and agents
     * pay for every one, so a 1600 × 1000 window becomes 1381 × 863.
     */
    public static final long MAX_PIXELS = 1092L * 1092L;

    public Geometry {
        Objects.requireNonNull(window, "window");
        if (window.isEmpty()) {
            throw new IllegalArgumentException("the captured window has an empty frame: " + window);
        }
        if (nativeWidth < 1 || nativeHeight < 1 || attachmentWidth < 1 || attachmentHeight < 1) {
            throw new IllegalArgumentException("image sizes are positive, got native " + nativeWidth + "x"
                    + nativeHeight + ", attachment " + attachmentWidth + "x" + attachmentHeight);
        }
        if (!(scale > 0 && scale <= 1)) {
            throw new IllegalArgumentException("the attachment is never upscaled: 0 < scale <= 1, got " + scale);
        }
        if (!(pixelRatio > 0) || Double.isInfinite(pixelRatio)) {
            throw new IllegalArgumentException("pixel ratio is positive, got " + pixelRatio);
        }
    }

    /** The geometry for a capture of {@code window}, downscaled to fit {@link #MAX_LONG_EDGE} and {@link #MAX_PIXELS}. */
    public static Geometry forCapture(Rect window, int nativeWidth, int nativeHeight) {
        return forCapture(window, nativeWidth, nativeHeight, MAX_LONG_EDGE, MAX_PIXELS);
    }

    /**
     * The geometry for a capture of {@code window} with explicit limits. The pixel ratio is
     * derived from the widths; the heights must agree with it (within a pixel of rounding per
     * screen unit), otherwise the pixels do not show that frame and no mapping would be honest.
     */
    public static Geometry forCapture(Rect window, int nativeWidth, int nativeHeight, int maxLongEdge, long maxPixels) {
        if (nativeWidth < 1 || nativeHeight < 1 || window.isEmpty()) {
            throw new IllegalArgumentException("a capture has a positive size and a non-empty frame");
        }
        double ratio = nativeWidth / (double) window.width();
        double expectedHeight = window.height() * ratio;
        if (Math.abs(expectedHeight - nativeHeight) > Math.max(2, ratio + 1)) {
            throw new CountersignException(CountersignError.of(ErrorCode.CAPTURE_REJECTED,
                    "the captured image is " + nativeWidth + "x" + nativeHeight
                            + " but the window frame " + window.width() + "x" + window.height()
                            + " implies a height of " + Math.round(expectedHeight)));
        }
        double scale = Math.min(1.0, maxLongEdge / (double) Math.max(nativeWidth, nativeHeight));
        scale = Math.min(scale, Math.sqrt(maxPixels / ((double) nativeWidth * nativeHeight)));
        int aw = Math.max(1, (int) Math.floor(nativeWidth * scale));
        int ah = Math.max(1, (int) Math.floor(nativeHeight * scale));
        return new Geometry(window, nativeWidth, nativeHeight, aw, ah, scale, ratio);
    }

    /** The native image pixel under attachment pixel (x, y); INVALID_ARGUMENT outside the attachment. */
    public Point toNativePixel(String field, int x, int y) {
        requireInside(field, x, y);
        return new Point(clamp((int) Math.floor((x + 0.5) / scale), nativeWidth),
                clamp((int) Math.floor((y + 0.5) / scale), nativeHeight));
    }

    /**
     * The screen point under the centre of attachment pixel (x, y): where a click for it goes.
     * {@code field} names the argument ("point", "to") in the INVALID_ARGUMENT error for a point
     * outside the attachment.
     */
    public Point toScreen(String field, int x, int y) {
        requireInside(field, x, y);
        double perScreenUnit = scale * pixelRatio;
        // Clamped because a sliver window (1 px attachment edge from rounding) can put the
        // centre of its last attachment pixel past the frame.
        return new Point(window.x() + clamp((int) Math.floor((x + 0.5) / perScreenUnit), window.width()),
                window.y() + clamp((int) Math.floor((y + 0.5) / perScreenUnit), window.height()));
    }

    /** {@link #toScreen(String, int, int)} for the argument named "point". */
    public Point toScreen(int x, int y) {
        return toScreen("point", x, y);
    }

    /** The attachment pixel that shows screen point (x, y), if the point lies in the captured window. */
    public Optional<Point> toAttachment(int screenX, int screenY) {
        if (!window.contains(screenX, screenY)) {
            return Optional.empty();
        }
        double perScreenUnit = scale * pixelRatio;
        return Optional.of(new Point(
                clamp((int) Math.floor((screenX - window.x() + 0.5) * perScreenUnit), attachmentWidth),
                clamp((int) Math.floor((screenY - window.y() + 0.5) * perScreenUnit), attachmentHeight)));
    }

    /**
     * The attachment pixels covered by a screen rect, clipped to the attachment; empty when the
     * rect does not overlap the captured window. Edges round outward so a mark never cuts into
     * its control.
     */
    public Optional<Rect> toAttachment(Rect screen) {
        double k = scale * pixelRatio;
        int x0 = Math.max(0, (int) Math.floor((screen.x() - window.x()) * k));
        int y0 = Math.max(0, (int) Math.floor((screen.y() - window.y()) * k));
        int x1 = Math.min(attachmentWidth, (int) Math.ceil((screen.x() + (long) screen.width() - window.x()) * k));
        int y1 = Math.min(attachmentHeight, (int) Math.ceil((screen.y() + (long) screen.height() - window.y()) * k));
        if (screen.isEmpty() || x1 <= x0 || y1 <= y0) {
            return Optional.empty();
        }
        return Optional.of(new Rect(x0, y0, x1 - x0, y1 - y0));
    }

    /** Whether attachment pixel (x, y) lies in the attachment. */
    public boolean inAttachment(int x, int y) {
        return x >= 0 && y >= 0 && x < attachmentWidth && y < attachmentHeight;
    }

    private void requireInside(String field, int x, int y) {
        if (!inAttachment(x, y)) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field,
                    field + " (" + x + ", " + y + ") lies outside the " + attachmentWidth + "x"
                            + attachmentHeight + " attachment; use pixels of the delivered image"));
        }
    }

    private static int clamp(int v, int size) {
        return Math.max(0, Math.min(size - 1, v));
    }
}
