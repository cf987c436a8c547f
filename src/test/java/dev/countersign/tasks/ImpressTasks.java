package dev.countersign.tasks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/** LibreOffice Impress tasks. */
final class ImpressTasks {
    private ImpressTasks() {
    }

    static List<Task> all() {
        return List.of(new SlidePane(), new PresenterConsole(), new Transition(), new BlueBackground());
    }

    /** Adapted from OSWorld ef9d12bd-bcee-4ba0-a40e-918400f43ddf: bring back the slide pane someone closed. */
    static final class SlidePane implements Task {
        static final String APP = "soffice";

        @Override
        public String id() {
            return "impress-slide-pane";
        }

        @Override
        public String osworld() {
            return "ef9d12bd-bcee-4ba0-a40e-918400f43ddf";
        }

        @Override
        public String app() {
            return "LibreOffice Impress";
        }

        @Override
        public String instruction() {
            return "I closed the slide panel on the left; please bring it back.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> Steps.menu(agent, APP, "View", "Slide Pane")));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path deck = Inputs.presentation(ws, ws.file("Desktop/events.pptx"), List.of("Events", "Listeners"));
            Office.open(ws, "impress", deck, "events.pptx - LibreOffice Impress");
            // What the person did before asking: closed the pane with its own close button.
            Atspi.press(ws, APP, "push button", "Close Pane");
            if (!Workspace.eventually(Duration.ofSeconds(10), () -> !paneShowing(ws))) {
                throw new IllegalStateException("the slide pane did not close");
            }
        }

        static boolean paneShowing(Workspace ws) throws Exception {
            Set<String> s = Atspi.states(ws, APP, "document frame", "Slides View");
            return s.contains("showing");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            boolean back = Workspace.eventually(Duration.ofSeconds(5), () -> paneShowing(ws));
            return Verdict.of(back, back ? "the slide pane shows again" : "the slide pane is still closed");
        }
    }

    /** Adapted from OSWorld 0f84bef9-9790-432e-92b7-eece357603fb: present on one screen, without the presenter console. */
    static final class PresenterConsole implements Task {
        @Override
        public String id() {
            return "impress-presenter-console";
        }

        @Override
        public String osworld() {
            return "0f84bef9-9790-432e-92b7-eece357603fb";
        }

        @Override
        public String app() {
            return "LibreOffice Impress";
        }

        @Override
        public String instruction() {
            return "When I present, use only the one screen with the show: no second screen with the current and next slide.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, SlidePane.APP, "Tools", "Options");
                Steps.await(agent, SlidePane.APP, "Options", "tree table", "Options - LibreOffice - User Data");
                Steps.treePage(agent, SlidePane.APP, "Options", "LibreOffice Impress", "General");
                Steps.check(agent, SlidePane.APP, "Options", "Enable Presenter Console", false);
                Steps.ok(agent.click(Steps.await(agent, SlidePane.APP, "Options", "push button", "OK")), "OK");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path deck = Inputs.presentation(ws, ws.file("Desktop/podium.pptx"), List.of("Multimedia podium", "Use"));
            Office.open(ws, "impress", deck, "podium.pptx - LibreOffice Impress");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            return Office.settingIs(ws, "/org.openoffice.Office.Impress/Misc/Start", "EnablePresenterScreen", "false");
        }
    }

    /** Adapted from OSWorld 21760ecb-8f62-40d2-8d85-0cee5725cb72: the "dissolve" transition on the first slide. */
    static final class Transition implements Task {
        static final String FILE = "Desktop/video-effect.pptx";

        @Override
        public String id() {
            return "impress-transition";
        }

        @Override
        public String osworld() {
            return "21760ecb-8f62-40d2-8d85-0cee5725cb72";
        }

        @Override
        public String app() {
            return "LibreOffice Impress";
        }

        @Override
        public String instruction() {
            return "Give my first slide the \u201cdissolve\u201d transition, and save.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("keyboard", (agent, ws) -> {
                Steps.menu(agent, SlidePane.APP, "Slide", "Slide Transition");
                Steps.await(agent, SlidePane.APP, null, "list item", "Dissolve");
                Steps.arrowTo(agent, SlidePane.APP, null, "Dissolve");
                McpAgent.Node caret = Steps.await(agent, SlidePane.APP, null, n -> n.has("focused"), "the focused element");
                Steps.ok(agent.key(caret, "ctrl+s"), "save");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path deck = Inputs.presentation(ws, ws.file(FILE), List.of("Video effects", "Cuts", "Fades"));
            Office.open(ws, "impress", deck, "video-effect.pptx - LibreOffice Impress");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Path deck = ws.file(FILE);
            boolean dissolve = Workspace.eventually(Duration.ofSeconds(10), () -> {
                String slide = Inputs.member(deck, "ppt/slides/slide1.xml");
                return slide != null && slide.contains("<p:dissolve");
            });
            String second = Inputs.member(deck, "ppt/slides/slide2.xml");
            if (!dissolve) {
                return Verdict.fail("slide 1 has no dissolve transition");
            }
            return Verdict.of(second == null || !second.contains("<p:dissolve"),
                    "slide 1 dissolves" + (second != null && second.contains("<p:dissolve") ? ", and so does slide 2" : " and slide 2 is unchanged"));
        }
    }

