package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.testkit.ScriptedApprover;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Text carried between apps is the person's to see: an agent reads a recovery code in one real app
 * (a GTK note) and types or pastes it into another (a yad login form). The act asks, the dialog names
 * the app and window the text was read in, and a denial leaves the form's field as it was. Text
 * the form itself showed, and short words, go in unasked.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class CarriedTextDesktopTest {
    private static final String CODE = "RC-7Q2XK9-LMPA33-RTZZ81";

    /** A GTK note (note_view.py, another program than the yad form) showing the recovery code. */
    private static TestDesktop.TargetApp recoveryNote(TestDesktop desktop) throws Exception {
        return desktop.launchCommand("Recovery codes", dir -> {
            Path note = dir.resolve("recovery.txt");
            Path script = dir.resolve("note_view.py");
            try (java.io.InputStream in = CarriedTextDesktopTest.class.getResourceAsStream("note_view.py")) {
                Files.writeString(note, "Keep this safe. Your recovery code is " + CODE + " and nobody asks for it.\n");
                Files.copy(in, script);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return List.of("/usr/bin/python3", script.toString(), "Recovery codes", note.toString());
        });
    }

    /** The note's text view, where the code is. */
    private static String noteText(ComputerDriver driver, TestDesktop.TargetApp note) {
        return DriverDesktopTest.observe(driver, "agent-a", note).nodes().stream()
                .filter(n -> n.value() != null && n.value().contains(CODE)).findFirst().orElseThrow().ref();
    }

    private static String userName(ComputerDriver driver, TestDesktop.TargetApp form) {
        return DriverDesktopTest.observe(driver, "agent-a", form).nodes().stream()
                .filter(n -> "text".equals(n.role())).findFirst().orElseThrow().value();
    }

    @Test
    void typingTextReadInAnotherAppAsksNamingItAndADenialTypesNothing(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp note = recoveryNote(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("", "pw");
        ObservationView read = DriverDesktopTest.observe(driver, "agent-a", note);
        assertThat(read.nodes()).anyMatch(n -> n.value() != null && n.value().contains(CODE));

        ObservationView view = DriverDesktopTest.observe(driver, "agent-a", form);
        var result = driver.act("agent-a", ActArgs.type(DriverDesktopTest.textRef(view), CODE));

        assertThat(approver.asked).hasSize(1);
        ApprovalRequest asked = approver.asked.get(0);
        assertThat(asked.category()).isEqualTo("carry");
        assertThat(asked.matchedWords()).singleElement().asString().contains("Recovery codes");
        assertThat(asked.summary()).contains("read in").contains("Recovery codes");
        assertThat(result.toString()).doesNotContain(CODE);
        assertThat(userName(driver, form)).isEmpty();
    }

    @Test
    void aLongPieceOfTheTextInsideOtherWordsAsksToo(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp note = recoveryNote(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("", "pw");
        DriverDesktopTest.observe(driver, "agent-a", note);

        ObservationView view = DriverDesktopTest.observe(driver, "agent-a", form);
        driver.act("agent-a", ActArgs.type(DriverDesktopTest.textRef(view), "code: " + CODE.substring(1, 22) + "!"));

        assertThat(approver.asked).extracting(ApprovalRequest::category).containsExactly("carry");
        assertThat(userName(driver, form)).isEmpty();
    }

    @Test
    void textTheSameAppShowedAndShortWordsGoInUnasked(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp note = recoveryNote(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("alice.liddell@example.org", "pw");
        DriverDesktopTest.observe(driver, "agent-a", note);
        ObservationView view = DriverDesktopTest.observe(driver, "agent-a", form);

        // The form's own text, typed back into it, and a word shorter than anything remembered.
        Receipt same = ok(driver.act("agent-a", ActArgs.type(DriverDesktopTest.textRef(view),
                "alice.liddell@example.org")));
        Receipt shortWord = ok(driver.act("agent-a", ActArgs.type(
                DriverDesktopTest.textRef(DriverDesktopTest.observe(driver, "agent-a", form)), "code")));

        assertThat(same.status()).isEqualTo("confirmed");
        assertThat(shortWord.status()).isEqualTo("confirmed");
        assertThat(approver.asked).isEmpty();
        assertThat(userName(driver, form)).isEqualTo("code");
    }

    @Test
    void anotherAgentTypingTheSameTextIsNotAskedForWhatItNeverRead(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp note = recoveryNote(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("", "pw");
        DriverDesktopTest.observe(driver, "agent-a", note);

        ObservationView view = DriverDesktopTest.observe(driver, "agent-b", form);
        Receipt typed = ok(driver.act("agent-b", ActArgs.type(DriverDesktopTest.textRef(view), CODE)));

        assertThat(typed.status()).isEqualTo("confirmed");
        assertThat(approver.asked).isEmpty();
    }

    @Test
    void pastingWhatWasCopiedInAnotherAppAsksNamingItAndADenialPastesNothing(TestDesktop desktop)
            throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp note = recoveryNote(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("", "pw");
        // Select all and copy in the note's own text: editing keys, nobody is asked.
        ok(driver.act("agent-a", new KeyArgs(noteText(driver, note), "ctrl+a", null)));
        ok(driver.act("agent-a", new KeyArgs(noteText(driver, note), "ctrl+c", null)));
        assertThat(approver.asked).isEmpty();

        ObservationView view = DriverDesktopTest.observe(driver, "agent-a", form);
        driver.act("agent-a", new KeyArgs(DriverDesktopTest.textRef(view), "ctrl+v", null));

        assertThat(approver.asked).singleElement().satisfies(paste -> {
            assertThat(paste.category()).isEqualTo("carry");
            assertThat(paste.summary()).contains("pastes what this agent copied in")
                    .contains("Recovery codes");
        });
        assertThat(userName(driver, form)).isEmpty();
    }

    @Test
    void aPasteOfTheClipboardThisAgentDidNotFillAsksAndACopyAndPasteInOneAppDoesNot(TestDesktop desktop)
            throws Exception {
        ScriptedApprover approver = new ScriptedApprover();
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp form = desktop.launchForm("alice", "pw");
        // Whatever the clipboard holds (the person's own copy, a password), this agent did not fill it.
        driver.act("agent-a", new KeyArgs(DriverDesktopTest.textRef(DriverDesktopTest.observe(driver, "agent-a",
                form)), "ctrl+v", null));
        assertThat(approver.asked).extracting(ApprovalRequest::summary).singleElement().asString()
                .contains("pastes the clipboard, which this agent did not fill");
        assertThat(userName(driver, form)).isEqualTo("alice");

        ok(driver.act("agent-a", new KeyArgs(DriverDesktopTest.textRef(DriverDesktopTest.observe(driver,
                "agent-a", form)), "ctrl+c", null)));
        ok(driver.act("agent-a", new KeyArgs(DriverDesktopTest.textRef(DriverDesktopTest.observe(driver,
                "agent-a", form)), "ctrl+v", null)));
        assertThat(approver.asked).hasSize(1);
    }
}
