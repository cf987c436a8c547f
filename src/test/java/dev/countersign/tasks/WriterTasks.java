package dev.countersign.tasks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** LibreOffice Writer tasks. */
final class WriterTasks {
    static final String APP = "soffice";

    private WriterTasks() {
    }

    static List<Task> all() {
        return List.of(new DefaultFont(), new PageNumbers(), new Subscript());
    }

    /** Adapted from OSWorld f178a4a9-d090-4b56-bc4c-4b72a61a035d: Times New Roman as the default font. */
    static final class DefaultFont implements Task {
        @Override
        public String id() {
            return "writer-default-font";
        }

        @Override
        public String osworld() {
            return "f178a4a9-d090-4b56-bc4c-4b72a61a035d";
        }

        @Override
        public String app() {
            return "LibreOffice Writer";
        }

        @Override
        public String instruction() {
            return "Make Times New Roman the default font.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Tools", "Options");
                Steps.await(agent, APP, "Options", n -> "tree table".equals(n.role()), "the options tree");
                Steps.treePage(agent, APP, "Options", "LibreOffice Writer", "Basic Fonts (Western)");
                Steps.await(agent, APP, "Basic Fonts", "label", "Default:");
                // The font fields carry no names: the one right of the label "Default:" is it.
                McpAgent.Node field = agent.observe(APP, "Basic Fonts").fieldRightOf("Default:",
                        n -> "text".equals(n.role()) && n.has("editable"));
                Steps.ok(agent.type(field, "Times New Roman"), "type the font");
                Steps.ok(agent.click(Steps.await(agent, APP, "Options", "push button", "OK")), "OK");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path doc = Inputs.text(ws, ws.file("Desktop/letter.docx"), List.of("Dear reader,", "Some text."));
            Office.open(ws, "writer", doc, "letter.docx - LibreOffice Writer");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            return Office.settingIs(ws, "/org.openoffice.Office.Writer/DefaultFont", "Standard", "Times New Roman");
        }
    }

    /** Adapted from OSWorld 0e47de2a-32e0-456c-a366-8c607ef7a9d2: page numbers at the bottom left of every page. */
    static final class PageNumbers implements Task {
        static final String FILE = "Desktop/writing.docx";

        @Override
        public String id() {
            return "writer-page-numbers";
        }

        @Override
        public String osworld() {
            return "0e47de2a-32e0-456c-a366-8c607ef7a9d2";
        }

        @Override
        public String app() {
            return "LibreOffice Writer";
        }

        @Override
        public String instruction() {
            return "Add a page number at the bottom left of every page, and save.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Insert", "Header and Footer", "Footer", "Default Page Style");
                Steps.menu(agent, APP, "Insert", "Field", "Page Number");
                Steps.menu(agent, APP, "File", "Save");
            }), new Plan("keyboard", (agent, ws) -> {
                Steps.menu(agent, APP, "Insert", "Header and Footer", "Footer", "Default Page Style");
                Steps.menu(agent, APP, "Insert", "Field", "Page Number");
                // The keys go where the caret is: the element that holds keyboard focus.
                McpAgent.Node caret = Steps.await(agent, APP, "Writer", n -> n.has("focused"), "the focused element");
                Steps.ok(agent.key(caret, "ctrl+s"), "save");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            StringBuilder para = new StringBuilder();
            for (int i = 0; i < 60; i++) {
                para.append("LibreOffice Writer is a word processor. ");
            }
            List<String> paragraphs = java.util.Collections.nCopies(12, para.toString());
            Path doc = Inputs.text(ws, ws.file(FILE), paragraphs);
            Office.open(ws, "writer", doc, "writing.docx - LibreOffice Writer");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Path doc = ws.file(FILE);
            boolean saved = Workspace.eventually(Duration.ofSeconds(10), () -> !Inputs.members(doc,
                    "word/footer\\d*\\.xml").isEmpty());
            if (!saved) {
                return Verdict.fail("the saved document has no footer");
            }
            for (String footer : Inputs.members(doc, "word/footer\\d*\\.xml")) {
                String xml = Inputs.member(doc, footer);
                if (xml.contains("PAGE") && !xml.contains("w:jc w:val=\"right\"") && !xml.contains("w:jc w:val=\"center\"")) {
                    return Verdict.pass(footer + " holds a left-aligned PAGE field");
                }
            }
            return Verdict.fail("no footer holds a left-aligned PAGE field");
        }
    }

    /** Adapted from OSWorld 0b17a146-2934-46c7-8727-73ff6b6483e8: the 2 in "H2O" as a subscript. */
    static final class Subscript implements Task {
        static final String FILE = "Desktop/H2O_Factsheet_WA.docx";

        @Override
        public String id() {
            return "writer-subscript";
        }

        @Override
        public String osworld() {
            return "0b17a146-2934-46c7-8727-73ff6b6483e8";
        }

        @Override
        public String app() {
            return "LibreOffice Writer";
        }

        @Override
        public String instruction() {
            return "Make the 2 in \u201cH2O\u201d a subscript.";
        }

        /** Selects the 2 of "H2O" in the paragraph that holds it, by its offsets in the paragraph's text. */
        static void selectTheTwo(McpAgent agent) throws InterruptedException {
            McpAgent.Node p = Steps.await(agent, APP, "Writer", n -> "paragraph".equals(n.role()) && n.value() != null
                    && n.value().contains("H2O"), "the paragraph with H2O");
            int at = p.value().indexOf("H2O") + 1;
            Steps.ok(agent.act(p.ref(), "select", java.util.Map.of("start", at, "end", at + 1)), "select the 2");
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                selectTheTwo(agent);
                Steps.menu(agent, APP, "Format", "Text", "Subscript");
                Steps.menu(agent, APP, "File", "Save");
            }), new Plan("keyboard", (agent, ws) -> {
                selectTheTwo(agent);
                McpAgent.Node caret = Steps.await(agent, APP, "Writer", n -> n.has("focused"), "the focused element");
                Steps.ok(agent.key(caret, "ctrl+shift+b"), "subscript");
                caret = Steps.await(agent, APP, "Writer", n -> n.has("focused"), "the focused element");
                Steps.ok(agent.key(caret, "ctrl+s"), "save");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path doc = Inputs.text(ws, ws.file(FILE), List.of("Water facts for Washington",
                    "Water is H2O: each molecule holds two hydrogen atoms and one oxygen atom.",
                    "Most of the state's drinking water comes from rivers and aquifers."));
            Office.open(ws, "writer", doc, "H2O_Factsheet_WA.docx - LibreOffice Writer");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Path doc = ws.file(FILE);
            boolean done = Workspace.eventually(Duration.ofSeconds(10), () -> {
                String xml = Inputs.member(doc, "word/document.xml");
                return xml != null && xml.matches("(?s).*<w:r>(?:(?!</w:r>).)*<w:vertAlign w:val=\"subscript\"/>(?:(?!</w:r>).)*<w:t>2</w:t>.*");
            });
            String xml = Inputs.member(doc, "word/document.xml");
            boolean onlyTwo = !xml.matches("(?s).*<w:vertAlign w:val=\"subscript\"/>(?:(?!</w:r>).)*<w:t[^>]*>[^<]{2,}</w:t>.*");
            return Verdict.of(done && onlyTwo, done ? (onlyTwo ? "the 2 of H2O is a subscript, and nothing else"
                    : "more than the 2 is subscript") : "no subscript 2 in the saved document");
        }
    }
}
