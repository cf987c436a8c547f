package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import org.junit.jupiter.api.Test;

/** What runs of the macOS backend everywhere: the platform gate and the small pure tables. */
class MacDesktopBackendTest {

    @Test
    void theBackendExistsOnlyOnAMacAndElsewhereLoadsNoFramework() {
        boolean mac = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("mac");
        assertThat(MacNative.isMac()).isEqualTo(mac);
        if (mac) {
            MacDesktopBackend.create().close();
            return;
        }
        assertThatThrownBy(MacDesktopBackend::create).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isEqualTo(ErrorCode.UNSUPPORTED_PLATFORM));
    }

    @Test
    void onlyChromiumBrowsersGetTheEnhancedUserInterfaceSwitch() {
        assertThat(AppFlags.needsEnhancedUserInterface("com.google.Chrome")).isTrue();
        assertThat(AppFlags.needsEnhancedUserInterface("com.google.Chrome.canary")).isTrue();
        assertThat(AppFlags.needsEnhancedUserInterface("com.microsoft.edgemac")).isTrue();
        assertThat(AppFlags.needsEnhancedUserInterface("org.chromium.Chromium")).isTrue();
        assertThat(AppFlags.needsEnhancedUserInterface("com.apple.Safari")).isFalse();
        assertThat(AppFlags.needsEnhancedUserInterface("com.tinyspeck.slackmacgap")).isFalse();
        assertThat(AppFlags.needsEnhancedUserInterface(null)).isFalse();
    }

    @Test
    void floatNumberTypesBecomeDoublesAndTheRestLongs() {
        assertThat(CfNumberTypes.floating(CfNumberTypes.FLOAT64)).isTrue();
        assertThat(CfNumberTypes.floating(CfNumberTypes.CGFLOAT)).isTrue();
        assertThat(CfNumberTypes.floating(CfNumberTypes.FLOAT32)).isTrue();
        assertThat(CfNumberTypes.floating(4)).isFalse(); // kCFNumberSInt64Type
        assertThat(CfNumberTypes.floating(9)).isFalse(); // kCFNumberIntType
    }

    @Test
    void handlesStayOpaqueAndSecureNamesAreRecognisedBySubrole() {
        assertThat(AxNames.secure("AXTextField", "AXSecureTextField")).isTrue();
        assertThat(AxNames.secure("AXTextField", null)).isFalse();
        assertThat(AxNames.customAction("Name:Delete\nTarget:0x0")).isTrue();
        assertThat(AxNames.customAction("AXPress")).isFalse();
    }
}
