package dev.countersign.app.windows;

import dev.countersign.app.dialog.FxApprover;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.driver.ComputerDriver;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the tray and its windows work with: the driver (pause, leases, receipts), the agents and
 * their tokens, where the endpoint listens, the audit log, the backend for the doctor view, the
 * settings, and the approval dialog.
 *
 * @param endpoint where agents connect, empty while the endpoint is not running
 * @param launcher the command that starts Countersign, for client config snippets
 */
public record AppServices(
        ComputerDriver driver,
        AgentRegistry agents,
        Supplier<Optional<URI>> endpoint,
        Path auditFile,
        DesktopBackend backend,
        SettingsStore settings,
        FxApprover approver,
        Clock clock,
        String launcher) {
}
