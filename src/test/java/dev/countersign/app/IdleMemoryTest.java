package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Memory is given back once per quiet spell, after the agents stopped calling, never while they call. */
class IdleMemoryTest {
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger given = new AtomicInteger();
    private final IdleMemory idle = new IdleMemory(calls::get, now::get, given::incrementAndGet);

    private void later(long seconds) {
        now.addAndGet(seconds * 1_000_000_000L);
        idle.tick();
    }

    @Test
    void whileAgentsCallNothingIsGivenBack() {
        for (int i = 0; i < 20; i++) {
            calls.addAndGet(50);
            later(5);
        }
        assertThat(given).hasValue(0);
    }

    @Test
    void onceQuietForLongEnoughMemoryIsGivenBackOnce() {
        calls.addAndGet(50);
        later(5);
        later(IdleMemory.QUIET.toSeconds() - 1);
        assertThat(given).hasValue(0);
        later(1);
        assertThat(given).hasValue(1);
        later(60);
        later(60);
        assertThat(given).as("once per quiet spell").hasValue(1);
    }

    @Test
    void aNewBusySpellEarnsAnotherGiveBack() {
        calls.addAndGet(1);
        later(1);
        later(IdleMemory.QUIET.toSeconds());
        calls.addAndGet(1);
        later(1);
        later(IdleMemory.QUIET.toSeconds());
        assertThat(given).hasValue(2);
    }
}
