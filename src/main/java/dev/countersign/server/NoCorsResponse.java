package dev.countersign.server;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.util.Locale;

/**
 * A response that drops every {@code Access-Control-*} header whoever sets it: the endpoint is
 * for local processes, never for web pages, so it grants no CORS at all (docs/endpoint.md,
 * "Security checks").
 */
class NoCorsResponse extends HttpServletResponseWrapper {
    NoCorsResponse(HttpServletResponse response) {
        super(response);
    }

    private static boolean cors(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).startsWith("access-control-");
    }

    @Override
    public void setHeader(String name, String value) {
        if (!cors(name)) {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (!cors(name)) {
            super.addHeader(name, value);
        }
    }
}
