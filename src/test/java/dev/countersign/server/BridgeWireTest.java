package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.bridge.StdioBridge;
import org.junit.jupiter.api.Test;

/** The stdio bridge shares no code with the endpoint, only the wire: the path it dials is the endpoint's. */
class BridgeWireTest {
    @Test
    void theBridgeDialsThePathTheEndpointServes() {
        assertThat(StdioBridge.ENDPOINT_PATH).isEqualTo(McpEndpoint.PATH);
    }
}
