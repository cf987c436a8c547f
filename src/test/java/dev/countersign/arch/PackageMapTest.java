package dev.countersign.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;
import java.util.Map;
import java.util.Set;

/** Holds docs/architecture.md's package map: who may depend on whom. */
@AnalyzeClasses(packages = "dev.countersign", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageMapTest {
    private static final String[] UI_NATIVE_TRANSPORT = {
        "javafx..", "com.sun.jna..", "org.freedesktop..", "io.modelcontextprotocol..", "org.eclipse.jetty..",
        "jakarta.servlet..", "java.awt..", "javax.swing..", "org.mozilla.javascript..", "picocli.."};

    @ArchTest
    static final ArchRule packageMap = layers()
            .because("docs/architecture.md: features depend inward on core; nothing depends on app");

    /** The layer rule, built from {@link PackageMap}: each layer may only access what the map lists. */
    private static Architectures.LayeredArchitecture layers() {
        Architectures.LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true);
        for (String layer : PackageMap.MAY_DEPEND_ON.keySet()) {
            rule = rule.layer(layer).definedBy("dev.countersign." + layer + "..");
        }
        for (Map.Entry<String, Set<String>> entry : PackageMap.MAY_DEPEND_ON.entrySet()) {
            rule = entry.getValue().isEmpty() ? rule.whereLayer(entry.getKey()).mayNotAccessAnyLayer()
                    : rule.whereLayer(entry.getKey()).mayOnlyAccessLayers(entry.getValue().toArray(String[]::new));
        }
        return rule.whereLayer("app").mayNotBeAccessedByAnyLayer();
    }

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = slices().matching("dev.countersign.(**)")
            .should().beFreeOfCycles()
            .because("a cycle between two packages makes them one package in two folders");

    @ArchTest
    static final ArchRule onlyAppReachesALinuxBackend = noClasses()
            .that().resideOutsideOfPackages("dev.countersign.app..", "dev.countersign.desktop.linux..")
            .should().dependOnClassesThat().resideInAPackage("dev.countersign.desktop.linux..")
            .because("the platform is chosen once, in app; everything else sees the DesktopBackend SPI");

    @ArchTest
    static final ArchRule onlyAppReachesAMacBackend = noClasses()
            .that().resideOutsideOfPackages("dev.countersign.app..", "dev.countersign.desktop.macos..")
            .should().dependOnClassesThat().resideInAPackage("dev.countersign.desktop.macos..")
            .because("the platform is chosen once, in app; everything else sees the DesktopBackend SPI");

    @ArchTest
    static final ArchRule noConsoleOutputOutsideTheCli = noClasses()
            .that().resideOutsideOfPackage("dev.countersign.app.cli")
            .or().haveSimpleNameNotEndingWith("Command")
            .should().accessField(System.class, "out")
            .orShould().accessField(System.class, "err")
            .orShould().callMethod(Throwable.class, "printStackTrace")
            .because("STYLE: log through SLF4J; only the CLI's commands write their own output");

    @ArchTest
    static final ArchRule coreDependsOnNothingOfTheProject = noClasses()
            .that().resideInAPackage("dev.countersign.core..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.countersign.graph..", "dev.countersign.policy..", "dev.countersign.driver..",
                    "dev.countersign.desktop..", "dev.countersign.vision..", "dev.countersign.approval..",
                    "dev.countersign.server..", "dev.countersign.script..", "dev.countersign.audit..",
                    "dev.countersign.app..")
            .because("docs/architecture.md: core holds value types and depends on nothing of the project");

    @ArchTest
    static final ArchRule leafFeaturesDependOnlyOnCore = noClasses()
            .that().resideInAnyPackage("dev.countersign.desktop..", "dev.countersign.vision..",
                    "dev.countersign.approval..", "dev.countersign.audit..", "dev.countersign.policy..",
                    "dev.countersign.graph..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.countersign.driver..", "dev.countersign.server..", "dev.countersign.script..",
                    "dev.countersign.app..")
            .because("docs/architecture.md: graph, policy, desktop, vision, approval and audit build on core only");

    @ArchTest
    static final ArchRule pureCoreHasNoUiNativeOrTransport = noClasses()
            .that().resideInAnyPackage("dev.countersign.core..", "dev.countersign.graph..", "dev.countersign.policy..")
            .should().dependOnClassesThat().resideInAnyPackage(UI_NATIVE_TRANSPORT)
            .because("core, graph and policy are pure and deterministic: no UI, native, D-Bus or transport code");

    @ArchTest
    static final ArchRule pureCoreDoesNoIo = noClasses()
            .that().resideInAnyPackage("dev.countersign.core..", "dev.countersign.graph..", "dev.countersign.policy..")
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.net..", "java.nio.channels..")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileInputStream")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileOutputStream")
            .because("core, graph and policy do no I/O; stores live in driver and audit");

    @ArchTest
    static final ArchRule pureCoreReadsNoAmbientTime = noClasses()
            .that().resideInAnyPackage("dev.countersign.core..", "dev.countersign.graph..", "dev.countersign.policy..")
            .should().callMethod(java.time.Instant.class, "now")
            .orShould().callMethod(java.lang.System.class, "currentTimeMillis")
            .orShould().callMethod(java.lang.System.class, "nanoTime")
            .orShould().callMethod(java.time.Clock.class, "systemUTC")
            .orShould().callMethod(java.time.Clock.class, "systemDefaultZone")
            .because("time is injected as a Clock so that replays give identical receipts");

    @ArchTest
    static final ArchRule noTestDoublesInMain = noClasses()
            .should().haveSimpleNameStartingWith("Fake")
            .orShould().haveSimpleNameStartingWith("Mock")
            .orShould().haveSimpleNameStartingWith("Stub")
            .orShould().haveSimpleNameStartingWith("Dummy")
            .because("test doubles live in src/test (docs/architecture.md)");
}
