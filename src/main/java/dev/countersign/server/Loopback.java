package dev.countersign.server;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;

/** What counts as "this machine" for the Host and Origin checks (DNS rebinding, CSRF). */
final class Loopback {
    private static final Set<String> NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private Loopback() {
    }

    /** A Host header naming a loopback host on exactly our port (a missing port means 80). */
    static boolean host(String header, int port) {
        if (header == null || header.isEmpty()) {
            return false;
        }
        String value = header.trim().toLowerCase(Locale.ROOT);
        int colon = value.lastIndexOf(':');
        if (colon < 0 || value.endsWith("]")) {
            return NAMES.contains(value) && port == 80;
        }
        String name = value.substring(0, colon);
        String digits = value.substring(colon + 1);
        if (!NAMES.contains(name) || digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(Character::isDigit)) {
            return false;
        }
        return Integer.parseInt(digits) == port;
    }

    /** An Origin that is a page served from this machine (http or https, any port); "null" is not. */
    static boolean origin(String header) {
        try {
            URI uri = new URI(header.trim());
            String scheme = uri.getScheme();
            String host = uri.getHost();
            if (scheme == null || host == null || uri.getRawPath() != null && !uri.getRawPath().isEmpty()) {
                return false;
            }
            boolean web = scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https");
            return web && NAMES.contains(host.toLowerCase(Locale.ROOT));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Whether a bind address keeps the endpoint on this machine. */
    static boolean bindable(InetAddress address) {
        return address.isLoopbackAddress();
    }
}
