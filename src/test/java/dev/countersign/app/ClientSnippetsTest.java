package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which command client configs and launch-at-login start Countersign with. */
class ClientSnippetsTest {

    @Test
    void theLauncherScriptWinsWhenItStartedUs() {
        assertThat(ClientSnippets.launcher("/src/countersign", "/Applications/Countersign.app/Contents/MacOS/Countersign"))
                .isEqualTo("/src/countersign");
    }

    @Test
    void aPackagedAppUsesItsOwnLauncherBecauseAMacHasNoCountersignOnItsPath() {
        assertThat(ClientSnippets.launcher(null, "/Applications/Countersign.app/Contents/MacOS/Countersign"))
                .isEqualTo("/Applications/Countersign.app/Contents/MacOS/Countersign");
    }

    @Test
    void otherwiseTheNameTheDebPutsOnThePath() {
        assertThat(ClientSnippets.launcher(" ", null)).isEqualTo("countersign");
    }
}
