package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DesktopReadsTest {
    @Test
    void whatAReadThrewIsThrownAsItWasSoCallersHandleItAsBefore() {
        CountersignException gone = new CountersignException(CountersignError.of(ErrorCode.TARGET_CHANGED, "gone"));
        CompletableFuture<String> read = DesktopReads.start(() -> {
            throw gone;
        });
        assertThatThrownBy(() -> DesktopReads.result(read)).isSameAs(gone);
    }

    @Test
    void readsStartedTogetherRunAtOnce() throws Exception {
        // Each read waits until the other has started: run one after the other, neither would end.
        CountDownLatch both = new CountDownLatch(2);
        CompletableFuture<Boolean> a = DesktopReads.start(() -> meet(both));
        CompletableFuture<Boolean> b = DesktopReads.start(() -> meet(both));
        assertThat(DesktopReads.result(a)).isTrue();
        assertThat(DesktopReads.result(b)).isTrue();
    }

    private static boolean meet(CountDownLatch both) {
        both.countDown();
        try {
            return both.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void manyReadsAtOnceUseABoundedNumberOfThreadsAndAllComeBack() throws Exception {
        // Every read that got a thread of its own waits until the test lets go; the ones past the
        // bound run (and wait) on the caller's thread, so they are started from threads of the test.
        int reads = DesktopReads.MAX_THREADS * 3;
        CountDownLatch started = new CountDownLatch(reads);
        CountDownLatch release = new CountDownLatch(1);
        java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.ExecutorService callers = java.util.concurrent.Executors.newFixedThreadPool(reads);
        try {
            java.util.List<java.util.concurrent.Future<String>> results = new java.util.ArrayList<>();
            for (int i = 0; i < reads; i++) {
                String value = "read " + i;
                results.add(callers.submit(() -> DesktopReads.result(DesktopReads.start(() -> {
                    threads.add(Thread.currentThread().getName());
                    started.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return value;
                }))));
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).as("every read started, none waited for a thread").isTrue();
            long readers = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("desktop-read")).count();
            assertThat(readers).isLessThanOrEqualTo(DesktopReads.MAX_THREADS);
            assertThat(threads).as("the reads past the bound ran on their callers' threads").hasSizeGreaterThan(1);
            release.countDown();
            for (int i = 0; i < reads; i++) {
                assertThat(results.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("read " + i);
            }
        } finally {
            release.countDown();
            callers.shutdownNow();
        }
    }

    @Test
    void aResultComesBackOnTheCallersSide() {
        assertThat(DesktopReads.result(DesktopReads.start(() -> "window"))).isEqualTo("window");
    }
}
