package dev.countersign.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logging every benchmark runs with. Benchmarks run on the test class path, whose
 * logback-test.xml logs dev.countersign at DEBUG for the suite; dbus-java names a message's logger
 * after its class, and ours (FlatMethodCall) is under dev.countersign, so that config would write a
 * line per D-Bus message and inflate every desktop figure. Here dev.countersign logs at INFO, as
 * the shipped logback.xml has it, dbus-java's own logging is off, and only warnings reach stderr.
 */
public final class BenchLogging {
    private BenchLogging() {
    }

    public static void asShipped() {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.WARN);
        ((Logger) LoggerFactory.getLogger("org.freedesktop.dbus")).setLevel(Level.OFF);
        ((Logger) LoggerFactory.getLogger("dev.countersign")).setLevel(Level.INFO);
    }
}
