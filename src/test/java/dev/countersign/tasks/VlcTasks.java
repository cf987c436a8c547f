package dev.countersign.tasks;

import dev.countersign.tasks.McpAgent.Node;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * VLC tasks (Qt 5, accessible with QT_LINUX_ACCESSIBILITY_ALWAYS_ON). VLC saves its preferences to
 * vlcrc when the person presses Save in its Preferences window; the checks read that file.
 */
final class VlcTasks {
    static final String APP = "vlc";

    private VlcTasks() {
    }

    static List<Task> all() {
        return List.of(new RecordingsFolder(), new AdvancedCheckBox("vlc-no-cone",
                "215dfd39-f493-4bc3-a027-8a97d72c61bf", "Don't show the cone on the start screen.",
                List.of("Interface", "Main interfaces", "Qt"), "Display background cone or art", "qt-bgcone"),
                new AdvancedCheckBox("vlc-stay-open", "5ac2891a-eacd-4954-b339-98abba077adb",
                        "Stop VLC from closing by itself when a video ends.", List.of("Playlist"), "Play and exit",
                        "play-and-exit"));
    }

    static Path vlcrc(Workspace ws) {
        return ws.file(".config/vlc/vlcrc");
    }

    static void start(Workspace ws, String... settings) throws Exception {
        Path rc = vlcrc(ws);
        Files.createDirectories(rc.getParent());
        // What a person answered on the first start (the privacy question), and their settings.
        Files.writeString(rc, "[qt]\nqt-privacy-ask=0\n" + String.join("\n", settings) + "\n");
        List<String> cmd = new ArrayList<>(List.of("vlc", "--no-audio", "--no-video-title-show"));
        Map<String, String> env = new java.util.HashMap<>(Map.of("QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1",
                "VLC_VERBOSE", "-1"));
        if ("root".equals(System.getProperty("user.name"))) {
            env.put("LD_PRELOAD", shim(ws).toString());
        }
        ws.start("vlc", cmd, env);
        if (!Workspace.eventually(Duration.ofSeconds(30), () -> ws.shows("VLC media player"))) {
            throw new IllegalStateException("VLC showed no window within 30 s: "
                    + Files.readString(ws.file("logs/vlc.log")));
        }
        Thread.sleep(1500);
    }

    /** Builds the start-up shim (see first-euid.c) into the workspace. */
    private static Path shim(Workspace ws) throws Exception {
        Path src = ws.file(".inputs/first-euid.c");
        Files.createDirectories(src.getParent());
        try (InputStream in = VlcTasks.class.getResourceAsStream("first-euid.c")) {
            Files.write(src, in.readAllBytes());
        }
        Path lib = ws.file(".inputs/first-euid.so");
        ws.run(List.of("cc", "-shared", "-fPIC", "-O2", "-o", lib.toString(), src.toString(), "-ldl"), Map.of(),
                Duration.ofSeconds(60));
        return lib;
    }

    /**
     * The value in effect for a key of vlcrc: its line, or, where VLC wrote the key commented out
     * because it holds the default, that default; null when the file has neither.
     */
    static String setting(Workspace ws, String key) throws Exception {
        Path rc = vlcrc(ws);
        if (!Files.exists(rc)) {
            return null;
        }
        String byDefault = null;
        for (String line : Files.readAllLines(rc)) {
            if (line.startsWith(key + "=")) {
                return line.substring(key.length() + 1);
            }
            if (line.startsWith("#" + key + "=")) {
                byDefault = line.substring(key.length() + 2);
            }
        }
        return byDefault;
    }

    /**
     * Opens a page of the simple Preferences by its category button. The button's accessible
     * "toggle" marks it checked without switching pages, so the agent then presses space on it, as
     * a person would with the keyboard: Qt clicks a focused button on space.
     */
    static void category(McpAgent agent, String category, String shows) throws InterruptedException {
        Node button = Steps.await(agent, APP, "Preferences", "check box", category);
        Steps.ok(agent.click(button), "open " + category);
        McpAgent.Observation o = agent.observe(APP, "Preferences");
        if (o.find(n -> shows.equals(McpAgent.Observation.plain(n.name()))).isEmpty()) {
            Steps.ok(agent.key(o.get("check box", category), "space"), "open " + category + " with the keyboard");
        }
        Steps.awaitAnywhere(agent, APP, n -> shows.equals(McpAgent.Observation.plain(n.name())),
                "the " + category + " page");
    }

