package dev.countersign.server;

import jakarta.servlet.http.HttpServletResponse;

/**
 * The response the SDK writes to: when it announces a new session, the agent is given a
 * 256-bit id bound to it instead of the SDK's own (see {@link SessionBook}).
 */
final class SessionResponse extends NoCorsResponse {
    private final SessionBook sessions;
    private final String agentId;

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

    private String translate(String name, String value) {
        if (value != null && GuardFilter.SESSION_HEADER.equalsIgnoreCase(name)) {
            return sessions.open(agentId, value);
        }
        return value;
    }
}
