package dev.countersign.server;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * The response the SDK writes to. When it announces a new session, the agent is given a 256-bit
 * id bound to it instead of the SDK's own (see {@link SessionBook}). When it answers with an HTTP
 * error, its body — in SDK 2.1.0 a serialized Java exception with a stack trace — is swallowed
 * and {@link GuardFilter} writes a JSON-RPC error object instead.
 */
final class SessionResponse extends NoCorsResponse {
    private final SessionBook sessions;
    private final String agentId;
    private int status = SC_OK;
    private boolean swallowed;

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
    public PrintWriter getWriter() throws java.io.IOException {
        return swallowed ? new PrintWriter(OutputStream.nullOutputStream()) : super.getWriter();
    }

    @Override
    public ServletOutputStream getOutputStream() throws java.io.IOException {
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
    public void flushBuffer() throws java.io.IOException {
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
