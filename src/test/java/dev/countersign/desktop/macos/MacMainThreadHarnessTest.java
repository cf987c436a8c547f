package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Pointer;
import dev.countersign.desktop.KeyInput;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Thread affinity on the framework harness: the harness runs a main thread (its main queue) and
 * counts every Text Input Sources or UCKeyTranslate call made on another thread, as macOS would end
 * the process for one; every harness test fails on such a call ({@link MacSim#assertBalanced}).
 * Here: a chord sent from pool threads reads the layout on the main thread, and the harness does
 * catch a read made elsewhere.
 */
@Tag("macos-sim")
class MacMainThreadHarnessTest extends HarnessBackendFixture {

    MacMainThreadHarnessTest() {
        super("buttons.json", "Editor", "com.example.editor");
    }

    @Test
    void chordsSentFromPoolThreadsReadTheLayoutOnTheMainThread() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sent.add(pool.submit(() -> backend.keys(new KeyInput.Keys("cmd+z"))));
            }
            for (Future<?> f : sent) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(sim.events()).contains("key down code=6 flags=0x100000");
        assertThat(sim.sim_thread_violations()).isZero();
    }

    @Test
    void theHarnessCatchesALayoutReadOffTheMainThread() {
        Pointer source = MacNative.Libs.CARBON.TISCopyCurrentKeyboardLayoutInputSource();
        Cf.release(source);
        assertThat(sim.sim_thread_violations()).isEqualTo(1);
        // Caught: cleared so this test's own ledger check passes.
        sim.sim_thread_violations_zero();
    }
}
