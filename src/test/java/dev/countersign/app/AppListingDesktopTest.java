package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code computer_observe} named no app, over MCP through the served app on the private desktop:
 * the running apps and their windows, so an agent names what it saw — a window id from the
 * listing observes that very window, titles are redacted like an observation's, and a wrong name is
 * answered with the closest running names.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AppListingDesktopTest {
    private static final String TOKEN = "cs_" + "Q".repeat(43);
    @TempDir
    Path dir;
    private HeadlessServed served;

    @AfterEach
    void stop() {
        if (served != null) {
            served.close();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void observeWithoutAppListsTheRunningAppsAndTheirWindows(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("ana", "hunter2");
        TestDesktop.TargetApp leaky = desktop.launchCommand("key " + TOKEN,
                d -> List.of("yad", "--text-info", "--title=key " + TOKEN));
        served = HeadlessServed.start(dir, desktop.backend());
        McpSyncClient agent = served.agent("agent");

        Map<String, Object> listing = HeadlessServed.call(agent, "computer_observe", Map.of());

        assertThat(listing).as("%s", listing).containsOnlyKeys("apps");
        List<Map<String, Object>> apps = (List<Map<String, Object>>) listing.get("apps");
        Map<String, Object> yad = apps.stream().filter(a -> ((Number) a.get("pid")).longValue() == form.pid())
                .findFirst().orElseThrow(() -> new AssertionError("the form is not listed: " + apps));
        assertThat(yad).containsEntry("name", "yad");
        assertThat((String) yad.get("toolkit")).startsWith("gtk");
        List<Map<String, Object>> windows = (List<Map<String, Object>>) yad.get("windows");
        assertThat(windows).singleElement().satisfies(w -> {
            assertThat(w).containsEntry("title", "Login Form");
            assertThat((List<?>) w.get("frame")).hasSize(4);
        });
        assertThat(String.valueOf(listing)).doesNotContain(TOKEN).contains("key [redacted:countersign_token]");
        assertThat(apps).noneMatch(a -> ((Number) a.get("pid")).longValue() == ProcessHandle.current().pid());

        // The listed window id observes that very window.
        Map<String, Object> seen = HeadlessServed.call(agent, "computer_observe",
                Map.of("app", Long.toString(form.pid()), "window", (String) windows.get(0).get("id")));
        assertThat((Map<String, Object>) seen.get("window")).containsEntry("title", "Login Form");
        assertThat(leaky.process().isAlive()).isTrue();
    }

    @Test
    void aWrongNameIsAnsweredWithTheClosestRunningNames(TestDesktop desktop) throws Exception {
        desktop.launchForm("ana", "hunter2");
        served = HeadlessServed.start(dir, desktop.backend());
        Map<String, Object> wrong = HeadlessServed.call(served.agent("agent"), "computer_observe",
                Map.of("app", "yadd"));
        assertThat(wrong).containsEntry("code", "INVALID_ARGUMENT").containsEntry("field", "app");
        assertThat(String.valueOf(wrong.get("message"))).contains("did you mean 'yad'");
    }
}
