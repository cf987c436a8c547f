package dev.countersign.tasks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a saved workbook holds, read from its Office Open XML as a check reads it: the sheets in
 * order, each cell's shown value (shared strings resolved, a formula's cached result), and the
 * merged ranges.
 */
final class Xlsx {
    private final List<String> names = new ArrayList<>();
    private final Map<String, String> parts = new LinkedHashMap<>();
    private final List<String> strings = new ArrayList<>();
    private final Path file;

    private Xlsx(Path file) {
        this.file = file;
    }

    static Xlsx read(Path file) throws Exception {
        Xlsx x = new Xlsx(file);
        String workbook = Inputs.member(file, "xl/workbook.xml");
        String rels = Inputs.member(file, "xl/_rels/workbook.xml.rels");
        Map<String, String> targets = new LinkedHashMap<>();
        Matcher r = Pattern.compile("<Relationship [^>]*?Id=\"([^\"]+)\"[^>]*?Target=\"([^\"]+)\"").matcher(rels);
        while (r.find()) {
            targets.put(r.group(1), r.group(2));
        }
        Matcher r2 = Pattern.compile("<Relationship [^>]*?Target=\"([^\"]+)\"[^>]*?Id=\"([^\"]+)\"").matcher(rels);
        while (r2.find()) {
            targets.putIfAbsent(r2.group(2), r2.group(1));
        }
        Matcher s = Pattern.compile("<sheet [^>]*?name=\"([^\"]*)\"[^>]*?r:id=\"([^\"]+)\"").matcher(workbook);
        while (s.find()) {
            String name = unescape(s.group(1));
            x.names.add(name);
            String target = targets.get(s.group(2));
            x.parts.put(name, target.startsWith("/") ? target.substring(1) : "xl/" + target);
        }
        String shared = Inputs.member(file, "xl/sharedStrings.xml");
        if (shared != null) {
            Matcher si = Pattern.compile("<si>(.*?)</si>", Pattern.DOTALL).matcher(shared);
            while (si.find()) {
                StringBuilder text = new StringBuilder();
                Matcher t = Pattern.compile("<t[^>]*>(.*?)</t>", Pattern.DOTALL).matcher(si.group(1));
                while (t.find()) {
                    text.append(t.group(1));
                }
                x.strings.add(unescape(text.toString()));
            }
        }
        return x;
    }

    List<String> sheets() {
        return List.copyOf(names);
    }

    private String sheetXml(String sheet) throws Exception {
        String part = parts.get(sheet);
        return part == null ? null : Inputs.member(file, part);
    }

    /** The cell's shown value as text (a number as the file writes it), or null when empty. */
    String cell(String sheet, String address) throws Exception {
        String xml = sheetXml(sheet);
        if (xml == null) {
            return null;
        }
        Matcher c = Pattern.compile("<c r=\"" + address + "\"([^>]*?)(/>|>(.*?)</c>)", Pattern.DOTALL).matcher(xml);
        if (!c.find() || c.group(3) == null) {
            return null;
        }
        String attrs = c.group(1);
        String body = c.group(3);
        Matcher v = Pattern.compile("<v>(.*?)</v>", Pattern.DOTALL).matcher(body);
        if (attrs.contains("t=\"s\"") && v.find()) {
            return strings.get(Integer.parseInt(v.group(1).trim()));
        }
        if (attrs.contains("t=\"inlineStr\"")) {
            Matcher t = Pattern.compile("<t[^>]*>(.*?)</t>", Pattern.DOTALL).matcher(body);
            return t.find() ? unescape(t.group(1)) : "";
        }
        return v.find() ? unescape(v.group(1)) : null;
    }

    /** The cell's formula as written (without "="), or null. */
    String formula(String sheet, String address) throws Exception {
        String xml = sheetXml(sheet);
        Matcher c = Pattern.compile("<c r=\"" + address + "\"[^>]*?>(.*?)</c>", Pattern.DOTALL).matcher(xml);
        if (!c.find()) {
            return null;
        }
        Matcher f = Pattern.compile("<f[^>]*>(.*?)</f>", Pattern.DOTALL).matcher(c.group(1));
        return f.find() ? unescape(f.group(1)) : null;
    }

    /** The sheet's merged ranges ("A1:C1"). */
    List<String> merges(String sheet) throws Exception {
        String xml = sheetXml(sheet);
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<mergeCell ref=\"([^\"]+)\"").matcher(xml == null ? "" : xml);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'")
                .replace("&amp;", "&");
    }
}
