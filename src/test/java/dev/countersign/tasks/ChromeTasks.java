package dev.countersign.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.tasks.McpAgent.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Chromium tasks. OSWorld runs Google Chrome; Debian has Chromium, whose settings pages are the
 * same but for some words. The browser gets a profile of the task's own, accessibility forced on
 * (as a screen reader would turn it on), and no first-run questions.
 */
final class ChromeTasks {
    static final String APP = "Chromium";

    private ChromeTasks() {
    }

    static List<Task> all() {
        return List.of(new DoNotTrack(), new ProfileName(), new DeleteOnClose(), new Bing(), new ForgetYoutube());
    }

    static Path profile(Workspace ws) {
        return ws.file(".config/chromium");
    }

    static void start(Workspace ws) throws Exception {
        start(ws, null);
    }

    /** Starts the browser on {@code page} (null for its new-tab page). */
    static void start(Workspace ws, String page) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("chromium", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--password-store=basic",
                "--force-renderer-accessibility", "--user-data-dir=" + profile(ws), "--window-position=0,0",
                "--window-size=1280,900"));
        if (page != null) {
            command.add(page);
        }
        ws.start("chromium", command, Map.of());
        if (!Workspace.eventually(Duration.ofSeconds(40), () -> ws.shows("Chromium"))) {
            throw new IllegalStateException("Chromium showed no window within 40 s");
        }
        Thread.sleep(2000);
    }

    /** Quits the browser, which writes its preferences, and reads them. */
    static JsonNode preferences(Workspace ws) throws Exception {
        ws.quit("chromium", Duration.ofSeconds(20));
        return new ObjectMapper().readTree(Files.readString(profile(ws).resolve("Default/Preferences")));
    }

    /** Goes to a page the way a person does: the address bar, the address typed, Return. */
    static void go(McpAgent agent, String address) throws InterruptedException {
        Node bar = Steps.await(agent, APP, null, "entry", "Address and search bar");
        Map<String, Object> typed = agent.type(bar, address);
        bar = Steps.await(agent, APP, null, "entry", "Address and search bar");
        if (bar.value() != null && bar.value().startsWith(address) && !bar.value().equals(address)) {
            // The bar completed the address inline (selected): Delete takes the completion away.
            Steps.ok(agent.key(bar, "Delete"), "drop the completion");
            bar = Steps.await(agent, APP, null, "entry", "Address and search bar");
        } else {
            Steps.ok(typed, "type the address");
        }
        Steps.fresh(agent, APP, n -> "entry".equals(n.role()) && "Address and search bar".equals(n.name()),
                "go to " + address, b -> agent.key(b, "Return"));
    }

    /** Adapted from OSWorld 030eeff7-b492-4218-b312-701ec99ee0cc: send "Do Not Track". */
    static final class DoNotTrack implements Task {
        static final String TOGGLE = "Send a \"Do Not Track\" request with your browsing traffic";

        @Override
        public String id() {
            return "chrome-do-not-track";
        }

        @Override
        public String osworld() {
            return "030eeff7-b492-4218-b312-701ec99ee0cc";
        }

        @Override
        public String app() {
            return "Chromium";
        }

        @Override
        public String instruction() {
            return "Turn on \u201cDo Not Track\u201d in the browser.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("settings", (agent, ws) -> {
                go(agent, "chrome://settings/cookies");
                Node toggle = Steps.await(agent, APP, null, "toggle button", TOGGLE);
                Steps.ok(agent.click(toggle), "turn on Do Not Track");
                Steps.ok(agent.click(Steps.await(agent, APP, null, "push button", "Confirm")), "confirm");
                Steps.await(agent, APP, null, n -> "toggle button".equals(n.role()) && TOGGLE.equals(n.name())
                        && n.has("checked"), "the toggle, on");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            JsonNode dnt = preferences(ws).path("enable_do_not_track");
            return Verdict.of(dnt.asBoolean(false), "enable_do_not_track is " + dnt);
        }
    }

    /** Adapted from OSWorld 2ae9ba84-3a0d-4d4c-8338-3a1478dc5fe3: the profile's name becomes Thomas. */
    static final class ProfileName implements Task {
        @Override
        public String id() {
            return "chrome-profile-name";
        }

        @Override
        public String osworld() {
            return "2ae9ba84-3a0d-4d4c-8338-3a1478dc5fe3";
        }

        @Override
        public String app() {
            return "Chromium";
        }

        @Override
        public String instruction() {
            return "My English name is now Thomas: rename my browser profile to Thomas.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("settings", (agent, ws) -> {
                go(agent, "chrome://settings/manageProfile");
                Node name = Steps.await(agent, APP, null, n -> "entry".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Name"), "the profile name field");
                Steps.ok(agent.type(name, "Thomas"), "type the name");
                name = Steps.await(agent, APP, null, n -> "entry".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Name"), "the profile name field");
                // The page saves the name when the field loses focus or on Return.
                Steps.ok(agent.key(name, "Tab"), "leave the field");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            JsonNode name = preferences(ws).path("profile").path("name");
            return Verdict.of("Thomas".equals(name.asText()), "profile.name is " + name);
        }
    }

    /** Adapted from OSWorld 99146c54-4f37-4ab8-9327-5f3291665e1e: delete site data whenever the browser closes. */
    static final class DeleteOnClose implements Task {
        @Override
        public String id() {
            return "chrome-delete-on-close";
        }

        @Override
        public String osworld() {
            return "99146c54-4f37-4ab8-9327-5f3291665e1e";
        }

        @Override
        public String app() {
            return "Chromium";
        }

        @Override
        public String instruction() {
            return "Make the browser delete my browsing data every time I close it.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("settings", (agent, ws) -> {
                go(agent, "chrome://settings/content/siteData");
                Steps.choose(agent, APP, n -> "radio button".equals(n.role()) && n.name() != null
                        && n.name().toLowerCase(java.util.Locale.ROOT).contains("when you close all windows"),
                        "the delete-on-close option");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            JsonNode cookies = preferences(ws).path("profile").path("default_content_setting_values").path("cookies");
            // 4 is "clear on exit" (session only) for the cookies content setting.
            return Verdict.of(cookies.asInt() == 4, "the default cookies setting is " + cookies);
        }
    }

    /** Adapted from OSWorld bb5e4c0d-f964-439c-97b6-bdb9747de3f4: Bing as the default search engine. */
    static final class Bing implements Task {
        @Override
        public String id() {
            return "chrome-bing";
        }

        @Override
        public String osworld() {
            return "bb5e4c0d-f964-439c-97b6-bdb9747de3f4";
        }

        @Override
        public String app() {
            return "Chromium";
        }

        @Override
        public String instruction() {
            return "Make Bing the search engine I use from the address bar.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("settings", (agent, ws) -> {
                go(agent, "chrome://settings/search");
                Node change = Steps.await(agent, APP, null, n -> "push button".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Change"), "the Change button of the search engine");
                Steps.ok(agent.click(change), "open the engine list");
                // The engines' radio buttons carry no names: each is named by the text beside it.
                Predicate<Node> bingText = n -> "static".equals(n.role()) && n.name() != null
                        && (n.name().equals("Bing") || n.name().equals("Microsoft Bing"));
                Steps.await(agent, APP, null, bingText, "Bing in the list");
                Node radio = agent.observe(APP).controlBeside(bingText, n -> "radio button".equals(n.role()), "Bing");
                Steps.ok(agent.click(radio), "choose Bing");
                Node again = agent.observe(APP).controlBeside(bingText, n -> "radio button".equals(n.role()), "Bing");
                if (!again.has("checked")) {
                    Steps.ok(agent.key(again, "space"), "choose Bing with space");
                }
                Steps.ok(agent.click(Steps.await(agent, APP, null, "push button", "Set as default")), "set as default");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            JsonNode engine = preferences(ws).path("default_search_provider_data").path("template_url_data");
            String name = engine.path("short_name").asText("");
            return Verdict.of(name.equals("Bing") || name.equals("Microsoft Bing"), "the default engine is '" + name
                    + "' (" + engine.path("keyword").asText("") + ")");
        }
    }

    /** Adapted from OSWorld 44ee5668-ecd5-4366-a6ce-c1c9b8d4e938: remove YouTube from the browsing history. */
    static final class ForgetYoutube implements Task {
        static final String SQL = """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                if sys.argv[2] == "seed":
                    base = 13_380_000_000_000_000  # microseconds since 1601: late 2024
                    pages = [("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "Music video - YouTube"),
                             ("https://www.youtube.com/results?search_query=gui+events", "gui events - YouTube"),
                             ("https://www.youtube.com/", "YouTube"),
                             ("https://docs.python.org/3/library/sqlite3.html", "sqlite3 — Python docs"),
                             ("https://en.wikipedia.org/wiki/Event-driven_programming", "Event-driven programming"),
                             ("https://www.youtube.com/watch?v=abc123", "Lecture 17 - YouTube")]
                    for i, (url, title) in enumerate(pages):
                        t = base + i * 60_000_000
                        cur = db.execute("INSERT INTO urls (url, title, visit_count, typed_count, last_visit_time, hidden)"
                                         " VALUES (?, ?, 1, 0, ?, 0)", (url, title, t))
                        db.execute("INSERT INTO visits (url, visit_time, from_visit, transition, segment_id, visit_duration)"
                                   " VALUES (?, ?, 0, 805306368, 0, 0)", (cur.lastrowid, t))
                    db.commit()
                else:
                    for (url,) in db.execute("SELECT url FROM urls"):
                        print(url)
                """;

        @Override
        public String id() {
            return "chrome-forget-youtube";
        }

        @Override
        public String osworld() {
            return "44ee5668-ecd5-4366-a6ce-c1c9b8d4e938";
        }

        @Override
        public String app() {
            return "Chromium";
        }

        @Override
        public String instruction() {
            return "YouTube fills my browsing history: remove every YouTube page from it, and nothing else.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("settings", (agent, ws) -> {
                go(agent, "chrome://history");
                Node search = Steps.await(agent, APP, null, n -> "entry".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Search history"), "the history search field");
                Steps.ok(agent.type(search, "youtube"), "search youtube");
                Steps.fresh(agent, APP, n -> "entry".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Search history"), "search", f -> agent.key(f, "Return"));
                Thread.sleep(800);
                // Every result's check box, one by one, then the toolbar's Delete and the confirmation.
                for (int i = 0; i < 10; i++) {
                    McpAgent.Observation o = agent.observe(APP);
                    java.util.Optional<Node> box = o.find(n -> "check box".equals(n.role()) && !n.has("checked")
                            && n.name() != null && n.name().contains("YouTube"));
                    if (box.isEmpty()) {
                        break;
                    }
                    Steps.ok(agent.click(box.get()), "select " + box.get().name());
                }
                Steps.ok(agent.click(Steps.await(agent, APP, null, "push button", "Delete")), "delete");
                // The confirmation is a dialog of its own with its own Delete button.
                Steps.await(agent, APP, null, "dialog", "Delete selected items");
                McpAgent.Observation o = agent.observe(APP);
                List<Node> nodes = o.nodes();
                Node confirm = nodes.subList(nodes.indexOf(o.get("dialog", "Delete selected items")), nodes.size())
                        .stream().filter(n -> "push button".equals(n.role()) && "Delete".equals(n.name())).findFirst()
                        .orElseThrow(() -> new McpAgent.PlanFailure("no Delete in the confirmation"));
                Steps.ok(agent.click(confirm), "confirm");
                Thread.sleep(1000);
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            // The browser makes its history database on a first start; the past visits are then written into it.
            start(ws);
            ws.quit("chromium", Duration.ofSeconds(20));
            Path script = Files.createDirectories(ws.file(".inputs")).resolve("history.py");
            Files.writeString(script, SQL);
            ws.run(List.of("/usr/bin/python3", script.toString(), profile(ws).resolve("Default/History").toString(),
                    "seed"), Map.of(), Duration.ofSeconds(20));
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            ws.quit("chromium", Duration.ofSeconds(20));
            List<String> urls = ws.run(List.of("/usr/bin/python3", ws.file(".inputs/history.py").toString(),
                    profile(ws).resolve("Default/History").toString(), "list"), Map.of(), Duration.ofSeconds(20))
                    .lines().toList();
            long youtube = urls.stream().filter(u -> u.contains("youtube")).count();
            long others = urls.stream().filter(u -> u.contains("python.org") || u.contains("wikipedia")).count();
            return Verdict.of(youtube == 0 && others == 2, youtube + " YouTube pages left, " + others + " of 2 others kept");
        }
    }
}
