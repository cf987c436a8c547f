package dev.countersign.tasks;

import dev.countersign.tasks.McpAgent.Node;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * LibreOffice Calc tasks. Cells are elements named by their address ("C2"), read by what is in
 * view; an agent types into a cell and presses ctrl+s, as people do. Inputs are generated as CSV
 * and converted to xlsx; the checks read the saved xlsx.
 */
final class CalcTasks {
    static final String APP = "soffice";

    private CalcTasks() {
    }

    static List<Task> all() {
        return List.of(new ConferenceCities(), new TimeTimesRate(), new SheetCopies(), new MergedHeaders());
    }

    static Node cell(McpAgent agent, String window, String address) throws InterruptedException {
        return Steps.await(agent, APP, window, n -> "table cell".equals(n.role()) && address.equals(n.name()),
                "the cell " + address);
    }

    /** Types into a cell as an agent does: the cell, the text, then the cell's commit with Return. */
    static void enter(McpAgent agent, String window, String address, String text) throws InterruptedException {
        Map<String, Object> typed = agent.type(cell(agent, window, address), text);
        if ("TARGET_CHANGED".equals(typed.get("code"))) {
            // The sheet made the cell anew (it scrolled or redrew): look again and type again.
            typed = agent.type(cell(agent, window, address), text);
        }
        Node after = cell(agent, window, address);
        boolean notYet = "VERIFICATION_FAILED".equals(typed.get("code"));
        if (notYet && text.startsWith("=") && after.value() != null && !after.value().isBlank()) {
            // A formula reads back as its result, not as typed: the hint says to look again, and the
            // cell now shows a result.
            return;
        }
        if (!notYet) {
            Steps.ok(typed, "type into " + address);
        }
        if (!text.equals(after.value())) {
            // Typed on the keyboard, the text waits in the cell's editor until Return commits it.
            Steps.fresh(agent, APP, n -> "table cell".equals(n.role()) && address.equals(n.name()), "commit " + address,
                    c -> agent.key(c, "Return"));
        }
    }

    static void save(McpAgent agent, String window) throws InterruptedException {
        Node focused = Steps.await(agent, APP, window, n -> n.has("focused"), "the focused element");
        Steps.ok(agent.key(focused, "ctrl+s"), "save");
        Thread.sleep(1500);
    }

    /** Adapted from OSWorld 6f4073b8-d8ea-4ade-8a18-c5d1d5d5aa9a: fill in where each conference met. */
    static final class ConferenceCities implements Task {
        static final String FILE = "Desktop/ConferenceCity.xlsx";
        static final List<String> CONFERENCES = List.of("ICLR", "ICML", "NeurIPS");
        /** What the agent knows, year by year in the conferences' order. */
        static final List<String> CITIES = List.of("Scottsdale", "Atlanta", "Lake Tahoe", "Banff", "Beijing",
                "Montreal", "San Diego", "Lille", "Montreal", "San Juan", "New York", "Barcelona", "Toulon",
                "Sydney", "Long Beach", "Vancouver", "Stockholm", "Montreal", "New Orleans", "Long Beach",
                "Vancouver");
        /** What the check accepts for each row (OSWorld's own alternatives). */
        static final List<List<String>> ACCEPTED = CITIES.stream().map(c -> switch (c) {
            case "Lake Tahoe" -> List.of("Lake Tahoe", "Stateline");
            case "Banff" -> List.of("Banff", "Alberta's Rockies", "Alberta\u2019s Rockies");
            case "Montreal" -> List.of("Montreal", "Montr\u00e9al");
            case "New York" -> List.of("New York", "New York City", "NYC");
            case "Long Beach" -> List.of("Los Angeles", "Long Beach", "LA");
            default -> List.of(c);
        }).toList();

        @Override
        public String id() {
            return "calc-conference-cities";
        }

        @Override
        public String osworld() {
            return "6f4073b8-d8ea-4ade-8a18-c5d1d5d5aa9a";
        }

        @Override
        public String app() {
            return "LibreOffice Calc";
        }

