package dev.countersign.govern;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.vision.CaptureCheck;
import dev.countersign.vision.CaptureVerdict;
import dev.countersign.vision.Png;
import io.modelcontextprotocol.spec.McpSchema;
import java.awt.Color;
import java.awt.Graphics;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;
import javax.imageio.ImageIO;

/**
 * Countersign's capture checks on a governed server's screenshot before an agent sees it: the
 * image must decode as a PNG, a near-black or transparent capture is {@code CAPTURE_REJECTED}
 * (as for Countersign's own captures), and every pixel under a Countersign window on screen at
 * any read from just before the server was called to just after it answered is painted black (its
 * Connect window shows a token). Only the image and its size reach the agent; the
 * server's own words do not.
 */
final class ScreenshotGate {
    /** A checked screenshot: the PNG to hand on and its size (the space the agent's points are in). */
    record Checked(byte[] png, int width, int height) {
    }

    private ScreenshotGate() {
    }

    /**
     * Calls the server for its screenshot ({@code shot}) and checks it. The server captures at some
     * moment of the call and answers a while later (a second or more for {@code computer-use-mcp}),
     * so the windows to mask are read before the call and again after it, and every Countersign
     * window of either read is painted black: one closed or moved before the answer arrived was
     * still on the captured screen.
     */
    static Checked take(Supplier<McpSchema.CallToolResult> shot, ScreenWindows windows, Rect screen) {
        List<ScreenWindows.ScreenWindow> before = windows.stack();
        McpSchema.CallToolResult result = shot.get();
        List<ScreenWindows.ScreenWindow> during = new ArrayList<>(before);
        during.addAll(windows.stack());
        return check(result, during, screen);
    }

    /** Checks the server's answer, masking every Countersign window of {@code onScreen}. */
    static Checked check(McpSchema.CallToolResult result, List<ScreenWindows.ScreenWindow> onScreen, Rect screen) {
        if (Boolean.TRUE.equals(result.isError())) {
            throw new CountersignException(CountersignError.of(ErrorCode.CAPTURE_REJECTED,
                    "the governed server could not take a screenshot"));
        }
        McpSchema.ImageContent image = result.content().stream().filter(c -> c instanceof McpSchema.ImageContent)
                .map(c -> (McpSchema.ImageContent) c).findFirst()
                .orElseThrow(() -> new CountersignException(CountersignError.of(ErrorCode.CAPTURE_REJECTED,
                        "the governed server's screenshot holds no image")));
        byte[] png;
        BufferedImage decoded;
        try {
            png = Base64.getDecoder().decode(image.data());
            decoded = "image/png".equals(image.mimeType()) ? ImageIO.read(new ByteArrayInputStream(png)) : null;
        } catch (IllegalArgumentException | IOException e) {
            decoded = null;
            png = null;
        }
        if (decoded == null) {
            throw new CountersignException(CountersignError.of(ErrorCode.CAPTURE_REJECTED,
                    "the governed server's screenshot is not a PNG Countersign can read"));
        }
        if (CaptureCheck.classify(decoded) instanceof CaptureVerdict.Rejected rejected) {
            throw new CountersignException(rejected.error());
        }
        BufferedImage masked = masked(decoded, onScreen, screen);
        return new Checked(masked == decoded ? png : Png.encode(masked), decoded.getWidth(), decoded.getHeight());
    }

    /** The image with Countersign's own windows of {@code stack} painted black, or the same image when none shows. */
    static BufferedImage masked(BufferedImage image, List<ScreenWindows.ScreenWindow> stack, Rect screen) {
        long own = ProcessHandle.current().pid();
        double sx = (double) image.getWidth() / screen.width();
        double sy = (double) image.getHeight() / screen.height();
        BufferedImage out = image;
        for (ScreenWindows.ScreenWindow w : stack) {
            if (w.pid() != own) {
                continue;
            }
            Rect r = w.frame();
            int x0 = Math.max(0, (int) Math.floor((r.x() - screen.x()) * sx));
            int y0 = Math.max(0, (int) Math.floor((r.y() - screen.y()) * sy));
            int x1 = Math.min(image.getWidth(), (int) Math.ceil((r.x() - screen.x() + r.width()) * sx));
            int y1 = Math.min(image.getHeight(), (int) Math.ceil((r.y() - screen.y() + r.height()) * sy));
            if (x1 <= x0 || y1 <= y0) {
                continue;
            }
            if (out == image) {
                out = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
                out.getGraphics().drawImage(image, 0, 0, null);
            }
            Graphics g = out.getGraphics();
            g.setColor(Color.BLACK);
            g.fillRect(x0, y0, x1 - x0, y1 - y0);
            g.dispose();
        }
        return out;
    }
}
