package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One segment per agent at a time; one agent's segment never holds up another agent's. */
class RunGateTest {
    private final RunGate gate = new RunGate(2);
    /** One thread per segment (the common pool may have a single thread on a small machine). */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private <T> CompletableFuture<T> segment(String agent, Supplier<T> body) {
        return CompletableFuture.supplyAsync(() -> gate.run(agent, body), threads);
    }

    /** A segment of {@code agent} that holds the gate until {@code release} opens. */
    private CompletableFuture<String> holding(String agent, CountDownLatch entered, CountDownLatch release) {
        return segment(agent, () -> {
            entered.countDown();
            await(release);
            return agent;
        });
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).as("released in time").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void anotherAgentsSegmentRunsWhileOneAgentsSegmentIsStillRunning() throws Exception {
        CountDownLatch aEntered = new CountDownLatch(1);
        CountDownLatch releaseA = new CountDownLatch(1);
        CompletableFuture<String> a = holding("agent-a", aEntered, releaseA);
        await(aEntered);

        String b = segment("agent-b", () -> "agent-b").get(5, TimeUnit.SECONDS);

        assertThat(b).isEqualTo("agent-b");
        assertThat(a).as("agent A's segment is still running").isNotDone();
        releaseA.countDown();
        assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo("agent-a");
    }

    /** Starts a segment of {@code agent} while the gate is held: it waits, and runs once {@code release} opens. */
    private void waitsUntilReleased(String agent, CountDownLatch release) throws Exception {
        AtomicInteger ran = new AtomicInteger();
        CompletableFuture<Integer> waiting = segment(agent, ran::incrementAndGet);
        Thread.sleep(200);
        assertThat(ran).as(agent + " waits for its turn").hasValue(0);
        release.countDown();
        assertThat(waiting.get(5, TimeUnit.SECONDS)).isEqualTo(1);
    }

    @Test
    void oneAgentsSegmentsRunOneAtATime() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = holding("agent-a", entered, release);
        await(entered);

        waitsUntilReleased("agent-a", release);
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("agent-a");
    }

    @Test
    void theProcessWideWidthMakesAThirdAgentWaitItsTurn() throws Exception {
        CountDownLatch entered = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> a = holding("agent-a", entered, release);
        CompletableFuture<String> b = holding("agent-b", entered, release);
        await(entered);

        waitsUntilReleased("agent-c", release);
        assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo("agent-a");
        assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo("agent-b");
    }
}
