package dev.countersign.app.fx;

import com.sun.glass.ui.Timer;
import com.sun.javafx.tk.Toolkit;
import java.lang.reflect.Field;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.event.Event;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops JavaFX's pulse timer while none of our windows is showing, where the toolkit cannot pause it
 * itself.
 *
 * <p>Quantum asks its pulse timer to pause once nothing has needed drawing for 250 ms. On Linux the GTK
 * glass timer's pause does nothing, so a tray app that shows a window a few times a day would have its
 * FX thread woken 60 times a second for its whole life, with nothing to draw: most of what the app cost
 * at rest. With no window showing nothing needs a pulse, so this stops the timer a second after the last
 * window hides and starts it again, with the toolkit's own period, the moment a window is added to
 * {@link Window#getWindows()} — during {@code show()}, before the pulse that draws its first frame is due.
 * Stopping it also returns the C heap's freed pages ({@link NativeHeap}): closing a window frees much of
 * what showing it allocated.
 *
 * <p>A window marked {@link #QUIET} (the status window, which stays open where there is no tray) counts
 * as no window while nothing happens in it: the timer stops a second after the last input event on it
 * or the last {@link #wake()}, and starts again at the next one. Code that changes such a window's
 * content calls {@link #wake()} so the change is drawn.
 *
 * <p>The timer is the toolkit's private field, read once by reflection (JavaFX runs from the class path,
 * in the unnamed module, so nothing needs opening). Where it is not there or not a GTK timer (another
 * JavaFX version; macOS and Windows, whose timers pause), nothing is changed, and the reason is logged.
 */
public final class IdlePulse {
    private static final Logger LOG = LoggerFactory.getLogger(IdlePulse.class);
    /** How long the last window must stay hidden before the timer stops: a closing window's last pulses. */
    private static final long STOP_AFTER_MILLIS = 1000;
    /** The window property that marks a window quiet: it needs pulses only while something happens in it. */
    public static final String QUIET = "countersign.quiet-window";

    private static final String WATCHED = "countersign.quiet-window.watched";
    private final Timer timer;
    private final int period;
    /** Bumped by every change of the window list, so a stop scheduled before a window showed does nothing. */
    private final AtomicLong changes = new AtomicLong();

    private IdlePulse(Timer timer, int period) {
        this.timer = timer;
        this.period = period;
    }

    /**
     * Watches the showing windows and stops the pulse timer while there are none. Call it once, on the
     * FX thread, after the toolkit started.
     *
     * @return the installed watcher, or empty where the toolkit's timer pauses itself or is not reachable
     */
    static Optional<IdlePulse> install() {
        Optional<IdlePulse> pulse = find();
        pulse.ifPresent(p -> {
            Window.getWindows().addListener((ListChangeListener<Window>) change -> p.windowsChanged());
            p.windowsChanged();
        });
        return pulse;
    }

    /** Whether the pulse timer is running now (read on the FX thread). */
    public boolean running() {
        return timer.isRunning();
    }

    /**
     * Something changed in a quiet window (its content, or input on it): pulses run until a second
     * after the last such change. Call on the FX thread.
     */
    public void wake() {
        long change = changes.incrementAndGet();
        if (!timer.isRunning()) {
            timer.start(period);
        }
        if (nothingNeedsPulses()) {
            stopLater(change);
        }
    }

    private void windowsChanged() {
        for (Window w : Window.getWindows()) {
            if (quiet(w) && w.getProperties().putIfAbsent(WATCHED, Boolean.TRUE) == null) {
                // Input on a quiet window (pointer, keys, focus) is drawn like any: it wakes the timer.
                w.addEventFilter(Event.ANY, e -> wake());
                w.focusedProperty().addListener((o, was, now) -> wake());
            }
        }
        wake();
    }

    /** No window, or only quiet ones. */
    private static boolean nothingNeedsPulses() {
        return Window.getWindows().stream().allMatch(IdlePulse::quiet);
    }

    private static boolean quiet(Window w) {
        return Boolean.TRUE.equals(w.getProperties().get(QUIET));
    }

    private void stopLater(long change) {
        CompletableFuture.delayedExecutor(STOP_AFTER_MILLIS, TimeUnit.MILLISECONDS).execute(() -> Platform.runLater(() -> {
            if (changes.get() == change && nothingNeedsPulses() && timer.isRunning()) {
                timer.stop();
                // The app is idle now: what the windows allocated natively and freed goes back too.
                NativeHeap.trim();
            }
        }));
    }

    private static Optional<IdlePulse> find() {
        Object toolkit = Toolkit.getToolkit();
        try {
            Timer timer = (Timer) field(toolkit, "pulseTimer").get(toolkit);
            int period = field(toolkit, "PULSE_INTERVAL").getInt(toolkit);
            if (timer == null || !timer.getClass().getSimpleName().equals("GtkTimer")) {
                LOG.debug("the pulse timer pauses itself here ({}); left alone", timer);
                return Optional.empty();
            }
            if (!timer.isRunning() || period <= 0 || Boolean.getBoolean("javafx.animation.fullspeed")) {
                LOG.info("the JavaFX pulse timer is not running at a fixed period; left alone");
                return Optional.empty();
            }
            return Optional.of(new IdlePulse(timer, period));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.info("the JavaFX pulse timer is not reachable ({}); it keeps waking the FX thread while idle",
                    e.toString());
            return Optional.empty();
        }
    }

    private static Field field(Object toolkit, String name) throws NoSuchFieldException {
        Field field = toolkit.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }
}
