package dev.countersign.tasks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * GIMP 2.10 tasks: a GTK 2 app, which speaks AT-SPI through the gail and atk-bridge modules. GIMP
 * writes its settings (gimprc, action-history) when it quits, so each check first quits it the way
 * a person does (File › Quit), then reads them.
 */
final class GimpTasks {
    static final String APP = "gimp";

    private GimpTasks() {
    }

    static List<Task> all() {
        return List.of(new Vignette(), new LightTheme());
    }

    static Path settings(Workspace ws) {
        return ws.file(".config/GIMP/2.10");
    }

    static void start(Workspace ws, Path image) throws Exception {
        Files.createDirectories(settings(ws));
        List<String> cmd = new java.util.ArrayList<>(List.of("gimp", "--no-splash", "--no-fonts"));
        if (image != null) {
            cmd.add(image.toString());
        }
        ws.start("gimp", cmd, Map.of("GTK_MODULES", "gail:atk-bridge", "GIMP2_DIRECTORY", settings(ws).toString()));
        String title = image == null ? "GNU Image Manipulation Program" : "GIMP";
        if (!Workspace.eventually(Duration.ofSeconds(60), () -> ws.shows(title))) {
            throw new IllegalStateException("GIMP showed no window within 60 s");
        }
        Thread.sleep(2000);
    }

    /** Quits GIMP by its own menu (closing an open dialog first), as a person would, and waits for it. */
    static void quit(Workspace ws, String openDialogButton) throws Exception {
        if (openDialogButton != null) {
            Atspi.press(ws, APP, "push button", openDialogButton);
            Thread.sleep(500);
        }
        ws.setupKeys("– GIMP|GNU Image Manipulation Program", "ctrl+q");
        Thread.sleep(1500);
        if (Atspi.states(ws, APP, "push button", "Discard Changes").contains("showing")) {
            Atspi.press(ws, APP, "push button", "Discard Changes");
        }
        if (!Workspace.eventually(Duration.ofSeconds(20), () -> !ws.alive("gimp"))) {
            throw new IllegalStateException("GIMP did not quit");
        }
    }

    /** Adapted from OSWorld a746add2-cab0-4740-ac36-c3769d9bfb46: open the Vignette filter's window. */
    static final class Vignette implements Task {
        @Override
        public String id() {
            return "gimp-vignette";
        }

        @Override
        public String osworld() {
            return "a746add2-cab0-4740-ac36-c3769d9bfb46";
        }

        @Override
        public String app() {
            return "GIMP 2.10";
        }

        @Override
        public String instruction() {
            return "Open the Vignette filter's window for my picture.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Filters", "Light and Shadow", "Vignette");
                Steps.await(agent, APP, "Vignette", n -> true, "the Vignette window");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path picture = ws.file("Desktop/dog.png");
            ws.run(List.of("convert", "-size", "320x240", "gradient:khaki-sienna", picture.toString()), Map.of(),
                    Duration.ofSeconds(20));
            start(ws, picture);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            quit(ws, "Cancel");
            Path history = settings(ws).resolve("action-history");
            String text = Files.exists(history) ? Files.readString(history) : "";
            boolean opened = text.contains("filters-vignette");
            return Verdict.of(opened && !text.contains("error") && !text.contains("failed"),
                    opened ? "the action history records filters-vignette" : "no filters-vignette in the action history");
        }
    }

    /** Adapted from OSWorld 7767eef2-56a3-4cea-8c9f-48c070c7d65b: GIMP's theme from dark to light. */
    static final class LightTheme implements Task {
        @Override
        public String id() {
            return "gimp-light-theme";
        }

        @Override
        public String osworld() {
            return "7767eef2-56a3-4cea-8c9f-48c070c7d65b";
        }

        @Override
        public String app() {
            return "GIMP 2.10";
        }

        @Override
        public String instruction() {
            return "Change GIMP's theme from dark to light.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Edit", "Preferences");
                // GTK 2 rows take no click: the page and the theme are selected in their lists.
                // The tree's rows are unnamed cells holding an icon cell and a named cell: the row is selected.
                Steps.await(agent, APP, "Preferences", n -> "table cell".equals(n.role()) && "Theme".equals(n.name()),
                        "the Theme page");
                McpAgent.Observation prefs = agent.observe(APP, "Preferences");
                McpAgent.Node page = prefs.get(n -> "table cell".equals(n.role()) && "Theme".equals(n.name()), "Theme");
                McpAgent.Node row = prefs.parentOf(page).filter(p -> "table cell".equals(p.role())).orElse(page);
                Steps.ok(agent.act(row.ref(), "select", Map.of()), "the Theme page");
                McpAgent.Node light = Steps.await(agent, APP, "Preferences", n -> "table cell".equals(n.role())
                        && "Light".equals(n.name()), "the Light theme");
                Steps.ok(agent.act(light.ref(), "select", Map.of()), "the Light theme");
                Steps.ok(agent.click(Steps.await(agent, APP, "Preferences", "push button", "OK")), "OK");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Files.createDirectories(settings(ws));
            // The person's GIMP uses the dark theme (2.10's default).
            Files.writeString(settings(ws).resolve("gimprc"), "(theme \"Dark\")\n");
            start(ws, null);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            quit(ws, null);
            Path rc = settings(ws).resolve("gimprc");
            String text = Files.exists(rc) ? Files.readString(rc) : "";
            boolean light = text.contains("(theme \"Light\")");
            return Verdict.of(light, light ? "gimprc says (theme \"Light\")" : "gimprc: " + text.lines()
                    .filter(l -> l.contains("theme")).toList());
        }
    }
}
