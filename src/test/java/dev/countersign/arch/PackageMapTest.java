package dev.countersign.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Holds SPEC.md §2's package map: who may depend on whom. */
@AnalyzeClasses(packages = "dev.countersign", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageMapTest {
    private static final String[] UI_NATIVE_TRANSPORT = {
        "javafx..", "com.sun.jna..", "org.freedesktop..", "io.modelcontextprotocol..", "org.eclipse.jetty..",
        "jakarta.servlet..", "java.awt..", "javax.swing..", "org.mozilla.javascript..", "picocli.."};

    @ArchTest
    static final ArchRule packageMap = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("core").definedBy("dev.countersign.core..")
            .layer("graph").definedBy("dev.countersign.graph..")
            .layer("policy").definedBy("dev.countersign.policy..")
            .layer("driver").definedBy("dev.countersign.driver..")
            .layer("desktop").definedBy("dev.countersign.desktop..")
            .layer("vision").definedBy("dev.countersign.vision..")
            .layer("approval").definedBy("dev.countersign.approval..")
            .layer("server").definedBy("dev.countersign.server..")
            .layer("script").definedBy("dev.countersign.script..")
            .layer("audit").definedBy("dev.countersign.audit..")
            .layer("app").definedBy("dev.countersign.app..")
            .whereLayer("app").mayNotBeAccessedByAnyLayer()
            .whereLayer("script").mayOnlyBeAccessedByLayers("app")
            .whereLayer("server").mayOnlyBeAccessedByLayers("app")
            .whereLayer("driver").mayOnlyBeAccessedByLayers("server", "script", "app")
            .whereLayer("graph").mayOnlyBeAccessedByLayers("driver", "server", "script", "app")
            .whereLayer("policy").mayOnlyBeAccessedByLayers("driver", "server", "script", "app")
            .whereLayer("desktop").mayOnlyBeAccessedByLayers("driver", "app")
            .whereLayer("vision").mayOnlyBeAccessedByLayers("driver", "server", "app")
            .whereLayer("approval").mayOnlyBeAccessedByLayers("driver", "server", "app")
            .whereLayer("audit").mayOnlyBeAccessedByLayers("driver", "server", "script", "app")
            .because("SPEC.md §2: features depend inward on core; nothing depends on app");

    @ArchTest
    static final ArchRule coreDependsOnNothingOfTheProject = noClasses()
            .that().resideInAPackage("dev.countersign.core..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.countersign.graph..", "dev.countersign.policy..", "dev.countersign.driver..",
                    "dev.countersign.desktop..", "dev.countersign.vision..", "dev.countersign.approval..",
                    "dev.countersign.server..", "dev.countersign.script..", "dev.countersign.audit..",
                    "dev.countersign.app..")
            .because("SPEC.md §2: core holds value types and depends on nothing of the project");

    @ArchTest
    static final ArchRule leafFeaturesDependOnlyOnCore = noClasses()
            .that().resideInAnyPackage("dev.countersign.desktop..", "dev.countersign.vision..",
                    "dev.countersign.approval..", "dev.countersign.audit..", "dev.countersign.policy..",
                    "dev.countersign.graph..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.countersign.driver..", "dev.countersign.server..", "dev.countersign.script..",
                    "dev.countersign.app..")
            .because("SPEC.md §2: graph, policy, desktop, vision, approval and audit build on core only");

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
            .because("test doubles live in src/test (SPEC.md §2)");
}
