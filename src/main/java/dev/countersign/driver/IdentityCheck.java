package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.core.CountersignException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Seen is not permission (docs/driver.md): re-reads the target right before an action and compares
 * it with what the agent observed — app launch (pid + start time), window, role, subrole, name,
 * identifier, frame and secure flag. Any difference is {@code TARGET_CHANGED} naming the field.
 */
final class IdentityCheck {
    private IdentityCheck() {
    }

    /** How the target reads now, or the first field that differs from the observation. */
    sealed interface Result {
        /** Same target; {@code current} is how it reads now. */
        record Same(ElementNode current) implements Result {
        }

        /** Not the target the agent saw. */
        record Changed(CountersignError error) implements Result {
        }
    }

    static Result recheck(DesktopBackend backend, Observation observation, int index) {
        ElementNode seen = observation.nodes.get(index);
        // The element is read while the app and the window are: the three reads are independent
        // and each waits on the application. The element's answer counts only after theirs.
        CompletableFuture<Recheck> element = DesktopReads.start(() -> backend.recheck(seen.handle()));
        Optional<CountersignError> place = appAndWindow(backend, observation);
        if (place.isPresent()) {
            return new Result.Changed(place.get());
        }
        Recheck now = DesktopReads.result(element);
        if (now instanceof Recheck.Gone gone) {
            return changed("element", "the element is gone: " + gone.reason());
        }
        ElementNode current = ((Recheck.Present) now).current();
        Optional<String> field = differingField(seen, current);
        return field.isPresent()
                ? changed(field.get(), "the element's " + field.get() + " changed since you observed it")
                : new Result.Same(current);
    }

    /** The app restarted or quit, or the observed window is gone: the first such change, if any. */
    static Optional<CountersignError> appAndWindow(DesktopBackend backend, Observation observation) {
        // Both are read at once; the window's answer (or failure) counts only once the app is the same.
        CompletableFuture<List<WindowInfo>> windows = DesktopReads.start(() -> backend.listWindows(observation.app));
        Optional<String> appChange = appChanged(backend, observation.app);
        if (appChange.isPresent()) {
            return Optional.of(changed(appChange.get(), "the application was restarted or quit since you observed it")
                    .error());
        }
        boolean windowStillThere = DesktopReads.result(windows).stream()
                .anyMatch(w -> w.handle().equals(observation.window.handle()));
        return windowStillThere ? Optional.empty()
                : Optional.of(changed("window", "the window you observed is gone").error());
    }

    /** The change that makes the target no longer the one observed, if any. */
    static Optional<CountersignError> problem(DesktopBackend backend, Observation observation, int index) {
        Result result = recheck(backend, observation, index);
        return result instanceof Result.Changed changed ? Optional.of(changed.error()) : Optional.empty();
    }

    /** The first identity field in which {@code now} differs from {@code seen}. */
    static Optional<String> differingField(ElementNode seen, ElementNode now) {
        if (!Objects.equals(seen.role(), now.role())) {
            return Optional.of("role");
        }
        if (!Objects.equals(seen.subrole(), now.subrole())) {
            return Optional.of("subrole");
        }
        if (!Objects.equals(seen.name(), now.name())) {
            return Optional.of("name");
        }
        if (!Objects.equals(seen.identifier(), now.identifier())) {
            return Optional.of("identifier");
        }
        if (!Objects.equals(seen.frame(), now.frame())) {
            return Optional.of("frame");
        }
        if (seen.secure() != now.secure()) {
            return Optional.of("secure");
        }
        return Optional.empty();
    }

    private static Optional<String> appChanged(DesktopBackend backend, AppInfo seen) {
        AppInfo now;
        try {
            now = backend.resolveApp(AppSelector.pid(seen.pid()));
        } catch (CountersignException e) {
            return Optional.of("pid");
        }
        if (!now.launch().equals(seen.launch())) {
            return Optional.of("launch_id");
        }
        if (!Objects.equals(now.bundleId(), seen.bundleId())) {
            return Optional.of("bundle_id");
        }
        return Optional.empty();
    }

    private static Result.Changed changed(String field, String message) {
        return new Result.Changed(CountersignError.onField(ErrorCode.TARGET_CHANGED, field, message));
    }
}
