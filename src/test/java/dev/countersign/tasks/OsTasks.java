package dev.countersign.tasks;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Tasks done in a terminal (a VTE terminal running bash, as GNOME's is). */
final class OsTasks {
    private OsTasks() {
    }

    static List<Task> all() {
        return List.of(new CopyJpgs());
    }

    /** Starts a terminal whose shell works in {@code folder}; returns its pid as an app name. */
    static String terminal(Workspace ws, Path folder) throws Exception {
        return terminal(ws, folder, "Terminal", null);
    }

    /**
     * A terminal titled {@code title} whose shell first runs {@code startup} (null for nothing), as
     * if the person had typed it before the agent came; returns its pid as an app name.
     */
    static String terminal(Workspace ws, Path folder, String title, String startup) throws Exception {
        List<String> command = new java.util.ArrayList<>();
        Path script = ws.file(".inputs/vte_terminal.py");
        Files.createDirectories(script.getParent());
        try (InputStream in = OsTasks.class.getResourceAsStream("/dev/countersign/driver/vte_terminal.py")) {
            Files.write(script, in.readAllBytes());
        }
        command.addAll(List.of("/usr/bin/python3", script.toString(), title, folder.toString()));
        if (startup != null) {
            Path rc = ws.file(".inputs/startup.sh");
            Files.writeString(rc, "PS1='$ '\n" + startup + "\n");
            command.add(rc.toString());
        }
        ws.start("terminal", command, Map.of());
        if (!Workspace.eventually(Duration.ofSeconds(20), () -> Files.readString(ws.file("logs/terminal.log"))
                .contains("shell "))) {
            throw new IllegalStateException("the terminal's shell did not start: "
                    + Files.readString(ws.file("logs/terminal.log")));
        }
        Thread.sleep(500);
        return ws.pid("terminal");
    }

    /** Adapted from OSWorld 23393935-50c7-4a86-aeea-2b78fd089c5c: copy every .jpg under photos into cpjpg. */
    static final class CopyJpgs implements Task {
        static final List<String> JPGS = List.of("emnlp2023.jpg", "hk_group_photo.jpg", "hong-kong-china.jpg",
                "wat-arun.jpg");

        @Override
        public String id() {
            return "terminal-copy-jpgs";
        }

        @Override
        public String osworld() {
            return "23393935-50c7-4a86-aeea-2b78fd089c5c";
        }

        @Override
        public String app() {
            return "Terminal (bash in VTE)";
        }

        @Override
        public String instruction() {
            return "Go through every folder under 'photos' and copy each .jpg file into a folder named 'cpjpg'.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("shell", (agent, ws) -> {
                String app = ws.pid("terminal");
                McpAgent.Node term = Steps.await(agent, app, null, n -> "terminal".equals(n.role()), "the terminal");
                Steps.ok(agent.type(term, "mkdir -p cpjpg && find photos -type f -name '*.jpg' -exec cp {} cpjpg/ \\;"),
                        "type the command");
                term = Steps.await(agent, app, null, n -> "terminal".equals(n.role()), "the terminal");
                Steps.ok(agent.key(term, "Return"), "run it");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path photos = ws.file("Desktop/photos");
            Map<String, String> where = Map.of("emnlp2023.jpg", "events", "hk_group_photo.jpg", "events/2023",
                    "hong-kong-china.jpg", "travel/asia", "wat-arun.jpg", "travel/asia/thailand");
            for (String jpg : JPGS) {
                Path dir = Files.createDirectories(photos.resolve(where.get(jpg)));
                ws.run(List.of("convert", "-size", "32x24", "xc:steelblue", dir.resolve(jpg).toString()), Map.of(),
                        Duration.ofSeconds(20));
            }
            // Not pictures to copy: another format, and a name that only contains "jpg".
            Files.writeString(Files.createDirectories(photos.resolve("notes")).resolve("list.txt"), "jpg files\n");
            ws.run(List.of("convert", "-size", "8x8", "xc:red", photos.resolve("travel/map.png").toString()), Map.of(),
                    Duration.ofSeconds(20));
            terminal(ws, ws.file("Desktop"));
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Path out = ws.file("Desktop/cpjpg");
            boolean done = Workspace.eventually(Duration.ofSeconds(10),
                    () -> Files.isDirectory(out) && names(out).size() >= JPGS.size());
            if (!done) {
                return Verdict.fail("cpjpg holds " + (Files.isDirectory(out) ? names(out) : "nothing (no folder)"));
            }
            TreeSet<String> got = names(out);
            return Verdict.of(got.equals(new TreeSet<>(JPGS)), "cpjpg holds " + got);
        }

        private static TreeSet<String> names(Path dir) throws Exception {
            try (Stream<Path> s = Files.list(dir)) {
                return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
            }
        }
    }
}
