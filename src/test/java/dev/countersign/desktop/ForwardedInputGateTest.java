package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Another runtime's input (a governed server's click) runs through the backend's
 * {@link DesktopBackend#asInput}: inside the guard's input gate and its "nobody is asked" rule, as
 * the backend's own input does. The "server" here is a counter: whether it was called is the outcome.
 */
class ForwardedInputGateTest {
    private final AtomicInteger serverCalls = new AtomicInteger();

    /** A platform backend that does nothing: forwarded input never goes through it. */
    private static DesktopBackend platform() {
        return (DesktopBackend) Proxy.newProxyInstance(ForwardedInputGateTest.class.getClassLoader(),
                new Class<?>[] {DesktopBackend.class}, (proxy, method, args) -> {
                    if (method.isDefault()) {
                        return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
                    }
                    return null;
                });
    }

    @Test
    void aForwardWhileThePersonIsAskedIsRefusedAndTheServerIsNotCalled() {
        DesktopBackend guard = new SecureMemory(new SelfTargetGuard(platform(), null, () -> true));

        assertThatThrownBy(() -> guard.asInput(serverCalls::incrementAndGet))
                .isInstanceOf(DispatchRefusedException.class).hasMessageContaining("approval dialog");
        assertThat(serverCalls).hasValue(0);
    }

    @Test
    void aDialogWaitsForTheForwardInFlightAndTheNextForwardIsRefused() throws Exception {
        AtomicBoolean asked = new AtomicBoolean();
        InputGate gate = new InputGate();
        DesktopBackend guard = new SelfTargetGuard(platform(), null, asked::get, gate);
        CountDownLatch inFlight = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);

        CompletableFuture<Integer> agentA = CompletableFuture.supplyAsync(() -> guard.asInput(() -> {
            inFlight.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return serverCalls.incrementAndGet();
        }));
        assertThat(inFlight.await(10, TimeUnit.SECONDS)).as("agent A's forward is at the server").isTrue();
        CompletableFuture<Void> agentB = CompletableFuture.runAsync(() -> gate.asking(() -> {
            asked.set(true);
            return null;
        }));
        // Not a timing claim: B must still be waiting while A holds the gate, however long we look.
        assertThatThrownBy(() -> agentB.get(300, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        assertThat(asked).isFalse();
        release.countDown();
        assertThat(agentA.get(10, TimeUnit.SECONDS)).isEqualTo(1);
        agentB.get(10, TimeUnit.SECONDS);

        assertThatThrownBy(() -> guard.asInput(serverCalls::incrementAndGet))
                .isInstanceOf(DispatchRefusedException.class);
        assertThat(serverCalls).as("nothing reached the server once the person was asked").hasValue(1);
    }

    @Test
    void aBackendWithoutAGuardRunsNoForwardedInput() {
        assertThatThrownBy(() -> platform().asInput(serverCalls::incrementAndGet))
                .isInstanceOfSatisfying(DispatchRefusedException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.UNSUPPORTED_PLATFORM));
        assertThat(serverCalls).hasValue(0);
    }
}
