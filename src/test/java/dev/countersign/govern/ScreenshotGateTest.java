package dev.countersign.govern;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ScreenWindows;
import io.modelcontextprotocol.spec.McpSchema;
import java.awt.Color;
import java.awt.Graphics;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * A governed server's screenshot shows the screen as it was while the server captured it, and
 * answers a while later: every Countersign window on screen at any moment of that interval is
 * painted black, also one that closed (or moved) before the server returned.
 */
class ScreenshotGateTest {
    private static final Rect SCREEN = new Rect(0, 0, 200, 100);
    private static final long OWN = ProcessHandle.current().pid();
    /** The colour the Connect window's token is drawn in: it must not survive the mask. */
    private static final Color TOKEN = new Color(0xC0, 0x30, 0x30);

    /** A window stack the test moves windows on and off, as the person or the app would. */
    private static final class Stack implements ScreenWindows {
        final List<ScreenWindow> windows = new CopyOnWriteArrayList<>();

        @Override
        public List<ScreenWindow> stack() {
            return List.copyOf(windows);
        }

        @Override
        public Optional<ScreenWindow> focusedWindow() {
            return Optional.empty();
        }

        @Override
        public void close() {
        }
    }

    /** What the server captured: a grey desktop with the token drawn where the Connect window was. */
    private static McpSchema.CallToolResult capture(Rect connect) throws IOException {
        BufferedImage image = new BufferedImage(SCREEN.width(), SCREEN.height(), BufferedImage.TYPE_INT_RGB);
        Graphics g = image.getGraphics();
        g.setColor(new Color(0x80, 0x90, 0xA0));
        g.fillRect(0, 0, SCREEN.width(), SCREEN.height());
        g.setColor(TOKEN);
        g.fillRect(connect.x(), connect.y(), connect.width(), connect.height());
        g.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        return McpSchema.CallToolResult.builder()
                .content(List.of(new McpSchema.ImageContent(null, Base64.getEncoder().encodeToString(png.toByteArray()),
                        "image/png")))
                .isError(false).build();
    }

    private static BufferedImage decode(ScreenshotGate.Checked checked) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(checked.png()));
    }

    private static boolean showsToken(BufferedImage image, Rect r) {
        for (int y = r.y(); y < r.y() + r.height(); y++) {
            for (int x = r.x(); x < r.x() + r.width(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == (TOKEN.getRGB() & 0xFFFFFF)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void aCountersignWindowClosedBeforeTheServerReturnsIsStillMasked() throws IOException {
        Stack stack = new Stack();
        Rect connect = new Rect(40, 20, 60, 30);
        ScreenWindows.ScreenWindow window = new ScreenWindows.ScreenWindow(7, OWN, "Connect an agent", connect);
        stack.windows.add(window);
        McpSchema.CallToolResult captured = capture(connect);

        ScreenshotGate.Checked checked = ScreenshotGate.take(() -> {
            // The server captured the screen with the Connect window on it; the person closes it
            // before the server's answer arrives.
            stack.windows.remove(window);
            return captured;
        }, stack, SCREEN);

        assertThat(showsToken(decode(checked), connect)).as("the closed Connect window's pixels are painted black")
                .isFalse();
    }

    @Test
    void aCountersignWindowThatMovedDuringTheCaptureIsMaskedWhereItWasAndWhereItIs() throws IOException {
        Stack stack = new Stack();
        Rect before = new Rect(10, 10, 40, 30);
        Rect after = new Rect(120, 50, 40, 30);
        stack.windows.add(new ScreenWindows.ScreenWindow(7, OWN, "Connect an agent", before));
        McpSchema.CallToolResult captured = capture(before);

        BufferedImage image = decode(ScreenshotGate.take(() -> {
            stack.windows.set(0, new ScreenWindows.ScreenWindow(7, OWN, "Connect an agent", after));
            return captured;
        }, stack, SCREEN));

        assertThat(showsToken(image, before)).isFalse();
        assertThat(image.getRGB(after.x() + 1, after.y() + 1) & 0xFFFFFF).as("black where it is now").isZero();
    }

    @Test
    void anotherProcesssWindowIsLeftAsTheServerCapturedIt() throws IOException {
        Stack stack = new Stack();
        Rect other = new Rect(40, 20, 60, 30);
        stack.windows.add(new ScreenWindows.ScreenWindow(9, OWN + 1, "Editor", other));

        BufferedImage image = decode(ScreenshotGate.take(() -> {
            try {
                return capture(other);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, stack, SCREEN));

        assertThat(showsToken(image, other)).isTrue();
    }
}
