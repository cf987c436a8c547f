package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.testkit.MemoryDesktop;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which roles a field in a secure field's place must have to inherit its secrecy, and what the
 * memory's bound may forget (StickySecureDesktopTest has the real apps).
 */
class SecureMemoryTest {

    @Test
    void textRolesAreKnownInEveryPlatformsSpellingAndOthersAreNot() {
        assertThat(SecureMemory.textLike("text")).isTrue();
        assertThat(SecureMemory.textLike("password text")).isTrue();
        assertThat(SecureMemory.textLike("Entry")).isTrue();
        assertThat(SecureMemory.textLike("AXTextField")).isTrue();
        assertThat(SecureMemory.textLike("AXSecureTextField")).isTrue();
        assertThat(SecureMemory.textLike("AXTextArea")).isTrue();
        assertThat(SecureMemory.textLike("combo box")).isTrue();
        assertThat(SecureMemory.textLike("search_field")).isTrue();
        assertThat(SecureMemory.textLike("push button")).isFalse();
        assertThat(SecureMemory.textLike("AXButton")).isFalse();
        assertThat(SecureMemory.textLike("texts")).isFalse();
        assertThat(SecureMemory.textLike("")).isFalse();
    }

    /**
     * A page that shows more password inputs than the memory holds, after the agent revealed one
     * field with its "Show password" toggle: the bound forgets the revealed field's entry, and
     * before the overflow rule the next observation returned the password in clear.
     */
    @Test
    void aFloodOfPasswordInputsCannotPushARevealedFieldOutOfMemory() {
        MemoryDesktop desktop = new MemoryDesktop();
        desktop.add("pw", new MemoryDesktop.Element("password text", "Password", null, new Rect(10, 10, 200, 24),
                Set.of("enabled", "showing", "visible", "editable"), List.of(), true));
        SecureMemory memory = new SecureMemory(desktop);
        AppInfo app = desktop.resolveApp(AppSelector.name(MemoryDesktop.APP));
        WindowInfo window = desktop.listWindows(app).get(0);
        SnapshotLimits limits = new SnapshotLimits(SnapshotLimits.MAX_NODES, 4);
        memory.snapshot(app, window, limits);

        // Revealed: the app now calls it a plain text field with the password as its value.
        MemoryDesktop.Element pw = desktop.elements.get("pw");
        pw.secure = false;
        pw.role = "text";
        pw.value = "hunter2";
        // Then page after page of password inputs, each in its own place.
        desktop.order.clear();
        int batch = SnapshotLimits.MAX_NODES - 1;
        for (int shown = 0; shown < 25_000; shown += batch) {
            desktop.order.clear();
            for (int i = shown; i < shown + batch; i++) {
                desktop.add("p" + i, new MemoryDesktop.Element("password text", "", null,
                        new Rect(i % 1000, 40 + i / 1000, 1, 1), Set.of("showing"), List.of(), true));
            }
            memory.snapshot(app, window, limits);
            desktop.order.forEach(desktop.elements::remove);
        }
        desktop.order.clear();
        desktop.order.add("pw");

        ElementNode seen = memory.snapshot(app, window, limits).nodes().stream()
                .filter(n -> "Password".equals(n.name())).findFirst().orElseThrow();
        assertThat(seen.secure()).isTrue();
        assertThat(seen.value()).as("the revealed password is never read").isNull();
    }
}
