package dev.countersign.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logging every benchmark runs with. Benchmarks run on the test class path, whose
 * logback-test.xml logs dev.countersign at DEBUG for the suite, which would put the suite's debug
 * lines into every desktop figure. Here dev.countersign logs at INFO, as
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
