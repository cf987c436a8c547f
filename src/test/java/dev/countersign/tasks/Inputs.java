package dev.countersign.tasks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The tasks' inputs, generated here instead of downloaded: flat ODF text written by hand and turned
 * into the format the task names (docx, pptx, xlsx) by a headless LibreOffice; and the reading
 * side of the checks, which open those formats as the zip of XML they are.
 */
final class Inputs {
    private Inputs() {
    }

    private static final String OFFICE_NS = "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
            + "xmlns:style=\"urn:oasis:names:tc:opendocument:xmlns:style:1.0\" "
            + "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" "
            + "xmlns:draw=\"urn:oasis:names:tc:opendocument:xmlns:drawing:1.0\" "
            + "xmlns:presentation=\"urn:oasis:names:tc:opendocument:xmlns:presentation:1.0\" "
            + "xmlns:fo=\"urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0\" "
            + "xmlns:svg=\"urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0\" "
            + "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" "
            + "xmlns:office-version=\"1.3\"";

    /** A presentation with one slide per title (each with a line of body text), as {@code format}. */
    static Path presentation(Workspace ws, Path target, List<String> titles) throws Exception {
        StringBuilder slides = new StringBuilder();
        int i = 1;
        for (String title : titles) {
            slides.append("<draw:page draw:name=\"Slide").append(i).append("\" draw:master-page-name=\"Default\">")
                    .append("<draw:frame presentation:class=\"title\" svg:x=\"1cm\" svg:y=\"1cm\" svg:width=\"24cm\" svg:height=\"3cm\">")
                    .append("<draw:text-box><text:p>").append(escape(title)).append("</text:p></draw:text-box></draw:frame>")
                    .append("<draw:frame presentation:class=\"outline\" svg:x=\"1cm\" svg:y=\"5cm\" svg:width=\"24cm\" svg:height=\"10cm\">")
                    .append("<draw:text-box><text:p>Notes for slide ").append(i).append("</text:p></draw:text-box></draw:frame>")
                    .append("</draw:page>");
            i++;
        }
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document " + OFFICE_NS
                + " office:version=\"1.3\" office:mimetype=\"application/vnd.oasis.opendocument.presentation\">"
                + "<office:styles/><office:automatic-styles><style:page-layout style:name=\"PM1\">"
                + "<style:page-layout-properties fo:page-width=\"28cm\" fo:page-height=\"15.75cm\" style:print-orientation=\"landscape\"/>"
                + "</style:page-layout></office:automatic-styles>"
                + "<office:master-styles><style:master-page style:name=\"Default\" style:page-layout-name=\"PM1\"/></office:master-styles>"
                + "<office:body><office:presentation>" + slides + "</office:presentation></office:body></office:document>";
        return convert(ws, target, "fodp", xml);
    }

    /** A text document of paragraphs, as the target's format (docx, odt). */
    static Path text(Workspace ws, Path target, List<String> paragraphs) throws Exception {
        StringBuilder body = new StringBuilder();
        for (String p : paragraphs) {
            body.append("<text:p>").append(escape(p)).append("</text:p>");
        }
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document " + OFFICE_NS
                + " office:version=\"1.3\" office:mimetype=\"application/vnd.oasis.opendocument.text\">"
                + "<office:body><office:text>" + body + "</office:text></office:body></office:document>";
        return convert(ws, target, "fodt", xml);
    }

    /**
     * The CSV import's options: comma, double quote, UTF-8 (76), from line 1, standard cell formats,
     * English (1033), quoted fields not forced to text, and special numbers detected — without that
     * last one a headless import keeps "7:30" as the text "7:30" instead of the time a person's sheet
     * holds, and formulas over it add up to 0.
     */
    static final String CSV_FILTER = "CSV:44,34,76,1,,1033,false,true";

    /** A spreadsheet from rows of cells (CSV, so numbers, times and dates stay what they read as), as the target's format. */
    static Path sheet(Workspace ws, Path target, List<List<String>> rows) throws Exception {
        StringBuilder csv = new StringBuilder();
        for (List<String> row : rows) {
            csv.append(String.join(",", row.stream().map(Inputs::csvCell).toList())).append("\n");
        }
        Path src = Files.createDirectories(ws.file(".inputs")).resolve(stem(target) + ".csv");
        Files.writeString(src, csv, StandardCharsets.UTF_8);
        return Office.convert(ws, src, CSV_FILTER, extension(target), target);
    }

    /** A workbook of named sheets, each of rows of cells (text, or a number where it reads as one). */
    static Path workbook(Workspace ws, Path target, List<java.util.Map.Entry<String, List<List<String>>>> sheets)
            throws Exception {
        StringBuilder body = new StringBuilder();
        for (java.util.Map.Entry<String, List<List<String>>> sheet : sheets) {
            body.append("<table:table table:name=\"").append(escape(sheet.getKey())).append("\">");
            for (List<String> row : sheet.getValue()) {
                body.append("<table:table-row>");
                for (String cell : row) {
                    if (cell.matches("-?\\d+(\\.\\d+)?")) {
                        body.append("<table:table-cell office:value-type=\"float\" office:value=\"").append(cell)
                                .append("\"><text:p>").append(cell).append("</text:p></table:table-cell>");
                    } else {
                        body.append("<table:table-cell office:value-type=\"string\"><text:p>").append(escape(cell))
                                .append("</text:p></table:table-cell>");
                    }
                }
                body.append("</table:table-row>");
            }
            body.append("</table:table>");
        }
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document " + OFFICE_NS
                + " office:version=\"1.3\" office:mimetype=\"application/vnd.oasis.opendocument.spreadsheet\">"
                + "<office:body><office:spreadsheet>" + body + "</office:spreadsheet></office:body></office:document>";
        return convert(ws, target, "fods", xml);
    }

    private static Path convert(Workspace ws, Path target, String flatExtension, String xml) throws Exception {
        Path src = Files.createDirectories(ws.file(".inputs")).resolve(stem(target) + "." + flatExtension);
        Files.writeString(src, xml, StandardCharsets.UTF_8);
        return Office.convert(ws, src, extension(target), target);
    }

    private static String csvCell(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static String stem(Path p) {
        return p.getFileName().toString().replaceFirst("\\.[^.]+$", "");
    }

    private static String extension(Path p) {
        String n = p.getFileName().toString();
        return n.substring(n.lastIndexOf('.') + 1);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** One member of an Office Open XML (or ODF) file, as text; null when absent. */
    static String member(Path zip, String name) throws IOException {
        try (ZipFile z = new ZipFile(zip.toFile())) {
            ZipEntry e = z.getEntry(name);
            if (e == null) {
                return null;
            }
            try (InputStream in = z.getInputStream(e)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    /** The members whose names match, in order. */
    static List<String> members(Path zip, String regex) throws IOException {
        try (ZipFile z = new ZipFile(zip.toFile())) {
            return z.stream().map(ZipEntry::getName).filter(n -> n.matches(regex)).sorted().toList();
        }
    }
}
