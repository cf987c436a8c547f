package dev.countersign.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.countersign.govern.GovernConfig;
import dev.countersign.govern.Registration;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Only the person adds or removes a governed server: {@code govern.json} is written by
 * {@code countersign govern} and the Settings window, through {@link Registration} and
 * {@link GovernConfig}, and by nothing an agent can reach (no MCP tool, no endpoint path).
 */
@AnalyzeClasses(packages = "dev.countersign", importOptions = ImportOption.DoNotIncludeTests.class)
class GovernWritersTest {
    @ArchTest
    static final ArchRule onlyThePersonsCommandAndWindowWriteGovernJson = noClasses()
            .that().doNotHaveFullyQualifiedName("dev.countersign.app.cli.GovernCommand")
            .and().doNotHaveFullyQualifiedName("dev.countersign.app.windows.GovernModel")
            .and().doNotHaveFullyQualifiedName(Registration.class.getName())
            .and().doNotHaveFullyQualifiedName(GovernConfig.class.getName())
            .should().callMethod(GovernConfig.class, "put", Path.class, GovernConfig.Entry.class)
            .orShould().callMethod(GovernConfig.class, "remove", Path.class, String.class)
            .orShould().callMethod(Registration.class, "register", Path.class, GovernConfig.Entry.class,
                    Duration.class)
            .because("an agent must never be able to add a governed server: only the person's CLI and Settings "
                    + "window change govern.json");

    @ArchTest
    static final ArchRule theEndpointNeverSeesTheRegistration = noClasses()
            .that().resideInAnyPackage("dev.countersign.server..", "dev.countersign.driver..",
                    "dev.countersign.graph..", "dev.countersign.approval..")
            .should().dependOnClassesThat().haveFullyQualifiedName(Registration.class.getName())
            .orShould().dependOnClassesThat().haveFullyQualifiedName(GovernConfig.class.getName())
            .because("the MCP endpoint and what it calls have no path to govern.json");
}
