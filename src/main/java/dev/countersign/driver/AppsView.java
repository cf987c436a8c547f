package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.policy.ScreenRedactor;
import java.util.List;

/**
 * The app listing {@code computer_observe} returns when named no app: the running accessible applications and their showing
 * windows, so an agent names an app (or a pid) it saw instead of guessing. Window ids are the
 * driver's, usable as {@code computer_observe}'s {@code window}.
 */
public record AppsView(@JsonProperty("apps") List<App> apps) {

    /** One application: the name {@code computer_observe} accepts, its pid, toolkit and windows. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record App(@JsonProperty("name") String name, @JsonProperty("pid") long pid,
                      @JsonProperty("toolkit") String toolkit, @JsonProperty("windows") List<Window> windows) {
    }

    /** One showing window: its driver id, title, frame and whether it is active. */
    public record Window(@JsonProperty("id") String id, @JsonProperty("title") String title,
                         @JsonProperty("frame") int[] frame, @JsonProperty("active") boolean active) {
    }

    /** The listing as an agent sees it: app names and window titles redacted like an observation's. */
    static AppsView of(List<AppListing> listings, WindowIds ids, ScreenRedactor redactor) {
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        return new AppsView(listings.stream().map(l -> new App(redactor.redact(l.app().name(), tally), l.app().pid(),
                l.toolkit(), l.windows().stream().map(w -> window(w, ids, redactor, tally)).toList())).toList());
    }

    private static Window window(WindowInfo w, WindowIds ids, ScreenRedactor redactor, ScreenRedactor.Tally tally) {
        Rect f = w.frame();
        return new Window(ids.idOf(w.handle()), redactor.redact(w.title(), tally),
                new int[] {f.x(), f.y(), f.width(), f.height()}, w.active());
    }
}
