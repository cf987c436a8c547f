package dev.countersign.tasks;

import dev.countersign.tasks.McpAgent.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Thunderbird tasks. The profile is the task's own: a mail account (POP, never contacted: it is
 * not checked at start-up or on a timer) with the identity "Anonym", and Local Folders. Thunderbird
 * keeps its settings in prefs.js, which it rewrites shortly after a change and when it quits.
 */
final class ThunderbirdTasks {
    static final String APP = "Thunderbird";

    private ThunderbirdTasks() {
    }

    static List<Task> all() {
        return List.of(new Signature(), new DarkTheme());
    }

    static Path profile(Workspace ws) {
        return ws.file(".thunderbird/task.default");
    }

    static void start(Workspace ws) throws Exception {
        Path profile = Files.createDirectories(profile(ws));
        StringBuilder prefs = new StringBuilder();
        Map<String, Object> p = new java.util.LinkedHashMap<>();
        p.put("mail.account.account1.server", "server1");
        p.put("mail.account.account2.identities", "id1");
        p.put("mail.account.account2.server", "server2");
        p.put("mail.accountmanager.accounts", "account2,account1");
        p.put("mail.accountmanager.defaultaccount", "account2");
        p.put("mail.accountmanager.localfoldersserver", "server1");
        p.put("mail.identity.id1.fullName", "Anonym");
        p.put("mail.identity.id1.useremail", "anonym@example.org");
        p.put("mail.identity.id1.valid", true);
        p.put("mail.server.server1.type", "none");
        p.put("mail.server.server1.hostname", "Local Folders");
        p.put("mail.server.server1.userName", "nobody");
        p.put("mail.server.server1.name", "Local Folders");
        p.put("mail.server.server1.directory-rel", "[ProfD]Mail/Local Folders");
        p.put("mail.server.server2.type", "pop3");
        p.put("mail.server.server2.hostname", "127.0.0.1");
        p.put("mail.server.server2.port", 9);
        p.put("mail.server.server2.name", "anonym@example.org");
        p.put("mail.server.server2.userName", "anonym");
        p.put("mail.server.server2.login_at_startup", false);
        p.put("mail.server.server2.check_new_mail", false);
        p.put("mail.server.server2.directory-rel", "[ProfD]Mail/127.0.0.1");
        p.put("mail.shell.checkDefaultClient", false);
        p.put("mailnews.start_page.enabled", false);
        p.put("mail.provider.enabled", false);
        p.put("mail.rights.version", 1);
        p.put("mail.spotlight.firstRunDone", true);
        p.put("datareporting.policy.dataSubmissionEnabled", false);
        p.put("toolkit.telemetry.reportingpolicy.firstRun", false);
        p.put("app.update.enabled", false);
        for (Map.Entry<String, Object> e : p.entrySet()) {
            Object v = e.getValue();
            prefs.append("user_pref(\"").append(e.getKey()).append("\", ")
                    .append(v instanceof String ? "\"" + v + "\"" : v).append(");\n");
        }
        Files.writeString(profile.resolve("user.js"), prefs);
        ws.start("thunderbird", List.of("thunderbird", "--profile", profile.toString(), "--no-remote"), Map.of());
        if (!Workspace.eventually(Duration.ofSeconds(60), () -> ws.shows("Mozilla Thunderbird"))) {
            throw new IllegalStateException("Thunderbird showed no window within 60 s");
        }
        Thread.sleep(3000);
    }

    /** The value prefs.js holds for a preference, unescaped; null when absent. */
    static String pref(Workspace ws, String name) throws Exception {
        Path file = profile(ws).resolve("prefs.js");
        if (!Files.exists(file)) {
            return null;
        }
        Matcher m = Pattern.compile("user_pref\\(\"" + Pattern.quote(name) + "\", \"((?:[^\"\\\\]|\\\\.)*)\"\\);")
                .matcher(Files.readString(file));
        return m.find() ? m.group(1).replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\") : null;
    }

