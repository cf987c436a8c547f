package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drop-downs as a person uses them, over MCP through the served app with the headless approver
 * (which refuses whatever would ask the person, so every act here that goes through asked
 * nobody): a combo box is named by its label and reports the item it shows; a click opens its
 * list; a click on an item picks it — the app itself reports the pick — and the combo box then
 * reads the new item. In a GTK 3 form and a {@code <select>} in Chromium and Firefox; a PyQt5
 * form's and a LibreOffice dialog's drop-downs are named, valued and opened (why their items are
 * not picked here: see each test).
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ComboBoxesDesktopTest {
    private static final Set<String> ITEM_ROLES = Set.of("menu item", "list item", "option", "table cell",
            "check menu item", "radio menu item");
    @TempDir
    Path dir;
    private HeadlessServed served;

    @AfterEach
    void stop() {
        if (served != null) {
            served.close();
        }
    }

    private McpSyncClient agent(TestDesktop desktop) throws Exception {
        served = HeadlessServed.start(dir, desktop.backend());
        return served.agent("combo");
    }

    private static Map<String, Object> observe(McpSyncClient agent, TestDesktop.TargetApp app) {
        return HeadlessServed.call(agent, "computer_observe", Map.of("app", Long.toString(app.app().pid())));
    }

    private static Map<String, Object> observe(McpSyncClient agent, TestDesktop.TargetApp app, String window) {
        return HeadlessServed.call(agent, "computer_observe", Map.of("app", Long.toString(app.app().pid()),
                "window", window, "max_depth", 16));
    }

    /** The id of the window titled {@code title} in a listing of the running apps, or null. */
    @SuppressWarnings("unchecked")
    private static String windowId(Map<String, Object> listing, String title) {
        for (Map<String, Object> app : (List<Map<String, Object>>) listing.getOrDefault("apps", List.of())) {
            for (Map<String, Object> w : (List<Map<String, Object>>) app.getOrDefault("windows", List.of())) {
                if (title.equals(w.get("title"))) {
                    return (String) w.get("id");
                }
            }
        }
        return null;
    }

    /** The observation's nodes; none for an observation refused while the app was changing (then looked at again). */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> nodes(Map<String, Object> seen) {
        return (List<Map<String, Object>>) seen.getOrDefault("nodes", List.of());
    }

    private static Optional<Map<String, Object>> node(Map<String, Object> seen, Predicate<Map<String, Object>> p) {
        return nodes(seen).stream().filter(p).findFirst();
    }

    private static Predicate<Map<String, Object>> combo(String name) {
        return n -> "combo box".equals(n.get("role")) && name.equals(n.get("name"));
    }

    private static Predicate<Map<String, Object>> item(String name) {
        return n -> ITEM_ROLES.contains(String.valueOf(n.get("role"))) && name.equals(n.get("name"));
    }

    private static Predicate<Map<String, Object>> text(String text) {
        return n -> text.equals(n.get("name")) || text.equals(n.get("value"));
    }

    private static Map<String, Object> click(McpSyncClient agent, Map<String, Object> node) {
        return HeadlessServed.call(agent, "computer_act", Map.of("ref", node.get("ref"), "op", "click"));
    }

    /**
     * The whole use of one drop-down: named {@code label} showing {@code shown}; a click opens its
     * list; a click on {@code pick} picks it, which the app reports as "picked …"; it then shows
     * {@code pick}. No act asks the person.
     */
    private static void picks(McpSyncClient agent, TestDesktop.TargetApp app, String label, String shown, String pick)
            throws InterruptedException {
        Map<String, Object> list = opens(agent, app, label, shown, pick);
        Map<String, Object> picked = click(agent, node(list, item(pick)).orElseThrow());
        assertThat(picked).as("picking an item asks nobody: %s", picked).doesNotContainKey("code");
        Map<String, Object>[] after = new Map[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            after[0] = observe(agent, app);
            return node(after[0], text("picked " + pick)).isPresent();
        })).as("the app reports the pick").isTrue();
        assertThat(node(after[0], combo(label))).as("the drop-down now shows the item picked")
                .hasValueSatisfying(n -> assertThat(n).containsEntry("value", pick));
    }

    /**
     * The first half of {@link #picks}: the drop-down is named and valued, and a click opens its
     * list, asking nobody; the observation in which the list shows {@code item}.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> opens(McpSyncClient agent, TestDesktop.TargetApp app, String label, String shown,
            String item) throws InterruptedException {
        return opens(agent, () -> observe(agent, app), () -> observe(agent, app), label, shown, item);
    }

    /** As above, the drop-down read by {@code look} and its open list by {@code lookAtList}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> opens(McpSyncClient agent, java.util.function.Supplier<Map<String, Object>> look,
            java.util.function.Supplier<Map<String, Object>> lookAtList, String label, String shown, String item)
            throws InterruptedException {
        Map<String, Object>[] seen = new Map[1];
        // A page lays out for a while after its window shows: the drop-down is on screen once it has a frame.
        assertThat(TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            seen[0] = look.get();
            return node(seen[0], combo(label).and(n -> n.get("frame") != null)).isPresent();
        })).as("a combo box named %s in %s", label, seen[0]).isTrue();
        Map<String, Object> box = node(seen[0], combo(label)).orElseThrow();
        if (shown == null) {
            assertThat(box).as("the item a LibreOffice drop-down shows is drawn, not exposed").doesNotContainKey("value");
        } else {
            assertThat(box).as("the drop-down reports the item it shows").containsEntry("value", shown);
            assertThat(nodes(seen[0])).as("no element is named by the item shown instead of its label")
                    .noneMatch(combo(shown));
        }

        Map<String, Object> opened = click(agent, box);
        assertThat(opened).as("the click opens the list, asking nobody: %s", opened).doesNotContainKey("code");
        assertThat(String.valueOf(opened.get("status"))).isIn("confirmed", "unknown");
        Map<String, Object>[] list = new Map[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            list[0] = lookAtList.get();
            return node(list[0], item(item)).isPresent();
        })).as("the list shows its items once open, after %s: %s", opened, list[0] == null ? null : nodes(list[0])
                .stream().filter(n -> String.valueOf(n.get("role")).matches("combo box|menu.*|list.*|option")).toList())
                .isTrue();
        return list[0];
    }

    @Test
    void aGtkDropDownIsNamedByItsLabelAndPickedWithTwoClicks(TestDesktop desktop) throws Exception {
        McpSyncClient agent = agent(desktop);
        TestDesktop.TargetApp form = desktop.launchScript("Combo form", "/dev/countersign/app/combo_form.py");

        picks(agent, form, "Fruit:", "Banana", "Cherry");

        // The combo box with an entry: named by its label too, its value the text it holds.
        assertThat(node(observe(agent, form), combo("City:")))
                .hasValueSatisfying(n -> assertThat(n).containsEntry("value", "Lisbon"));
    }

    /**
     * Qt draws a drop-down's list in a window of its own over the form, which the window stack
     * shows on top of the observed window at the item's point: a pointer click there (Qt's items
     * answer only to one) is refused, and nothing is picked.
     */
    @Test
    void aQtDropDownIsNamedByItsLabelAndOpensAndItsPopupItemIsNotClickedBlind(TestDesktop desktop) throws Exception {
        McpSyncClient agent = agent(desktop);
        TestDesktop.TargetApp form = desktop.launchCommand("Qt combo", Duration.ofSeconds(20),
                Map.of("QT_ACCESSIBILITY", "1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1"),
                d -> List.of("/usr/bin/python3", TestDesktop.copyResource("/dev/countersign/app/qt_combo.py", d).toString(), "Qt combo"));

        Map<String, Object> list = opens(agent, form, "Fruit:", "Banana", "Cherry");

        Map<String, Object> refused = click(agent, node(list, item("Cherry")).orElseThrow());
        assertThat(refused).as("%s", refused).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(refused.get("message"))).contains("covered by the window");
        assertThat(node(observe(agent, form), text("nothing picked"))).as("nothing was picked").isPresent();
    }

    @Test
    void aSelectInChromiumIsValuedAndPickedWithTwoClicks(TestDesktop desktop) throws Exception {
        McpSyncClient agent = agent(desktop);
        String page = TestDesktop.copyResource("/dev/countersign/app/select.html", dir).toUri().toString();
        TestDesktop.TargetApp chromium = desktop.launchCommand("Select Form - Chromium", Duration.ofSeconds(40),
                Map.of("GNOME_ACCESSIBILITY", "1"), d -> List.of("chromium", "--no-sandbox", "--disable-gpu",
                        "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--password-store=basic",
                        "--force-renderer-accessibility", "--user-data-dir=" + d.resolve("profile"),
                        "--window-position=0,0", "--window-size=900,700", page));

        picks(agent, chromium, "Colour", "Green", "Blue");
        readsItsGroupedItem(agent, chromium);
    }

    /**
     * Firefox's {@code <select>}: named by its label, reporting its item, picked with two clicks.
     * Its list is drawn by the browser window and shut down the moment it closes, and Firefox
     * crashed when an observation then asked that list for its selection — after the agent's pick
     * closed it, and after the person's Escape did. Both are observed here, and Firefox must still
     * be running, its drop-down reading the item picked.
     */
    @Test
    void aSelectInFirefoxIsPickedWithTwoClicksAndObservedSafelyOnceItsListCloses(TestDesktop desktop) throws Exception {
        McpSyncClient agent = agent(desktop);
        TestDesktop.TargetApp firefox = desktop.launchFirefox("Select Form — Mozilla Firefox",
                "/dev/countersign/app/select.html");

        picks(agent, firefox, "Colour", "Green", "Blue");
        observedSafely(agent, firefox, "Blue");
        readsItsGroupedItem(agent, firefox);

        // The person opens the list with the agent's click and closes it with Escape.
        opens(agent, firefox, "Colour", "Blue", "Red");
        TestDesktop.run(List.of("xdotool", "key", "Escape"));
        observedSafely(agent, firefox, "Blue");
    }

    /** The page's second drop-down, whose items are in {@code <optgroup>}s, reports the one selected in its second group. */
    private static void readsItsGroupedItem(McpSyncClient agent, TestDesktop.TargetApp app) {
        assertThat(node(observe(agent, app), combo("Size"))).as("a drop-down whose item is in a group")
                .hasValueSatisfying(n -> assertThat(n).containsEntry("value", "L"));
    }

    /** A few observations in a row, each showing the drop-down's item, and the app still running after them. */
    private static void observedSafely(McpSyncClient agent, TestDesktop.TargetApp app, String shown)
            throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            Map<String, Object>[] seen = new Map[1];
            assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
                seen[0] = observe(agent, app);
                return node(seen[0], combo("Colour")).filter(n -> shown.equals(n.get("value"))).isPresent();
            })).as("observation %d after the list closed shows %s: %s", i, shown, seen[0]).isTrue();
        }
        Thread.sleep(1000);
        assertThat(ProcessHandle.of(app.app().pid()).map(ProcessHandle::isAlive)).as("the app is still running")
                .contains(true);
    }

    /**
     * LibreOffice's GTK 3 dialogs draw a drop-down as an unnamed toggle button beside a hidden
     * combo box: the button is seen as the combo box, named by the hidden one's label, and a click
     * on it opens its list, asking nobody. The item it shows is drawn, not exposed, so the value is
     * read from the open list, a window of its own: its selected row.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aLibreOfficeDropDownIsSeenAsTheComboBoxItIsAndOpens(TestDesktop desktop) throws Exception {
        McpSyncClient agent = agent(desktop);
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 3, 3);
        // Opened the way a person's click would, not through the agent's path (a closed menu's items are not observed).
        Path press = calc.dir().resolve("atspi.py");
        try (var in = getClass().getResourceAsStream("/dev/countersign/tasks/atspi.py")) {
            Files.copy(in, press);
        }
        TestDesktop.run(List.of("/usr/bin/python3", press.toString(), "do", "soffice", "menu item", "Page Style..."));
        String[] dialog = new String[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            dialog[0] = windowId(HeadlessServed.call(agent, "computer_observe", Map.of()), "Page Style: Default");
            return dialog[0] != null;
        })).as("the Page Style dialog opens").isTrue();
        Map<String, Object> tab = node(observe(agent, calc, dialog[0]), n -> "page tab".equals(n.get("role")) && "Page".equals(n.get("name")))
                .orElseThrow();
        assertThat(click(agent, tab)).doesNotContainKey("code");
        // The open list is an untitled window of its own.
        Map<String, Object> list = opens(agent, () -> observe(agent, calc, dialog[0]), () -> {
            String popup = windowId(HeadlessServed.call(agent, "computer_observe", Map.of()), "");
            return popup == null ? Map.of("nodes", List.of()) : observe(agent, calc, popup);
        }, "Page layout:", null, "Mirrored");
        // It shows the item the drop-down had as its selected row.
        assertThat(node(list, item("Right and left"))).hasValueSatisfying(n ->
                assertThat((List<String>) n.get("states")).contains("selected"));
    }
}
