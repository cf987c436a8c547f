package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.DispatchRefusedException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Two agents at once: agent A's input has passed the guard's "nobody is asked" check and is being
 * injected when agent B's action needs the person. B's request (which shows the dialog) must wait
 * for A's input to finish, and A's next input must see the person asked: no dialog opens between a
 * check and the input it let through.
 */
class InputGateTest {
    private final ElementHandle field = new ElementHandle() { };
    private final CountDownLatch injecting = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger injected = new AtomicInteger();

    /** A backend whose focus move blocks until released, as a long injection would. */
    private DesktopBackend slow() {
        return (DesktopBackend) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DesktopBackend.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("focusForTyping")) {
                        injected.incrementAndGet();
                        injecting.countDown();
                        release.await(10, TimeUnit.SECONDS);
                        return new FocusProof(true, true, "focused");
                    }
                    return null;
                });
    }

    @Test
    void aDialogOpensOnlyAfterTheInputInFlightAndInputAfterItIsRefused() throws Exception {
        AtomicBoolean asked = new AtomicBoolean();
        InputGate gate = new InputGate();
        DesktopBackend guard = new SelfTargetGuard(slow(), null, asked::get, gate);

        CompletableFuture<FocusProof> agentA = CompletableFuture.supplyAsync(() -> guard.focusForTyping(field));
        assertThat(injecting.await(10, TimeUnit.SECONDS)).as("agent A's input is being injected").isTrue();
        // Agent B's risky action now queues its request: that makes the person asked.
        CompletableFuture<Void> agentB = CompletableFuture.runAsync(() -> gate.asking(() -> {
            asked.set(true);
            return null;
        }));

        // B is parked on the gate behind A's input: no timing involved, the gate's queue says so.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!gate.hasWaiting() && !agentB.isDone() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(agentB).as("the dialog waits for the input already in flight").isNotDone();
        assertThat(gate.hasWaiting()).as("agent B's request is queued on the gate").isTrue();
        assertThat(asked).as("nobody is marked asked while A's input is in flight").isFalse();
        release.countDown();
        assertThat(agentA.get(10, TimeUnit.SECONDS).proven()).isTrue();
        agentB.get(10, TimeUnit.SECONDS);

        assertThatThrownBy(() -> guard.focusForTyping(field)).isInstanceOf(DispatchRefusedException.class)
                .hasMessageContaining("approval dialog");
        assertThat(injected).as("nothing reached the backend once the person was asked").hasValue(1);
    }
}
