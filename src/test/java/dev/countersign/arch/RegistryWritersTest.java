package dev.countersign.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.countersign.remote.RemoteConfig;
import dev.countersign.server.AgentDirectory;

/**
 * Only the person adds or removes what carries authority: a remote (its token in
 * {@code remotes/NAME.token}, {@code remotes.json}), a governor ({@code governors.json}, whose
 * tokens carry approval authority on this machine) and an agent ({@code agents.json}). Those files
 * are written by the person's CLI commands and the tray's windows, and by nothing an agent or a
 * governing Countersign can reach (no MCP tool, no runtime operation).
 */
@AnalyzeClasses(packages = "dev.countersign", importOptions = ImportOption.DoNotIncludeTests.class)
class RegistryWritersTest {
    /** A class, or a class nested in it. */
    private static DescribedPredicate<JavaClass> within(String className) {
        return DescribedPredicate.describe("within " + className,
                c -> c.getName().equals(className) || c.getName().startsWith(className + "$"));
    }

    @ArchTest
    static final ArchRule onlyTheRemoteCommandWritesRemotesJson = noClasses()
            .that(DescribedPredicate.not(within("dev.countersign.app.cli.RemoteCommand")))
            .and().doNotHaveFullyQualifiedName(RemoteConfig.class.getName())
            .should().callMethod(RemoteConfig.class, "put", String.class, String.class, String.class)
            .orShould().callMethod(RemoteConfig.class, "remove", String.class)
            .because("a remote's token and URL are the person's to add: `countersign remote add|remove` only");

    @ArchTest
    static final ArchRule onlyThePersonsCommandsAndWindowsIssueOrRevokeTokens = noClasses()
            .that(DescribedPredicate.not(within("dev.countersign.app.cli.AgentCommand")))
            .and(DescribedPredicate.not(within("dev.countersign.app.cli.GovernorCommand")))
            .and().doNotHaveFullyQualifiedName("dev.countersign.app.DirectoryAgents")
            .and().doNotHaveFullyQualifiedName(AgentDirectory.class.getName())
            .should().callMethod(AgentDirectory.class, "add", String.class)
            .orShould().callMethod(AgentDirectory.class, "remove", String.class)
            .because("agent and governor tokens are issued and revoked by the person (the CLI, Connect an agent…, "
                    + "the Agents window), never by anything an agent or a governor reaches");

    @ArchTest
    static final ArchRule onlyTheGovernorCommandAndTheServedAppOpenGovernorsJson = noClasses()
            .that(DescribedPredicate.not(within("dev.countersign.app.cli.GovernorCommand")))
            .and().doNotHaveFullyQualifiedName("dev.countersign.app.ServedApp")
            .and().doNotHaveFullyQualifiedName("dev.countersign.app.Home")
            .should().callMethod("dev.countersign.app.Home", "governors")
            .because("governors.json holds tokens with approval authority here: `countersign governor` writes it, "
                    + "the served app only reads it to authenticate the runtime endpoint");
}
