package dev.countersign.remote;

import java.util.Map;

/**
 * A {@link RuntimeLink} that calls a {@link RuntimePort} in this process, as the runtime endpoint
 * would for one authenticated governor: the wire left out, so a test of the governing side needs
 * no second machine. It stands in for the network, never for the side under test.
 */
public final class PortLink implements RuntimeLink {
    private final RuntimePort port;
    private final String governor;
    public volatile boolean closed;

    public PortLink(RuntimePort port, String governor) {
        this.port = port;
        this.governor = governor;
    }

    @Override
    public Map<String, Object> call(String operation, Map<String, Object> arguments) {
        return port.call(governor, RuntimeOp.parse(operation, arguments));
    }

    @Override
    public void close() {
        closed = true;
    }
}