    /** Adapted from OSWorld 3b27600c-3668-4abd-8f84-7bcdebbccbdb: a blue background on every slide. */
    static final class BlueBackground implements Task {
        static final String FILE = "Desktop/lec17-gui-events.pptx";

        @Override
        public String id() {
            return "impress-blue-background";
        }

        @Override
        public String osworld() {
            return "3b27600c-3668-4abd-8f84-7bcdebbccbdb";
        }

        @Override
        public String app() {
            return "LibreOffice Impress";
        }

        @Override
        public String instruction() {
            return "Make the background blue on all my slides.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                String app = SlidePane.APP;
                // Every slide: the background goes on the master slide, which all of them show.
                Steps.menu(agent, app, "View", "Master Slide");
                Steps.menu(agent, app, "Slide", "Slide Properties");
                Steps.ok(agent.click(Steps.await(agent, app, "Slide Properties", "page tab", "Background")),
                        "the Background tab");
                Steps.ok(agent.click(Steps.await(agent, app, "Slide Properties", "toggle button", "Color")), "Color");
                Steps.await(agent, app, "Slide Properties", "label", "Hex");
                // Two colour columns, "Active" and "New": the new colour's Hex field is the right one.
                McpAgent.Observation props = agent.observe(app, "Slide Properties");
                McpAgent.Node newHex = props.nodes().stream().filter(n -> "label".equals(n.role())
                        && "Hex".equals(n.name()) && n.frame() != null)
                        .max(java.util.Comparator.comparingInt(n -> n.frame().get(0)))
                        .orElseThrow(() -> new McpAgent.PlanFailure("no Hex field"));
                McpAgent.Node hex = props.fieldRightOf(newHex, n -> "text".equals(n.role()) && n.has("editable"));
                Steps.ok(agent.type(hex, "0000ff"), "blue");
                Steps.ok(agent.click(Steps.await(agent, app, "Slide Properties", "push button", "OK")), "OK");
                Steps.menu(agent, app, "View", "Normal");
                Steps.menu(agent, app, "File", "Save");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path deck = Inputs.presentation(ws, ws.file(FILE), List.of("GUI events", "Listeners", "Adapters"));
            Office.open(ws, "impress", deck, "lec17-gui-events.pptx - LibreOffice Impress");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Path deck = ws.file(FILE);
            Thread.sleep(1500);
            java.util.regex.Pattern fill = java.util.regex.Pattern.compile(
                    "<p:bg>.*?<a:srgbClr val=\"([0-9A-Fa-f]{6})\"", java.util.regex.Pattern.DOTALL);
            String master = Inputs.member(deck, "ppt/slideMasters/slideMaster1.xml");
            java.util.regex.Matcher m = fill.matcher(master == null ? "" : master);
            String masterColor = m.find() ? m.group(1) : null;
            List<String> colors = new java.util.ArrayList<>();
            for (String slide : Inputs.members(deck, "ppt/slides/slide\\d+\\.xml")) {
                java.util.regex.Matcher own = fill.matcher(Inputs.member(deck, slide));
                colors.add(own.find() ? own.group(1) : masterColor);
            }
            boolean blue = !colors.isEmpty() && colors.stream().allMatch(c -> c != null && closerToBlue(c));
            return Verdict.of(blue, "slide backgrounds " + colors);
        }

        /** Nearer pure blue than the white the slides had. */
        static boolean closerToBlue(String hex) {
            int r = Integer.parseInt(hex.substring(0, 2), 16);
            int g = Integer.parseInt(hex.substring(2, 4), 16);
            int b = Integer.parseInt(hex.substring(4, 6), 16);
            double toBlue = Math.hypot(Math.hypot(r, g), b - 255);
            double toWhite = Math.hypot(Math.hypot(r - 255, g - 255), b - 255);
            return toBlue < toWhite;
        }
    }
}
