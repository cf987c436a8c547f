package dev.countersign.tasks;

import dev.countersign.desktop.Thunderbird;
import dev.countersign.tasks.McpAgent.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Thunderbird tasks. The profile is the task's own ({@link Thunderbird#writeProfile}: a mail
 * account with the identity "Anonym", and Local Folders). Thunderbird
 * keeps its settings in prefs.js, which it rewrites shortly after a change and when it quits.
 */
final class ThunderbirdTasks {
    static final String APP = "Thunderbird";

    private ThunderbirdTasks() {
    }

    static List<Task> all() {
        return List.of(new Signature(), new DarkTheme(), new PromotionsFilter());
    }

    static Path profile(Workspace ws) {
        return ws.file(".thunderbird/task.default");
    }

    static void start(Workspace ws) throws Exception {
        Path profile = profile(ws);
        Thunderbird.writeProfile(profile);
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

    /** Adapted from OSWorld 5203d847-2572-4150-912a-03f062254390: a Promotions folder, and a filter that files "discount" mail there. */
    static final class PromotionsFilter implements Task {
        private static final String EDITOR = "Filter Rules";
        private static final String FILTERS = "Message Filters";

        @Override
        public String id() {
            return "thunderbird-promotions-filter";
        }

        @Override
        public String osworld() {
            return "5203d847-2572-4150-912a-03f062254390";
        }

        @Override
        public String app() {
            return "Thunderbird";
        }

        @Override
        public String instruction() {
            return "Make a local folder \u201cPromotions\u201d and a filter that moves inbox mail whose subject "
                    + "contains \u201cdiscount\u201d into it.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Node local = Steps.await(agent, APP, null, "tree item", "Local Folders");
                Map<String, Object> menu = agent.act(local.ref(), "menu", Map.of());
                if ("TARGET_CHANGED".equals(menu.get("code"))) {
                    // The row's centre is its label's: the menu is opened on what is there.
                    McpAgent.Observation o = agent.observe(APP);
                    Node row = o.get("tree item", "Local Folders");
                    int at = o.nodes().indexOf(row);
                    Node inner = o.nodes().stream().filter(n -> n.parent() != null && n.parent() == at).findFirst()
                            .orElseThrow(() -> new McpAgent.PlanFailure("nothing inside the Local Folders row"));
                    menu = agent.act(inner.ref(), "menu", Map.of());
                }
                Steps.ok(menu, "the folder's menu");
                Steps.ok(agent.click(Steps.awaitAnywhere(agent, APP, n -> n.name() != null
                        && n.name().startsWith("New Folder") && n.actions() != null && !n.actions().isEmpty(),
                        "New Folder")), "new folder");
                Node name = Steps.awaitAnywhere(agent, APP, n -> "entry".equals(n.role()) && n.has("editable")
                        && n.name() != null && n.name().startsWith("Name"), "the folder name");
                Steps.ok(agent.type(name, "Promotions"), "name it");
                Steps.ok(agent.click(Steps.awaitAnywhere(agent, APP, n -> "push button".equals(n.role())
                        && "Create Folder".equals(n.name()), "Create Folder")), "create");
                Steps.ok(agent.click(Steps.await(agent, APP, null, "tree item", "anonym@example.org")), "the account");
                Steps.ok(agent.click(Steps.await(agent, APP, null, "push button", "Manage message filters")), "filters");
                Steps.ok(agent.click(Steps.awaitAnywhere(agent, APP, n -> "push button".equals(n.role())
                        && isNew(n.name()), "New filter")), "new filter");
                // New… is a menu button: pressing it opens its menu (New…, Copy…) inside the
                // button, and the editor opens from the menu's own New… entry.
                Node opened = Steps.awaitAnywhere(agent, APP, n -> "entry".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Filter name") || "menu item".equals(n.role()) && isNew(n.name()),
                        "the filter editor or the New… button's menu");
                if ("menu item".equals(opened.role())) {
                    Steps.ok(agent.click(opened), "New… in the button's menu");
                }
                // The editor is a window of its own; the main window's Search entry is editable too.
                Node filterName = Steps.await(agent, APP, EDITOR, "entry", "Filter name:");
                Steps.ok(agent.type(filterName, "Discounts to Promotions"), "name the filter");
                // Each rule and each action is a row of the editor's lists; their fields carry no
                // names, the row's name reads them out ("Subject contains + −").
                McpAgent.Observation editor = agent.observe(APP, EDITOR);
                Node condition = editor.get(n -> "list item".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Subject contains"), "the condition's row");
                Node value = inRow(editor, condition, "entry").get(0);
                Steps.ok(agent.type(value, "discount"), "discount");
                // An observation carries one action: look again before the next.
                editor = agent.observe(APP, EDITOR);
                Node action = editor.get(n -> "list item".equals(n.role()) && n.name() != null
                        && n.name().startsWith("Move Message to"), "the action's row");
                // The row holds the action's kind, then the folder it moves to.
                List<Node> choices = inRow(editor, action, "combo box");
                Steps.ok(agent.click(choices.get(choices.size() - 1)), "pick the folder");
                Steps.ok(agent.click(Steps.awaitAnywhere(agent, APP, n -> "menu".equals(n.role())
                        && "Local Folders".equals(n.name()), "Local Folders in the picker")), "Local Folders");
                Steps.ok(agent.click(Steps.awaitAnywhere(agent, APP, n -> "menu item".equals(n.role())
                        && "Promotions".equals(n.name()), "Promotions in the picker")), "Promotions");
                Steps.ok(agent.click(Steps.await(agent, APP, EDITOR, "push button", "OK")), "OK");
                // Thunderbird writes its filter list to disk only when the Message Filters window
                // closes, as a person closes it once the new filter shows there: Escape.
                Node made = Steps.await(agent, APP, FILTERS, n -> n.name() != null
                        && n.name().contains("Discounts to Promotions"), "the new filter in the list");
                Steps.ok(agent.key(made, "Escape"), "close Message Filters");
                Thread.sleep(1000);
            }));
        }

