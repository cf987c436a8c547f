package dev.countersign.tasks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One task run's own home: a fresh folder standing in for the person's home (documents, app
 * profiles, settings files), the apps started for the task (stopped afterwards, only those), and
 * helpers for setup steps that are not the agent's (generating inputs, a key sequence a setup
 * sends with xdotool).
 */
final class Workspace implements AutoCloseable {
    private final Path home;
    private final List<Process> started = new ArrayList<>();
    private final Map<String, Process> byName = new LinkedHashMap<>();

    Workspace(Path home) throws IOException {
        this.home = Files.createDirectories(home.toAbsolutePath());
        Files.createDirectories(home.resolve("Desktop"));
    }

    Path home() {
        return home;
    }

    Path file(String relative) {
        return home.resolve(relative);
    }

    /** The environment every app of the task gets: this home, its own XDG dirs, accessibility on. */
    Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        env.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        env.put("NO_AT_BRIDGE", "0");
        env.put("GNOME_ACCESSIBILITY", "1");
        env.put("GDK_BACKEND", "x11");
        env.put("GSETTINGS_BACKEND", "memory");
        return env;
    }

    /** Starts an app of the task in the background; its output goes to {@code logs/NAME.log}. */
    Process start(String name, List<String> command, Map<String, String> extraEnv) throws IOException {
        Path logs = Files.createDirectories(home.resolve("logs"));
        ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile())
                .redirectErrorStream(true).redirectOutput(logs.resolve(name + ".log").toFile());
        pb.environment().putAll(env());
        pb.environment().putAll(extraEnv);
        Process p = pb.start();
        started.add(p);
        byName.put(name, p);
        return p;
    }

    /** Whether an app the task started is still running. */
    boolean alive(String name) {
        Process p = byName.get(name);
        return p != null && p.isAlive();
    }

    /** The pid of an app the task started, as an agent names it to {@code computer_observe}. */
    String pid(String name) {
        return String.valueOf(byName.get(name).pid());
    }

    /**
     * Asks an app of the task to quit as a window manager's close would (SIGTERM to the process
     * started, which apps such as Chromium and Thunderbird answer by writing their settings and
     * exiting), and waits for it; a check calls this before it reads what the app wrote.
     */
    void quit(String name, Duration limit) throws InterruptedException {
        Process p = byName.get(name);
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(name + " did not quit within " + limit);
        }
    }

    /** Runs a setup or check command to its end and returns its output; fails on a non-zero exit. */
    String run(List<String> command, Map<String, String> extraEnv, Duration limit)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env());
        pb.environment().putAll(extraEnv);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + " did not finish within " + limit);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(command + " exited " + p.exitValue() + ": " + text);
        }
        return text;
    }

    /** Keys a setup step sends to the window whose name matches (never the agent's way). */
    void setupKeys(String windowName, String... keys) throws IOException, InterruptedException {
        String id = run(List.of("xdotool", "search", "--sync", "--onlyvisible", "--name", windowName),
                Map.of(), Duration.ofSeconds(30)).lines().findFirst().orElseThrow().strip();
        for (String k : keys) {
            run(List.of("xdotool", "key", "--window", id, "--clearmodifiers", k), Map.of(), Duration.ofSeconds(5));
            Thread.sleep(250);
        }
    }

    /** Whether a window whose name matches {@code windowTitle} (a regular expression) is shown on the display. */
    boolean shows(String windowTitle) {
        try {
            return !run(List.of("xdotool", "search", "--onlyvisible", "--name", windowTitle), Map.of(),
                    Duration.ofSeconds(5)).isBlank();
        } catch (Exception e) {  // xdotool exits non-zero when nothing matches
            return false;
        }
    }

    /** Waits until a condition holds, polling; false when the time is up. */
    static boolean eventually(Duration limit, Check check) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (check.holds()) {
                return true;
            }
            Thread.sleep(200);
        }
        return check.holds();
    }

    @FunctionalInterface
    interface Check {
        boolean holds() throws Exception;
    }

    /** Stops the task's apps (their whole process trees) and waits for them. */
    @Override
    public void close() throws InterruptedException {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        for (Process p : started) {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
