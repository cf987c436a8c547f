package dev.countersign.app;

import picocli.CommandLine.IVersionProvider;

/** Reads the version Maven wrote into the jar manifest ("dev" when run from classes). */
public final class VersionProvider implements IVersionProvider {
    public static String version() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"Countersign " + version(), "Java " + System.getProperty("java.version")};
    }
}
