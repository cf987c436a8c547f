package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Which apps and windows a lease covers. An empty list is no constraint (docs/architecture.md): it means
 * unscoped, not "nothing".
 */
public record LeaseBoundaries(
        @JsonProperty("app_ids") List<String> appIds,
        @JsonProperty("window_ids") List<String> windowIds) {

    public LeaseBoundaries {
        appIds = appIds == null ? List.of() : List.copyOf(appIds);
        windowIds = windowIds == null ? List.of() : List.copyOf(windowIds);
    }

    public static LeaseBoundaries unscoped() {
        return new LeaseBoundaries(List.of(), List.of());
    }

    public boolean allowsApp(String appId) {
        return appIds.isEmpty() || appIds.contains(appId);
    }

    public boolean allowsWindow(String windowId) {
        return windowIds.isEmpty() || windowIds.contains(windowId);
    }
}
