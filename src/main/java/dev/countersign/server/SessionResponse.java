package dev.countersign.server;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * The response the SDK writes to. When it announces a new session, the agent is given a 256-bit
 * id bound to it instead of the SDK's own (see {@link SessionBook}). When it answers with an HTTP
 * error, its body — in SDK 2.1.0 a serialized Java exception with a stack trace — is swallowed
 * and {@link GuardFilter} writes a JSON-RPC error object instead. Its answer to the request goes
 * out in one write with the end of the body ({@link AnswerWriter}).
 */
final class SessionResponse extends NoCorsResponse {
    /**
     * The body Jetty holds before it must send part of it (its default is 32 KiB): an observation
     * of a few hundred elements (~31 KB for gtk3-widget-factory's 148) goes out in one write. Not
     * more: Jetty's buffer pool keeps buffers up to 64 KiB, and a larger one was allocated and
     * zeroed for every answer, which cost more than the write it saved. A larger answer goes out as
     * it did before, in chunks.
     */
    static final int ANSWER_BUFFER_BYTES = 64 * 1024;

    private final SessionBook sessions;
    private final String agentId;
    private int status = SC_OK;
    private boolean swallowed;
    private AnswerWriter writer;

    SessionResponse(HttpServletResponse response, SessionBook sessions, String agentId) {
        super(response);
        this.sessions = sessions;
        this.agentId = agentId;
    }

    @Override
    public void setHeader(String name, String value) {
        super.setHeader(name, translate(name, value));
    }

    @Override
    public void addHeader(String name, String value) {
        super.addHeader(name, translate(name, value));
    }

    @Override
    public void setStatus(int sc) {
        status = sc;
        if (sc >= 400) {
            swallowed = true;
        } else {
            super.setStatus(sc);
        }
    }

    @Override
    public int getStatus() {
        return swallowed ? status : super.getStatus();
    }

    @Override
    public void sendError(int sc) {
        setStatus(sc);
    }

    @Override
    public void sendError(int sc, String msg) {
        // The message may name Java types; it is replaced, not relayed.
        setStatus(sc);
    }

    @Override
    public void setContentType(String type) {
        if (!swallowed) {
            super.setContentType(type);
        }
    }

    @Override
    public void setContentLength(int len) {
        if (!swallowed) {
            super.setContentLength(len);
        }
    }

    @Override
    public void setContentLengthLong(long len) {
        if (!swallowed) {
            super.setContentLengthLong(len);
        }
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (swallowed) {
            return new PrintWriter(OutputStream.nullOutputStream());
        }
        if (writer == null) {
            if (!isCommitted()) {
                setBufferSize(ANSWER_BUFFER_BYTES);
            }
            writer = new AnswerWriter(super.getWriter());
        }
        return writer;
    }

    /**
     * The writer the SDK answers through. Its answer to the request — a JSON-RPC response, as an
     * event on the stream or as a plain JSON body — is not flushed on its own: the SDK completes
     * the response right after writing it, and Jetty then sends the answer with the end of the body
     * (or its length) in one write, instead of the answer and, a moment later, the end: the client
     * waits for one packet, not two. Whatever comes before the answer (progress notifications on
     * the stream) is flushed when the SDK flushes.
     */
    static final class AnswerWriter extends PrintWriter {
        private static final String EVENT_ANSWER = "data: {\"jsonrpc\":\"2.0\",\"id\":";
        private static final String PLAIN_ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":";
        private final PrintWriter inner;
        private boolean answered;

        AnswerWriter(PrintWriter inner) {
            super(inner);
            this.inner = inner;
        }

        @Override
        public void write(String s, int off, int len) {
            if (off == 0 && (s.startsWith(EVENT_ANSWER) || s.startsWith(PLAIN_ANSWER))) {
                answered = true;
            }
            super.write(s, off, len);
        }

        @Override
        public void flush() {
            if (!answered) {
                super.flush();
            }
        }

        /**
         * Whether the client is gone, as far as can be told. Once the answer is written it is held,
         * and asking would flush it (PrintWriter's checkError flushes): a client that left meanwhile
         * shows only when the response completes, and Jetty then drops the response.
         */
        @Override
        public boolean checkError() {
            return !answered && inner.checkError();
        }

        /** Whether the answer to the request has been written (and is held until the response completes). */
        boolean answered() {
            return answered;
        }
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (!swallowed) {
            return super.getOutputStream();
        }
        return new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                throw new IllegalStateException("a swallowed error body takes no async writes");
            }

            @Override
            public void write(int b) {
                // discarded
            }
        };
    }

    @Override
    public void flushBuffer() throws IOException {
        if (!swallowed) {
            super.flushBuffer();
        }
    }

    /** The HTTP error the SDK answered with, whose body the filter still has to write; 0 when none. */
    int swallowedStatus() {
        return swallowed ? status : 0;
    }

    private String translate(String name, String value) {
        if (value != null && GuardFilter.SESSION_HEADER.equalsIgnoreCase(name)) {
            return sessions.open(agentId, value);
        }
        return value;
    }
}
