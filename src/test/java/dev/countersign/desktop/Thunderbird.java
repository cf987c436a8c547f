package dev.countersign.desktop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thunderbird as a target app: a profile of its own with a mail account (POP, never contacted: it
 * is not checked at start-up or on a timer) with the identity "Anonym", and Local Folders, and the
 * first-run pages turned off, so it opens straight on its main window.
 */
public final class Thunderbird {
    /** The main window's title with the profile of {@link #writeProfile}. */
    public static final String TITLE = "anonym@example.org - Mozilla Thunderbird";

    private Thunderbird() {
    }

    /** Thunderbird on a fresh profile in the app's own dir, its home there too. */
    public static TestDesktop.TargetApp launch(TestDesktop desktop) throws IOException {
        return desktop.launchCommand(TITLE, Duration.ofSeconds(90), Map.of("GNOME_ACCESSIBILITY", "1"), dir -> {
            Path profile = dir.resolve("profile");
            try {
                writeProfile(profile);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return List.of("env", "HOME=" + dir, "thunderbird", "--profile", profile.toString(), "--no-remote");
        });
    }

    /** Writes the account and first-run settings as the profile's {@code user.js}. */
    public static void writeProfile(Path profile) throws IOException {
        Map<String, Object> p = new LinkedHashMap<>();
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
        StringBuilder prefs = new StringBuilder();
        for (Map.Entry<String, Object> e : p.entrySet()) {
            Object v = e.getValue();
            prefs.append("user_pref(\"").append(e.getKey()).append("\", ")
                    .append(v instanceof String ? "\"" + v + "\"" : v).append(");\n");
        }
        Files.createDirectories(profile);
        Files.writeString(profile.resolve("user.js"), prefs);
    }
}
