package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent clicks LibreOffice's Tools › Options…, whose action is a modal dialog, over MCP through
 * the served app: the act's receipt comes back while the dialog is still open (it does not wait
 * for the dialog to close), and a later observation shows the dialog.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ModalDialogClickDesktopTest {
    @TempDir
    Path home;

    @Test
    void clickingToolsOptionsAnswersWhileTheOptionsDialogIsStillOpen(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 10, 10);
        try (HeadlessServed served = HeadlessServed.start(home, desktop.backend())) {
            McpSyncClient agent = served.agent("office");
            String pid = Long.toString(calc.app().pid());
            Map<String, Object> first = HeadlessServed.call(agent, "computer_observe",
                    Map.of("app", pid, "max_nodes", 2000, "max_depth", 16));
            String window = (String) window(first).get("id");
            // The menu bar appears twice: VCL's, under the root pane, is the one whose menus open by their action.
            Map<String, Object> tools = HeadlessServed.call(agent, "computer_act",
                    Map.of("ref", vclRef(first, "menu", "Tools"), "op", "click"));
            assertThat(tools).as("%s", tools).containsKey("receipt_id").doesNotContainEntry("status", "rejected");
            Map<String, Object>[] open = observation(agent, pid, window, "menu item", "Options...");

            Map<String, Object> options = HeadlessServed.call(agent, "computer_act",
                    Map.of("ref", vclRef(open[0], "menu item", "Options..."), "op", "click"));

            assertThat(options).as("the act's result: %s", options).containsKey("receipt_id")
                    .doesNotContainEntry("status", "rejected");
            // The dialog is open after the act answered: the answer did not wait for it to close.
            Map<String, Object>[] dialog = new Map[1];
            assertThat(TestDesktop.eventually(Duration.ofSeconds(15), () -> {
                dialog[0] = HeadlessServed.call(agent, "computer_observe", Map.of("app", pid));
                return String.valueOf(window(dialog[0]).get("title")).startsWith("Options");
            })).as("a later observation shows the Options dialog: %s", dialog[0]).isTrue();
            assertThat(names(dialog[0])).contains("OK", "Cancel");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object>[] observation(McpSyncClient agent, String pid, String window, String role,
            String name) throws InterruptedException {
        Map<String, Object>[] seen = new Map[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            seen[0] = HeadlessServed.call(agent, "computer_observe",
                    Map.of("app", pid, "window", window, "max_nodes", 2000, "max_depth", 16));
            return nodes(seen[0]).stream().anyMatch(n -> role.equals(n.get("role")) && name.equals(n.get("name")));
        })).as("%s '%s' shows", role, name).isTrue();
        return seen;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> window(Map<String, Object> observation) {
        return (Map<String, Object>) observation.get("window");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> nodes(Map<String, Object> observation) {
        return (List<Map<String, Object>>) observation.getOrDefault("nodes", List.of());
    }

    private static List<Object> names(Map<String, Object> observation) {
        return nodes(observation).stream().map(n -> n.get("name")).toList();
    }

    /** The ref of the one node with this role and name inside the root pane (VCL's menu bar). */
    private static String vclRef(Map<String, Object> observation, String role, String name) {
        List<Map<String, Object>> nodes = nodes(observation);
        List<String> refs = nodes.stream().filter(n -> role.equals(n.get("role")) && name.equals(n.get("name"))
                && underRootPane(nodes, n)).map(n -> (String) n.get("ref")).toList();
        assertThat(refs).as("one %s '%s' under the root pane", role, name).hasSize(1);
        return refs.get(0);
    }

    private static boolean underRootPane(List<Map<String, Object>> nodes, Map<String, Object> n) {
        for (Object p = n.get("parent"); p instanceof Number i && i.intValue() >= 0; p = nodes.get(i.intValue()).get("parent")) {
            if ("root pane".equals(nodes.get(((Number) p).intValue()).get("role"))) {
                return true;
            }
        }
        return false;
    }
}
