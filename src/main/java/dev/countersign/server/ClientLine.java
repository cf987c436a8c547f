package dev.countersign.server;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The open response stream of one tool call, used only to notice that the agent went away while
 * the call waits for the person. Writing is the only way to find out: a closed TCP connection is
 * not reported until something is sent, so each probe sends an SSE comment (which clients ignore).
 * Only the waiting call's own thread writes to the stream while it waits, so the probe cannot
 * interleave with the SDK's messages.
 */
final class ClientLine {
    private final HttpServletResponse response;

    ClientLine(HttpServletResponse response) {
        this.response = response;
    }

    /** False once the agent's connection is known to be gone. */
    boolean alive() {
        String type = response.getContentType();
        if (type == null || !type.startsWith("text/event-stream")) {
            // Not a stream we may write comments into; nothing to learn.
            return true;
        }
        try {
            PrintWriter writer = response.getWriter();
            writer.write(": waiting for the person\n\n");
            writer.flush();
            return !writer.checkError();
        } catch (IOException | IllegalStateException e) {
            return false;
        }
    }
}
