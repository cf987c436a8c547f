package dev.countersign.desktop.linux;

import static dev.countersign.desktop.linux.DesktopTrees.find;
import static dev.countersign.desktop.linux.DesktopTrees.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AtspiRecheckTest {

    @Test
    void anElementThatIsStillThereReadsTheSame(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        ElementNode check = find(snapshot(backend, desktop.launchForm("", "")), "check box", "Remember me");

        Recheck r = backend.recheck(check.handle());

        assertThat(r).isInstanceOfSatisfying(Recheck.Present.class, p -> {
            assertThat(p.current().role()).isEqualTo("check box");
            assertThat(p.current().name()).isEqualTo("Remember me");
            assertThat(p.current().frame()).isEqualTo(check.frame());
            assertThat(p.current().handle()).isEqualTo(check.handle());
        });
    }

    @Test
    void afterARestartTheOldHandleIsGone(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp first = desktop.launchForm("", "");
        ElementNode check = find(snapshot(backend, first), "check box", "Remember me");
        desktop.stop(first);

        TestDesktop.TargetApp second = desktop.launchForm("", "");
        assertThat(second.pid()).isNotEqualTo(first.pid());
        ElementNode again = find(snapshot(backend, second), "check box", "Remember me");

        assertThat(backend.recheck(check.handle())).isInstanceOf(Recheck.Gone.class);
        assertThat(again.handle()).isNotEqualTo(check.handle());
        assertThat(backend.recheck(again.handle())).isInstanceOf(Recheck.Present.class);
    }

    @Test
    void afterAResizeTheFrameDiffers(TestDesktop desktop) throws Exception {
        DesktopBackend backend = desktop.backend();
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        ElementNode ok = find(snapshot(backend, form), "push button", "OK");
        String window = TestDesktop.run(List.of("xdotool", "search", "--sync", "--onlyvisible", "--pid",
                Long.toString(form.pid()), "--name", "Login Form")).trim();

        TestDesktop.run(List.of("xdotool", "windowsize", window, "500", "400"));

        assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> {
            Recheck r = backend.recheck(ok.handle());
            return r instanceof Recheck.Present && !ok.frame().equals(((Recheck.Present) r).current().frame());
        })).isTrue();
    }
}
