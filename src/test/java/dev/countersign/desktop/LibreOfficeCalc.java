package dev.countersign.desktop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * LibreOffice Calc as a target app for desktop tests: {@code soffice.bin} itself (so the process the
 * test stops is the accessible one, never a launcher that leaves it behind), with the gtk3 plugin, a
 * fresh profile that skips the first-start dialogs, and a CSV sheet opened without the import
 * dialog.
 */
public final class LibreOfficeCalc {
    static final String SOFFICE_BIN = "/usr/lib/libreoffice/program/soffice.bin";
    /** The sheet's file name; the window's title starts with it and the sheet is named after it. */
    public static final String FILE = "sheet.csv";
    /** The Calc window's title with {@link #FILE} open. */
    public static final String TITLE = FILE + " - LibreOffice Calc";

    private LibreOfficeCalc() {
    }

    /**
     * Calc with a sheet of {@code rows} × {@code columns} numbers, the cell at row r and column c
     * (from 0) holding {@code r * 1000 + c}.
     */
    public static TestDesktop.TargetApp launch(TestDesktop desktop, int rows, int columns) throws IOException {
        return desktop.launchCommand(TITLE, dir -> {
            try {
                Path sheet = dir.resolve(FILE);
                writeSheet(sheet, rows, columns);
                Path profile = dir.resolve("profile");
                writeProfile(profile);
                initialize(profile);
                return List.of("env", "SAL_USE_VCLPLUGIN=gtk3", SOFFICE_BIN, "--calc", "--norestore", "--nologo",
                        "--nofirststartwizard", "-env:UserInstallation=" + profile.toUri(),
                        "--infilter=CSV:44,34,76,1", sheet.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while making the LibreOffice profile", e);
            }
        });
    }

    /**
     * Makes the profile before the test's own start: soffice.bin on a fresh profile sets it up and
     * exits with 81 for its launcher to start it again, which would end the process the test holds.
     */
    private static void initialize(Path profile) throws IOException, InterruptedException {
        Process init = new ProcessBuilder(SOFFICE_BIN, "--headless", "--terminate_after_init", "--norestore",
                "-env:UserInstallation=" + profile.toUri()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!init.waitFor(30, TimeUnit.SECONDS)) {
            init.destroyForcibly();
            throw new IOException("LibreOffice did not set up its profile within 30 s");
        }
    }

    /** The number Calc shows at row r, column c of a sheet from {@link #launch}. */
    public static String cell(int row, int column) {
        return Integer.toString(row * 1000 + column);
    }

    /** The cell's name as Calc's accessible cells are named: "A1", "AB12". */
    public static String address(int row, int column) {
        StringBuilder letters = new StringBuilder();
        for (int c = column + 1; c > 0; c = (c - 1) / 26) {
            letters.insert(0, (char) ('A' + (c - 1) % 26));
        }
        return letters + Integer.toString(row + 1);
    }

    private static void writeSheet(Path file, int rows, int columns) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder();
            for (int r = 0; r < rows; r++) {
                line.setLength(0);
                for (int c = 0; c < columns; c++) {
                    if (c > 0) {
                        line.append(',');
                    }
                    line.append(r * 1000 + c);
                }
                out.write(line.append('\n').toString());
            }
        }
    }

    /** A user profile whose first start shows no wizard, tip of the day or release notes. */
    private static void writeProfile(Path profile) throws IOException {
        Path user = Files.createDirectories(profile.resolve("user"));
        String item = "<item oor:path=\"%s\"><prop oor:name=\"%s\" oor:op=\"fuse\"><value>%s</value></prop></item>\n";
        String xcu = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<oor:items xmlns:oor=\"http://openoffice.org/2001/registry\""
                + " xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
                + String.format(item, "/org.openoffice.Office.Common/Misc", "FirstRun", "false")
                + String.format(item, "/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "false")
                + String.format(item, "/org.openoffice.Setup/Office", "ooSetupInstCompleted", "true")
                + String.format(item, "/org.openoffice.Setup/Product", "ooSetupLastVersion", "7.4")
                + "</oor:items>\n";
        Files.writeString(user.resolve("registrymodifications.xcu"), xcu, StandardCharsets.UTF_8);
    }
}
