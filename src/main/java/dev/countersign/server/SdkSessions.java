package dev.countersign.server;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends SDK sessions that {@link SessionBook} let go (evicted or idle). SDK 2.1.0 frees a session
 * only on an HTTP DELETE, so this hands the transport servlet a DELETE for that session, built
 * on the request being served, and discards the answer.
 */
final class SdkSessions {
    private static final Logger LOG = LoggerFactory.getLogger(SdkSessions.class);

    private final HttpServlet transport;
    private final AtomicInteger ended = new AtomicInteger();

    SdkSessions(HttpServlet transport) {
        this.transport = transport;
    }

    void end(HttpServletRequest during, HttpServletResponse response, String innerId) {
        HttpServletRequest delete = new HttpServletRequestWrapper(during) {
            @Override
            public String getMethod() {
                return "DELETE";
            }

            @Override
            public String getHeader(String name) {
                return GuardFilter.SESSION_HEADER.equalsIgnoreCase(name) ? innerId : super.getHeader(name);
            }

            @Override
            public Enumeration<String> getHeaders(String name) {
                return GuardFilter.SESSION_HEADER.equalsIgnoreCase(name)
                        ? Collections.enumeration(List.of(innerId)) : super.getHeaders(name);
            }

            @Override
            public int getContentLength() {
                return 0;
            }

            @Override
            public long getContentLengthLong() {
                return 0;
            }
        };
        // Everything the SDK answers to this DELETE is dropped: the real response belongs to the
        // request being served.
        Sink sink = new Sink(response);
        try {
            transport.service(delete, sink);
            if (sink.status < 300) {
                ended.incrementAndGet();
            }
        } catch (ServletException | IOException | RuntimeException e) {
            // Ending a session we already forgot is best effort; the SDK's own close on stop remains.
            LOG.debug("ending an evicted SDK session failed: {}", e.getClass().getSimpleName());
        }
    }

    /** How many SDK sessions were ended here (the SDK answered the DELETE with success). */
    int ended() {
        return ended.get();
    }

    /** A response that keeps nothing, so the DELETE's answer never reaches the real one. */
    private static final class Sink extends HttpServletResponseWrapper {
        Sink(HttpServletResponse response) {
            super(response);
        }

        private int status = SC_OK;

        @Override
        public void setStatus(int sc) {
            status = sc;
        }

        @Override
        public void setHeader(String name, String value) {
        }

        @Override
        public void addHeader(String name, String value) {
        }

        @Override
        public void setContentType(String type) {
        }

        @Override
        public void setCharacterEncoding(String charset) {
        }

        @Override
        public void setContentLength(int len) {
        }

        @Override
        public void setContentLengthLong(long len) {
        }

        @Override
        public void sendError(int sc) {
            status = sc;
        }

        @Override
        public void sendError(int sc, String msg) {
            status = sc;
        }

        @Override
        public PrintWriter getWriter() {
            return new PrintWriter(OutputStream.nullOutputStream());
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                }

                @Override
                public void write(int b) {
                }
            };
        }

        @Override
        public void flushBuffer() {
        }

        @Override
        public boolean isCommitted() {
            return false;
        }
    }
}
