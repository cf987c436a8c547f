package dev.countersign.desktop;

import java.util.List;
import java.util.Objects;

/**
 * One running accessible application with its showing windows, as a listing shows it so an agent
 * never has to guess a name: {@code toolkit} is what the application says it is built with
 * ("GTK 3.24.38", "Qt 5.15.8"), empty when it does not say.
 */
public record AppListing(AppInfo app, String toolkit, List<WindowInfo> windows) {

    public AppListing {
        Objects.requireNonNull(app, "app");
        toolkit = toolkit == null ? "" : toolkit;
        windows = List.copyOf(windows);
    }
}
