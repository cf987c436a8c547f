package dev.countersign.server;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The request as the SDK sees it after {@link GuardFilter}: its body already read (and bounded),
 * and the agent's session id replaced by the SDK's own.
 */
final class AgentRequest extends HttpServletRequestWrapper {
    private final byte[] body;
    private final String innerSession;

    AgentRequest(HttpServletRequest request, byte[] body, String innerSession) {
        super(request);
        this.body = body;
        this.innerSession = innerSession;
    }

    @Override
    public String getHeader(String name) {
        if (GuardFilter.SESSION_HEADER.equalsIgnoreCase(name)) {
            return innerSession;
        }
        return super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        if (GuardFilter.SESSION_HEADER.equalsIgnoreCase(name)) {
            return innerSession == null ? Collections.emptyEnumeration()
                    : Collections.enumeration(List.of(innerSession));
        }
        return super.getHeaders(name);
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }

    @Override
    public ServletInputStream getInputStream() {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        return new ServletInputStream() {
            @Override
            public boolean isFinished() {
                return in.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("the body is already read; no async reads");
            }

            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return in.read(b, off, len);
            }
        };
    }

    @Override
    public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }
}
