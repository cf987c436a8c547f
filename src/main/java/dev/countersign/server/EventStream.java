package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The answer to one stateless (MCP 2026-07-28) request. A request answered at once gets one
 * {@code application/json} body. A request that has something to say first — progress while the
 * person is asked, or a probe that the agent is still there — turns its answer into an SSE stream
 * scoped to that request: the events, then the answer, then the end of the stream. Only the
 * request's own thread writes, so events never interleave.
 *
 * <p>The revision has no stream resumption: a stream that breaks loses its request. A failed write
 * is how the endpoint learns that the agent went away, and it is the cancellation of the call.
 */
final class EventStream {
    private final HttpServletResponse response;
    private final ObjectMapper wire;
    private boolean streaming;
    private boolean broken;

    EventStream(HttpServletResponse response, ObjectMapper wire) {
        this.response = response;
        this.wire = wire;
    }

    /** Sends a JSON-RPC notification about this request (progress) as an SSE event. */
    void event(JsonNode message) throws IOException {
        start();
        write("event: message\ndata: " + text(message) + "\n\n");
    }

    /**
     * False once the agent's connection is known to be gone. A closed TCP connection is only noticed
     * on a write, so this sends an SSE comment, which clients ignore.
     */
    boolean alive() {
        if (broken) {
            return false;
        }
        try {
            start();
            write(": waiting for the person\n\n");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether the answer will be an SSE stream (something was sent before it). */
    boolean streaming() {
        return streaming;
    }

    /**
     * The answer: the last event of a stream, or the one JSON body with {@code status} when nothing
     * was sent before it. An agent that is gone simply does not get it.
     */
    void answer(int status, JsonNode message) throws IOException {
        if (broken) {
            return;
        }
        if (streaming) {
            event(message);
            return;
        }
        byte[] bytes = text(message).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private void start() throws IOException {
        if (streaming) {
            return;
        }
        streaming = true;
        response.setStatus(200);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-cache");
        // What MCP 2026-07-28 asks of every SSE answer, so that a proxy in between does not hold events.
        response.setHeader("X-Accel-Buffering", "no");
    }

    private void write(String text) throws IOException {
        try {
            OutputStream out = response.getOutputStream();
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException | IllegalStateException e) {
            broken = true;
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    private String text(JsonNode message) {
        try {
            return wire.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }
}
