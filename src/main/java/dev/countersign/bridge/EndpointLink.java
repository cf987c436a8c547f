package dev.countersign.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How the stdio bridge reaches the endpoint: over its Unix-domain socket ({@link UnixLink}, the
 * default) or over loopback TCP ({@link HttpLink}, only for an explicit {@code --url}).
 */
interface EndpointLink {
    /** One HTTP exchange; the body stream stays open for SSE and closing it hangs up the call. */
    Reply send(String method, Map<String, String> headers, String body) throws IOException;

    /** Where the link goes, for messages. */
    String describe();

    /** An HTTP answer: status, headers (names lower-case) and the body as it arrives. */
    record Reply(int status, Map<String, String> headers, InputStream body) {
        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }
    }
}
