package dev.countersign.app.tray;

import java.awt.AWTException;
import java.awt.EventQueue;
import java.awt.MenuItem;
import java.awt.PopupMenu;
import java.awt.SystemTray;
import java.awt.TrayIcon;
import java.awt.image.BufferedImage;
import java.lang.reflect.InvocationTargetException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tray icon through AWT's {@link SystemTray} (XEmbed on Linux X11, the menu bar on macOS).
 * AWT work happens on the AWT event thread; menu actions hop to the FX thread.
 */
final class AwtTray implements TrayView {
    private static final Logger LOG = LoggerFactory.getLogger(AwtTray.class);

    private final TrayIcon icon;
    private final MenuItem statusLine = new MenuItem("Countersign");
    private final MenuItem pause = new MenuItem("Pause all agents");
    private final Map<TrayState, BufferedImage> images = new EnumMap<>(TrayState.class);
    private TrayState shown;

    private AwtTray(MenuActions actions, int size, boolean menuBar) {
        for (TrayState s : TrayState.values()) {
            images.put(s, menuBar ? TrayIcons.template(s, size) : TrayIcons.paint(s, size));
        }
        statusLine.setEnabled(false);
        PopupMenu menu = new PopupMenu("Countersign");
        menu.add(statusLine);
        menu.addSeparator();
        menu.add(item(pause, actions::togglePause));
        menu.addSeparator();
        menu.add(item(new MenuItem("Agents & leases\u2026"), actions::agents));
        menu.add(item(new MenuItem("Activity\u2026"), actions::activity));
        menu.add(item(new MenuItem("Since I was away\u2026"), actions::sinceAway));
        menu.add(item(new MenuItem("Connect an agent\u2026"), actions::connect));
        menu.addSeparator();
        menu.add(item(new MenuItem("Permissions\u2026"), actions::permissions));
        menu.add(item(new MenuItem("Settings\u2026"), actions::settings));
        menu.addSeparator();
        menu.add(item(new MenuItem("Quit Countersign"), actions::quit));
        icon = new TrayIcon(images.get(TrayState.IDLE), "Countersign", menu);
        icon.setImageAutoSize(true);
        // A primary click opens Agents & leases: the person's first question is who is doing what.
        icon.addActionListener(e -> Platform.runLater(actions::agents));
        shown = TrayState.IDLE;
    }

    /** Adds the icon when this desktop has a tray; empty (and nothing shown) when it has none. */
    static Optional<TrayView> install(MenuActions actions) {
        AwtTray[] made = new AwtTray[1];
        if (System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("mac")) {
            // The JDK's macOS tray (CTrayIcon) reads this once, before its first icon: the menu bar
            // then tints our black-on-transparent images as it tints its own (light and dark bars).
            System.setProperty("apple.awt.enableTemplateImages", "true");
        }
        try {
            EventQueue.invokeAndWait(() -> {
                if (!SystemTray.isSupported()) {
                    return;
                }
                SystemTray tray = SystemTray.getSystemTray();
                int size = Math.max(16, Math.min(tray.getTrayIconSize().height, tray.getTrayIconSize().width));
                boolean mac = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("mac");
                AwtTray t = new AwtTray(actions, size, mac);
                try {
                    tray.add(t.icon);
                    made[0] = t;
                } catch (AWTException e) {
                    LOG.warn("the system tray refused the icon: {}", e.getMessage());
                }
            });
        } catch (InvocationTargetException e) {
            LOG.warn("the system tray could not be used: {}", e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.ofNullable(made[0]);
    }

    @Override
    public void update(TrayStatus status) {
        EventQueue.invokeLater(() -> {
            statusLine.setLabel(status.line());
            pause.setLabel(status.pauseLabel());
            icon.setToolTip(status.tooltip());
            if (status.state() != shown) {
                shown = status.state();
                icon.setImage(images.get(shown));
            }
        });
    }

    @Override
    public void remove() {
        EventQueue.invokeLater(() -> SystemTray.getSystemTray().remove(icon));
    }

    /** The icon's current state, for tests. */
    TrayState shownState() {
        return shown;
    }

    PopupMenu menu() {
        return icon.getPopupMenu();
    }

    private static MenuItem item(MenuItem item, Runnable action) {
        item.addActionListener(e -> Platform.runLater(action));
        return item;
    }
}
