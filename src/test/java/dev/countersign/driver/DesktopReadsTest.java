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
    void aResultComesBackOnTheCallersSide() {
        assertThat(DesktopReads.result(DesktopReads.start(() -> "window"))).isEqualTo("window");
    }
}