    /** Adapted from OSWorld 3f28fe4f-5d9d-4994-a456-efd78cfae1a3: a plain-text signature of two lines. */
    static final class Signature implements Task {
        @Override
        public String id() {
            return "thunderbird-signature";
        }

        @Override
        public String osworld() {
            return "3f28fe4f-5d9d-4994-a456-efd78cfae1a3";
        }

        @Override
        public String app() {
            return "Thunderbird";
        }

        @Override
        public String instruction() {
            return "Give my mail account a plain-text signature: \u201cAnonym\u201d, then \u201cXYZ Lab\u201d on the next line.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("settings", (agent, ws) -> {
                Steps.ok(agent.click(Steps.await(agent, APP, null, "push button", "Account Settings")), "account settings");
                Node text = Steps.await(agent, APP, null, "entry", "Signature text:");
                // Typed text holds no line breaks: the second line follows a Return, as a person types it.
                Steps.ok(agent.type(text, "Anonym"), "type the first line");
                Steps.ok(agent.key(Steps.await(agent, APP, null, "entry", "Signature text:"), "Return"), "new line");
                Steps.ok(agent.act(Steps.await(agent, APP, null, "entry", "Signature text:").ref(), "type",
                        Map.of("text", "XYZ Lab", "mode", "insert")), "type the second line");
                // The settings page saves a field when it loses focus.
                Node next = Steps.await(agent, APP, null, "entry", "Reply from this identity when delivery headers match:");
                Steps.ok(agent.focus(next), "leave the field");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            boolean set = Workspace.eventually(Duration.ofSeconds(10),
                    () -> "Anonym\nXYZ Lab".equals(pref(ws, "mail.identity.id1.htmlSigText")));
            if (!set) {
                ws.quit("thunderbird", Duration.ofSeconds(20));
                set = "Anonym\nXYZ Lab".equals(pref(ws, "mail.identity.id1.htmlSigText"));
            }
            return Verdict.of(set, "the signature is " + String.valueOf(pref(ws, "mail.identity.id1.htmlSigText"))
                    .replace("\n", "\\n"));
        }
    }

    /** Adapted from OSWorld 10a730d5-d414-4b40-b479-684bed1ae522: the dark theme, everywhere. */
    static final class DarkTheme implements Task {
        @Override
        public String id() {
            return "thunderbird-dark-theme";
        }

        @Override
        public String osworld() {
            return "10a730d5-d414-4b40-b479-684bed1ae522";
        }

        @Override
        public String app() {
            return "Thunderbird";
        }

        @Override
        public String instruction() {
            return "I read mail late at night: turn on Thunderbird's full dark mode.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                // The menu bar is hidden; Settings (on the spaces toolbar) links to the add-ons.
                Steps.ok(agent.click(Steps.await(agent, APP, null, "push button", "Settings")), "settings");
                Steps.ok(agent.click(Steps.await(agent, APP, null, "link", "Add-ons and Themes")), "add-ons and themes");
                Steps.ok(agent.click(Steps.await(agent, APP, null, "page tab", "Themes")), "the themes");
                Steps.await(agent, APP, null, "heading", "Dark");
                // Each theme's card holds its name and then its own Enable button.
                McpAgent.Observation o = agent.observe(APP);
                List<Node> nodes = o.nodes();
                int dark = nodes.indexOf(o.get("heading", "Dark"));
                Node enable = nodes.subList(dark, nodes.size()).stream()
                        .filter(n -> "push button".equals(n.role()) && "Enable".equals(n.name())).findFirst()
                        .orElseThrow(() -> new McpAgent.PlanFailure("no Enable button on the Dark theme's card"));
                Steps.ok(agent.click(enable), "enable Dark");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            boolean dark = Workspace.eventually(Duration.ofSeconds(10), () -> {
                String id = pref(ws, "extensions.activeThemeID");
                return id != null && id.contains("dark");
            });
            return Verdict.of(dark, "extensions.activeThemeID is " + pref(ws, "extensions.activeThemeID"));
        }
    }
}