        /** The elements of {@code role} directly inside {@code row}, left to right. */
        private static List<Node> inRow(McpAgent.Observation o, Node row, String role) {
            int at = o.nodes().indexOf(row);
            List<Node> out = o.nodes().stream().filter(n -> role.equals(n.role()) && n.parent() != null
                    && n.parent() == at).sorted(java.util.Comparator.comparingInt(n -> n.frame().get(0))).toList();
            if (out.isEmpty()) {
                throw new McpAgent.PlanFailure("no " + role + " in the row '" + row.name() + "'");
            }
            return out;
        }

        private static boolean isNew(String name) {
            return name != null && name.matches("New(\u2026|\\.\\.\\.)?");
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            start(ws);
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            java.nio.file.Path rules = profile(ws).resolve("Mail/127.0.0.1/msgFilterRules.dat");
            boolean written = Workspace.eventually(Duration.ofSeconds(10), () -> Files.exists(rules)
                    && Files.readString(rules).contains("discount"));
            if (!written) {
                return Verdict.fail("no filter on subject \u201cdiscount\u201d in " + rules.getFileName());
            }
            String text = Files.readString(rules);
            boolean ok = text.contains("enabled=\"yes\"") && text.contains("action=\"Move to folder\"")
                    && text.contains("actionValue=\"mailbox://nobody@Local%20Folders/Promotions\"")
                    && text.contains("condition=\"AND (subject,contains,discount)\"");
            boolean folder = Files.exists(profile(ws).resolve("Mail/Local Folders/Promotions"))
                    || Files.exists(profile(ws).resolve("Mail/Local Folders/Promotions.msf"));
            return Verdict.of(ok && folder, (ok ? "the filter moves subject-contains-discount mail to Local Folders/Promotions"
                    : "the filter reads: " + text.replace("\n", " | ")) + (folder ? "" : "; no Promotions folder"));
        }
    }
}
