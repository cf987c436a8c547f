package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Toolkit quirks and name suggestions, without a desktop. */
class ToolkitTest {

    @Nested
    class Gtk4Names {
        private final Toolkit gtk4 = new Toolkit("GTK", "4.8.3");

        @Test
        void aDoubledNameIsHalved() {
            assertThat(gtk4.cleanName("7 7")).isEqualTo("7");
            assertThat(gtk4.cleanName("Square Square")).isEqualTo("Square");
        }

        @Test
        void aClassNamePlaceholderBecomesEmpty() {
            assertThat(gtk4.cleanName("GtkButton")).isEmpty();
            assertThat(gtk4.cleanName("AdwLeaflet")).isEmpty();
        }

        @Test
        void ordinaryNamesAndOtherToolkitsPassThrough() {
            assertThat(gtk4.cleanName("Bora Bora Island")).isEqualTo("Bora Bora Island");
            assertThat(new Toolkit("gtk", "3.24.38").cleanName("7 7")).isEqualTo("7 7");
            assertThat(new Toolkit("gtk", "3.24.38").cleanName("GtkButton")).isEqualTo("GtkButton");
        }

        @Test
        void gtk4CountsVisibleAsSeenAndGtk3NeedsShowing() {
            long visibleOnly = 1L << AtspiNames.STATE_VISIBLE;
            assertThat(gtk4.seen(visibleOnly)).isTrue();
            assertThat(new Toolkit("gtk", "3.24.38").seen(visibleOnly)).isFalse();
        }
    }

    @Test
    void onlyGtk2sGailBridgeHasItsOpenMenusToldBySelection() {
        // GIMP 2.10 answers ToolkitName "GAIL" (GTK 2.24); GTK 3 and 4 answer "gtk"/"GTK".
        assertThat(new Toolkit("GAIL", "2.24.33").gail()).isTrue();
        assertThat(new Toolkit("gtk", "3.24.38").gail()).isFalse();
        assertThat(new Toolkit("GTK", "4.8.3").gail()).isFalse();
        assertThat(Toolkit.UNKNOWN.gail()).isFalse();
        assertThat(new Toolkit("GAIL", "2.24.33").seen(1L << AtspiNames.STATE_VISIBLE))
                .as("outside an open menu, gail's visible-only elements stay unseen").isFalse();
    }

    @Test
    void geckoAndUnknownToolkitsNeverGetGetActions() {
        assertThat(new Toolkit("Gecko", "153.8.0").actionListSafe()).isFalse();
        assertThat(Toolkit.UNKNOWN.actionListSafe()).isFalse();
        assertThat(new Toolkit("gtk", "3.24.38").actionListSafe()).isTrue();
        assertThat(new Toolkit("Qt", "5.15.8").actionListSafe()).isTrue();
    }

    @Test
    void geckoAndUnknownToolkitsAreNeverAskedForASelection() {
        assertThat(new Toolkit("Gecko", "153.8.0").selectionSafe()).isFalse();
        assertThat(Toolkit.UNKNOWN.selectionSafe()).isFalse();
        assertThat(new Toolkit("gtk", "3.24.38").selectionSafe()).isTrue();
        assertThat(new Toolkit("Qt", "5.15.8").selectionSafe()).isTrue();
    }

    @Test
    void qtAndUnknownToolkitsNeverGetGetAll() {
        assertThat(new Toolkit("Qt", "5.15.8").getAllSafe()).isFalse();
        assertThat(Toolkit.UNKNOWN.getAllSafe()).isFalse();
        assertThat(new Toolkit("gtk", "3.24.38").getAllSafe()).isTrue();
        assertThat(new Toolkit("Gecko", "153.8.0").getAllSafe()).isTrue();
    }

    @Test
    void aWrongAppNameGetsTheClosestRunningNames() {
        String hint = AppNames.suggestion("chromium-browser", List.of("Chromium", "Firefox", "mousepad", "soffice"));
        assertThat(hint).startsWith("; did you mean 'Chromium'");
        assertThat(AppNames.suggestion("calculator", List.of("gnome-calculator", "mousepad"))).contains("'gnome-calculator'");
        assertThat(AppNames.suggestion("x", List.of())).contains("no accessible application is running");
    }
}