        @Override
        public String instruction() {
            return "My sheet lists ICLR, ICML and NeurIPS for 2013 to 2019: fill in the city each one met in.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("cells", (agent, ws) -> {
                for (int i = 0; i < CITIES.size(); i++) {
                    enter(agent, "Calc", "C" + (i + 2), CITIES.get(i));
                }
                save(agent, "Calc");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("Conference", "Year", "City"));
            for (int year = 2013; year <= 2019; year++) {
                for (String c : CONFERENCES) {
                    rows.add(List.of(c, Integer.toString(year), ""));
                }
            }
            Path sheet = Inputs.sheet(ws, ws.file(FILE), rows);
            Office.open(ws, "calc", sheet, "ConferenceCity.xlsx - LibreOffice Calc");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Xlsx x = Xlsx.read(ws.file(FILE));
            String sheet = x.sheets().get(0);
            List<String> wrong = new ArrayList<>();
            for (int i = 0; i < ACCEPTED.size(); i++) {
                String got = x.cell(sheet, "C" + (i + 2));
                if (got == null || !ACCEPTED.get(i).contains(got.strip())) {
                    wrong.add("C" + (i + 2) + "=" + got);
                }
            }
            return Verdict.of(wrong.isEmpty(), wrong.isEmpty() ? "all 21 cities in order" : "wrong: " + wrong);
        }
    }

    /** Adapted from OSWorld 357ef137-7eeb-4c80-a3bb-0951f26a8aff: hours as a time, times a rate. */
    static final class TimeTimesRate implements Task {
        static final String FILE = "Desktop/Multiply_Time_Number.xlsx";

        @Override
        public String id() {
            return "calc-time-times-rate";
        }

        @Override
        public String osworld() {
            return "357ef137-7eeb-4c80-a3bb-0951f26a8aff";
        }

        @Override
        public String app() {
            return "LibreOffice Calc";
        }

        @Override
        public String instruction() {
            return "My total hours are a time and my rate a number; multiplying them gives nonsense. Put the "
                    + "right amount earned in E3, and touch nothing else.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("cells", (agent, ws) -> {
                // A time is a fraction of a day: hours are the time times 24.
                enter(agent, "Calc", "E3", "=E1*24*E2");
                save(agent, "Calc");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            List<List<String>> rows = List.of(
                    List.of("Day", "Hours", "", "Total hours", "=SUM(B2:B8)"),
                    List.of("Mon", "7:30", "", "Hourly rate", "5"),
                    List.of("Tue", "8:00", "", "Total earned", ""),
                    List.of("Wed", "6:15", "", "", ""),
                    List.of("Thu", "8:05", "", "", ""),
                    List.of("Fri", "4:30", "", "", ""),
                    List.of("Sat", "2:00", "", "", ""),
                    List.of("Sun", "2:00", "", "", ""));
            Path sheet = Inputs.sheet(ws, ws.file(FILE), rows);
            Office.open(ws, "calc", sheet, "Multiply_Time_Number.xlsx - LibreOffice Calc");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Xlsx x = Xlsx.read(ws.file(FILE));
            String sheet = x.sheets().get(0);
            String v = x.cell(sheet, "E3");
            boolean right = v != null && Math.abs(Double.parseDouble(v) - 191.6667) < 0.001;
            boolean untouched = x.cell(sheet, "F3") == null && x.cell(sheet, "E4") == null;
            return Verdict.of(right && untouched, "E3 is " + v + " (=" + x.formula(sheet, "E3") + ")"
                    + (untouched ? "" : "; other cells changed"));
        }
    }

    /** Adapted from OSWorld 0cecd4f3-74de-457b-ba94-29ad6b5dafb6: rename, copy and rename sheets. */
    static final class SheetCopies implements Task {
        static final String FILE = "Desktop/copy_sheet_insert.xlsx";

        @Override
        public String id() {
            return "calc-sheet-copies";
        }

        @Override
        public String osworld() {
            return "0cecd4f3-74de-457b-ba94-29ad6b5dafb6";
        }

        @Override
        public String app() {
            return "LibreOffice Calc";
        }

        @Override
        public String instruction() {
            return "Rename the first sheet \u201cLARS Resources\u201d, put a copy of it before the second sheet named "
                    + "\u201cLARS Resources (Backup)\u201d, and rename the second sheet \u201cLARS Resources (Offline)\u201d.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Sheet", "Rename Sheet");
                Steps.ok(agent.type(Steps.await(agent, APP, "Rename Sheet", n -> "text".equals(n.role())
                        && n.has("editable"), "the name field"), "LARS Resources"), "name");
                Steps.ok(agent.click(Steps.await(agent, APP, "Rename Sheet", "push button", "OK")), "OK");
                Steps.menu(agent, APP, "Sheet", "Move or Copy Sheet");
                Steps.choose(agent, APP, "Move/Copy Sheet", n -> "radio button".equals(n.role()) && "Copy".equals(n.name()),
                        "Copy");
                Steps.ok(agent.act(Steps.await(agent, APP, "Move/Copy Sheet", n -> "table cell".equals(n.role())
                        || "list item".equals(n.role()) ? "Sheet2".equals(n.name()) : false, "Sheet2 in the list").ref(),
                        "select", Map.of()), "insert before Sheet2");
                McpAgent.Observation o = agent.observe(APP, "Move/Copy Sheet");
                Node name = o.fieldRightOf("New name", n -> "text".equals(n.role()) && n.has("editable"));
                Steps.ok(agent.type(name, "LARS Resources (Backup)"), "name the copy");
                Steps.ok(agent.click(Steps.await(agent, APP, "Move/Copy Sheet", "push button", "Copy")), "copy");
                Steps.menu(agent, APP, "Sheet", "Navigate", "To Next Sheet");
                Steps.menu(agent, APP, "Sheet", "Rename Sheet");
                Steps.ok(agent.type(Steps.await(agent, APP, "Rename Sheet", n -> "text".equals(n.role())
                        && n.has("editable"), "the name field"), "LARS Resources (Offline)"), "name");
                Steps.ok(agent.click(Steps.await(agent, APP, "Rename Sheet", "push button", "OK")), "OK");
                save(agent, "Calc");
            }));
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            // Two sheets need a format with sheets: a flat ODS, converted like the others.
            Path sheet = Inputs.workbook(ws, ws.file(FILE), List.of(
                    Map.entry("Sheet1", List.of(List.of("Resource", "Grade"), List.of("Lab kit", "5"),
                            List.of("Field guide", "4"))),
                    Map.entry("Sheet2", List.of(List.of("Offline resource", "Grade"), List.of("Workbook", "3")))));
            Office.open(ws, "calc", sheet, "copy_sheet_insert.xlsx - LibreOffice Calc");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Xlsx x = Xlsx.read(ws.file(FILE));
            List<String> want = List.of("LARS Resources", "LARS Resources (Backup)", "LARS Resources (Offline)");
            if (!x.sheets().equals(want)) {
                return Verdict.fail("sheets are " + x.sheets());
            }
            boolean copied = "Lab kit".equals(x.cell(want.get(1), "A2")) && "Workbook".equals(x.cell(want.get(2), "A2"));
            return Verdict.of(copied, copied ? "three sheets in order, the copy holds the first's data"
                    : "the copy's or the offline sheet's data differ");
        }
    }

    /** Adapted from OSWorld 1d17d234-e39d-4ed7-b46f-4417922a4e7c: a new sheet with merged headers. */
    static final class MergedHeaders implements Task {
        static final String FILE = "Desktop/FutureValue.xlsx";

        @Override
        public String id() {
            return "calc-merged-headers";
        }

        @Override
        public String osworld() {
            return "1d17d234-e39d-4ed7-b46f-4417922a4e7c";
        }

        @Override
        public String app() {
            return "LibreOffice Calc";
        }

        @Override
        public String instruction() {
            return "Add a sheet \u201cSheet2\u201d: \u201cInvestment Summary\u201d across A1:C1 merged, below it "
                    + "\u201cHigh Interest Rate\u201d across A2:B2 and \u201cLow Interest Rate\u201d across C2:D2.";
        }

        @Override
        public List<Plan> plans() {
            return List.of(new Plan("menus", (agent, ws) -> {
                Steps.menu(agent, APP, "Sheet", "Insert Sheet at End");
                Steps.ok(agent.type(Steps.await(agent, APP, "Append Sheet", n -> "text".equals(n.role())
                        && n.has("editable"), "the name field"), "Sheet2"), "name");
                Steps.ok(agent.click(Steps.await(agent, APP, "Append Sheet", "push button", "OK")), "OK");
                merge(agent, "A1:C1", "A1", "Investment Summary");
                merge(agent, "A2:B2", "A2", "High Interest Rate");
                merge(agent, "C2:D2", "C2", "Low Interest Rate");
                save(agent, "Calc");
            }));
        }

        /** Selects a range through the Name Box, merges it with the toolbar's button, and types its text into its first cell. */
        static void merge(McpAgent agent, String range, String first, String text) throws InterruptedException {
            // The Name Box carries no name: it is the field that shows the cell cursor's address.
            java.util.function.Predicate<Node> nameBox = n -> "text".equals(n.role()) && n.has("editable")
                    && n.value() != null && n.value().matches("[A-Z]{1,3}[0-9]+(:[A-Z]{1,3}[0-9]+)?");
            // Typed as keys, as a person types there: setting the box's text outright leaves Calc
            // showing only "Select Range" and never going there.
            Node box = Steps.await(agent, APP, "Calc", nameBox, "the Name Box");
            Steps.ok(agent.act(box.ref(), "select", Map.of("start", 0)), "select the address");
            Steps.ok(agent.act(Steps.await(agent, APP, "Calc", nameBox, "the Name Box").ref(), "type",
                    Map.of("text", range, "mode", "insert")), "name the range");
            // Typing opens the box's completion list, which becomes the active window: the box is
            // looked for in every window of the app.
            Map<String, Object> went = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                went = agent.key(Steps.awaitAnywhere(agent, APP, nameBox.and(n -> range.equals(n.value())),
                        "the Name Box holding " + range), "Return");
                if (!"TARGET_CHANGED".equals(went.get("code"))) {
                    break;
                }
            }
            Steps.ok(went, "go to " + range);
            // The Formatting toolbar's button, not Format › Merge and Unmerge Cells: merging is
            // asked about, and the open menu's pointer grab takes the person's first click on the
            // question and closes, so the entry is no longer where it was observed (TARGET_CHANGED).
            // The button stays in place while the person is asked; it is enabled once a range is.
            Steps.ok(agent.click(Steps.await(agent, APP, "Calc", n -> "push button".equals(n.role())
                    && "Merge Cells".equals(n.name()) && !n.has("disabled"), "the Merge Cells button")), "merge " + range);
            enter(agent, "Calc", first, text);
        }

        @Override
        public void setUp(Workspace ws) throws Exception {
            Path sheet = Inputs.sheet(ws, ws.file(FILE), List.of(List.of("Rate", "Years", "Future value"),
                    List.of("0.05", "10", "=1000*(1+A2)^B2")));
            Office.open(ws, "calc", sheet, "FutureValue.xlsx - LibreOffice Calc");
        }

        @Override
        public Verdict check(Workspace ws) throws Exception {
            Xlsx x = Xlsx.read(ws.file(FILE));
            if (!x.sheets().contains("Sheet2")) {
                return Verdict.fail("no Sheet2 among " + x.sheets());
            }
            List<String> merges = x.merges("Sheet2");
            boolean merged = merges.containsAll(List.of("A1:C1", "A2:B2", "C2:D2"));
            boolean texts = "Investment Summary".equals(x.cell("Sheet2", "A1"))
                    && "High Interest Rate".equals(x.cell("Sheet2", "A2"))
                    && "Low Interest Rate".equals(x.cell("Sheet2", "C2"));
            return Verdict.of(merged && texts, "merges " + merges + ", A1/A2/C2 " + x.cell("Sheet2", "A1") + " / "
                    + x.cell("Sheet2", "A2") + " / " + x.cell("Sheet2", "C2"));
        }
    }
}
