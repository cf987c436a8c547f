package dev.countersign.tasks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * LibreOffice as the tasks use it: a profile of the task's own (first-start questions answered the
 * way a person who has used it once would have: no wizard, no tip of the day, no "keep current
 * format" question), the gtk3 toolkit so that it speaks AT-SPI, and headless conversions that make
 * the tasks' inputs from flat ODF text.
 */
final class Office {
    /** Where the profile lives in the workspace, as OSWorld's checks read it. */
    static final String PROFILE = ".config/libreoffice/4";
    static final Map<String, String> ENV = Map.of("SAL_USE_VCLPLUGIN", "gtk3");

    private Office() {
    }

    static Path profile(Workspace ws) {
        return ws.file(PROFILE);
    }

    static Path settings(Workspace ws) {
        return profile(ws).resolve("user/registrymodifications.xcu");
    }

    /** Writes the profile's first settings: what a person's first start would have answered. */
    static void seedProfile(Workspace ws) throws IOException {
        Path xcu = settings(ws);
        Files.createDirectories(xcu.getParent());
        String items = item("/org.openoffice.Office.Common/Misc", "FirstRun", "false")
                + item("/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "false")
                + item("/org.openoffice.Office.Common/Save/Document", "WarnAlienFormat", "false")
                + item("/org.openoffice.Office.Common/Save/Document", "AutoSave", "false")
                + item("/org.openoffice.Office.Recovery/AutoSave", "Enabled", "false")
                + item("/org.openoffice.Office.Impress/Misc/NewDoc", "AutoPilot", "false")
                + item("/org.openoffice.Setup/Office", "ooSetupInstCompleted", "true")
                + item("/org.openoffice.Setup/Product", "ooSetupLastVersion", "7.4")
                + item("/org.openoffice.Office.UI.Infobar/Infobars/Donate", "Enabled", "false")
                + item("/org.openoffice.Office.Common/Misc", "ShowDonation", "false");
        Files.writeString(xcu, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<oor:items xmlns:oor=\"http://openoffice.org/2001/registry\" "
                + "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
                + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n" + items + "</oor:items>\n");
    }

    private static String item(String path, String name, String value) {
        return "<item oor:path=\"" + path + "\"><prop oor:name=\"" + name + "\" oor:op=\"fuse\"><value>" + value
                + "</value></prop></item>\n";
    }

    private static String installation(Workspace ws) {
        return "-env:UserInstallation=" + profile(ws).toUri();
    }

    /**
     * Converts a generated file (flat ODF, CSV, HTML) into {@code format} next to it with a headless
     * LibreOffice of a throwaway profile, and moves it to {@code target}.
     */
    static Path convert(Workspace ws, Path source, String format, Path target) throws Exception {
        return convert(ws, source, null, format, target);
    }

    /** As {@link #convert(Workspace, Path, String, Path)}, reading the source with the import filter {@code inFilter} (its options after a colon) when not null. */
    static Path convert(Workspace ws, Path source, String inFilter, String format, Path target) throws Exception {
        Path scratch = Files.createDirectories(ws.file(".convert"));
        List<String> cmd = new ArrayList<>(List.of("soffice", "--headless", "--norestore",
                "-env:UserInstallation=" + scratch.resolve("profile").toUri()));
        if (inFilter != null) {
            cmd.add("--infilter=" + inFilter);
        }
        cmd.addAll(List.of("--convert-to", format, "--outdir", scratch.toString(), source.toString()));
        ws.run(cmd, Map.of(), Duration.ofSeconds(90));
        String base = source.getFileName().toString().replaceFirst("\\.[^.]+$", "");
        String ext = format.contains(":") ? format.substring(0, format.indexOf(':')) : format;
        Path made = scratch.resolve(base + "." + ext);
        Files.createDirectories(target.getParent());
        return Files.move(made, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Opens {@code file} (or a new document of {@code module} when null) and waits until the app's
     * document window is on the accessibility bus; returns the launcher process.
     */
    static Process open(Workspace ws, String module, Path file, String windowTitle) throws Exception {
        seedProfileIfMissing(ws);
        List<String> cmd = new ArrayList<>(List.of("soffice", "--" + module, "--norestore", "--nologo",
                installation(ws)));
        if (file != null) {
            cmd.add(file.toString());
        }
        Process p = ws.start("soffice", cmd, ENV);
        if (!Workspace.eventually(Duration.ofSeconds(60), () -> ws.shows(windowTitle))) {
            throw new IllegalStateException("LibreOffice showed no window named '" + windowTitle + "' within 60 s");
        }
        // The window shows before the document is laid out and its tree is complete.
        Thread.sleep(2500);
        return p;
    }

    private static void seedProfileIfMissing(Workspace ws) throws IOException {
        if (!Files.exists(settings(ws))) {
            seedProfile(ws);
        }
    }

    /** The value LibreOffice's settings file holds for one property, or null. */
    static String setting(Workspace ws, String path, String name) throws IOException {
        Path xcu = settings(ws);
        if (!Files.exists(xcu)) {
            return null;
        }
        String text = Files.readString(xcu);
        String open = "<item oor:path=\"" + path + "\"><prop oor:name=\"" + name + "\"";
        int at = text.lastIndexOf(open);
        if (at < 0) {
            return null;
        }
        int v = text.indexOf("<value>", at);
        int end = text.indexOf("</value>", v);
        int close = text.indexOf("</item>", at);
        if (v < 0 || end < 0 || v > close) {
            return text.indexOf("<value/>", at) >= 0 && text.indexOf("<value/>", at) < close ? "" : null;
        }
        return text.substring(v + "<value>".length(), end);
    }

    /** A task's check on one setting: it reaches {@code expected} within a few seconds (LibreOffice writes its settings soon after a change). */
    static Task.Verdict settingIs(Workspace ws, String path, String name, String expected) throws Exception {
        boolean set = Workspace.eventually(java.time.Duration.ofSeconds(10),
                () -> expected.equals(setting(ws, path, name)));
        return Task.Verdict.of(set, name + " is " + setting(ws, path, name));
    }
}
