package dev.countersign.app.windows;

import dev.countersign.app.settings.AppSettings;
import dev.countersign.driver.PictureRules;

/** The Settings form without a stage: what the fields hold, parsed into settings or a problem. */
final class SettingsModel {
    /** The form's fields as text, as the person typed them. */
    record Form(String port, String leaseActions, String leaseMinutes, String policyFile, boolean launchAtLogin,
            String theme, Boolean pictures, String picturesMb, String picturesDays) {
        /** A form without the timeline's picture fields: those settings stay as they are. */
        Form(String port, String leaseActions, String leaseMinutes, String policyFile, boolean launchAtLogin,
                String theme) {
            this(port, leaseActions, leaseMinutes, policyFile, launchAtLogin, theme, null, null, null);
        }

        static Form of(AppSettings s) {
            PictureRules rules = s.pictureRules();
            return new Form(String.valueOf(s.portOrDefault()), String.valueOf(s.leaseActionsOrDefault()),
                    String.valueOf(s.leaseMinutesOrDefault()), s.policyFile() == null ? "" : s.policyFile(),
                    s.launchAtLoginOrDefault(), s.themeOrDefault(), rules.on(),
                    String.valueOf(s.picturesMb() == null ? 50 : s.picturesMb()),
                    String.valueOf(s.picturesDays() == null ? 30 : s.picturesDays()));
        }
    }

    private SettingsModel() {
    }

    static Result<AppSettings> parse(Form f) {
        return parse(f, AppSettings.defaults());
    }

    /** Parses the form over the settings as loaded, so fields the form does not show are kept. */
    static Result<AppSettings> parse(Form f, AppSettings base) {
        Integer port = number(f.port(), 1024, 65535);
        if (port == null) {
            return Result.problem("Port must be a number from 1024 to 65535.");
        }
        Integer actions = number(f.leaseActions(), 1, 10_000);
        if (actions == null) {
            return Result.problem("Default lease actions must be a number from 1 to 10000.");
        }
        Integer minutes = number(f.leaseMinutes(), 1, 24 * 60);
        if (minutes == null) {
            return Result.problem("Default lease minutes must be a number from 1 to 1440.");
        }
        String policy = f.policyFile() == null || f.policyFile().isBlank() ? null : f.policyFile().trim();
        AppSettings chosen = base.withChoices(port, actions, minutes, policy, f.launchAtLogin(), f.theme());
        if (f.pictures() == null) {
            return Result.ok(chosen);
        }
        Integer mb = number(f.picturesMb(), 1, 10_000);
        if (mb == null) {
            return Result.problem("The pictures' size cap must be a number of MB from 1 to 10000.");
        }
        Integer days = number(f.picturesDays(), 1, 3650);
        if (days == null) {
            return Result.problem("The pictures' age limit must be a number of days from 1 to 3650.");
        }
        return Result.ok(chosen.withPictures(f.pictures(), mb, days));
    }

    private static Integer number(String text, int min, int max) {
        try {
            int n = Integer.parseInt(text.trim());
            return n >= min && n <= max ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