    /** Adapted from OSWorld 8ba5ae7a-5ae5-4eab-9fcc-5dd4fe3abf89: recordings go to the Desktop. */
    static final class RecordingsFolder implements Task {
        static final String FIELD = "Record directory or filename";

        @Override
        public String id() {
            return "vlc-recordings-folder";
        }

        @Override
        public String osworld() {
            return "8ba5ae7a-5ae5-4eab-9fcc-5dd4fe3abf89";
        }

        @Override
        public String app() {
            return "VLC";
        }

        @Override
        public String instruction() {
            return "Keep my recordings in my Desktop folder.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Tools", "Preferences");
                category(agent, "Input / Codecs", FIELD);
                Node field = Steps.await(agent, APP, "Preferences", n -> "text".equals(n.role())
                        && FIELD.equals(McpAgent.Observation.plain(n.name())), "the recordings field");
                Steps.ok(agent.type(field, ws.file("Desktop").toString()), "type the folder");
                Steps.ok(agent.click(Steps.await(agent, APP, "Preferences", "push button", "Save")), "save");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            String want = ws.file("Desktop").toString();
            boolean set = Workspace.eventually(Duration.ofSeconds(5), () -> want.equals(setting(ws, "input-record-path")));
            return Verdict.of(set, "input-record-path is " + setting(ws, "input-record-path"));
        }
    }

    /**
     * Turns a setting off in the advanced ("All") preferences: the page is found in their tree,
     * the check box unchecked, and Save pressed. Adapted from the two OSWorld VLC tasks whose
     * setting has no place in the simple preferences; the setting starts on (as the task's person
     * has it) and must end 0 in vlcrc.
     */
    static final class AdvancedCheckBox implements Task {
        private final String id;
        private final String osworld;
        private final String instruction;
        private final List<String> page;
        private final String box;
        private final String key;

        AdvancedCheckBox(String id, String osworld, String instruction, List<String> page, String box, String key) {
            this.id = id;
            this.osworld = osworld;
            this.instruction = instruction;
            this.page = page;
            this.box = box;
            this.key = key;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public String osworld() {
            return osworld;
        }

        @Override
        public String app() {
            return "VLC";
        }

        @Override
        public String instruction() {
            return instruction;
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Tools", "Preferences");
                Node all = Steps.await(agent, APP, "Preferences", "radio button", "All");
                // Qt's "toggle" checks the radio without the dialog seeing a click: Countersign
                // clicks it with a guarded pointer click, and the advanced tree must then show.
                Steps.ok(agent.click(all), "show all settings");
                Steps.await(agent, APP, "Preferences", n -> "tree item".equals(n.role())
                        || "table cell".equals(n.role()), "the advanced settings tree");
                // The settings tree shows only what is scrolled into view; its search field (the
                // unnamed one above it) narrows it to the pages that hold the setting.
                McpAgent.Observation o = agent.observe(APP, "Preferences");
                Node search = o.get(n -> "text".equals(n.role()) && n.name() == null && n.has("editable"),
                        "the settings search field");
                Steps.ok(agent.type(search, box), "search the settings");
                String entry = page.get(page.size() - 1);
                Node row = Steps.await(agent, APP, "Preferences", n -> ("tree item".equals(n.role())
                        || "table cell".equals(n.role())) && entry.equals(n.name()), "the settings tree's entry " + entry);
                Steps.ok(agent.click(row), "open " + entry);
                Steps.check(agent, APP, "Preferences", box, false);
                Steps.ok(agent.click(Steps.await(agent, APP, "Preferences", "push button", "Save")), "save");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws, key + "=1");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            boolean off = Workspace.eventually(Duration.ofSeconds(5), () -> "0".equals(setting(ws, key)));
            return Verdict.of(off, key + " is " + setting(ws, key));
        }
    }
}
