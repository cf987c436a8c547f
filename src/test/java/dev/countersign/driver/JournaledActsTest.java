package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * No act without its record, in the driver: every dispatch is preceded by its intent in the
 * journal, and an intent that cannot be written leaves the desktop, the lease and the person
 * untouched. The journal here is a list that can be made to refuse, standing in for the audit log
 * (whose own refusal the full-disk desktop test drives); what is tested is the driver's side.
 */
class JournaledActsTest {

    /** A journal that records intents in a list, or refuses them like a full disk. */
    static class ListJournal implements ActJournal {
        final List<String> intents = new CopyOnWriteArrayList<>();
        volatile boolean full;
        volatile int tries;

        @Override
        public void intent(ActionEnvelope envelope, ApprovalGrant approval) {
            if (full) {
                throw new CountersignException(problem());
            }
            intents.add(envelope.actionId());
        }

        @Override
        public Optional<CountersignError> unwritable() {
            return full ? Optional.of(problem()) : Optional.empty();
        }

        @Override
        public Optional<CountersignError> tryAgain() {
            tries++;
            return unwritable();
        }

        private static CountersignError problem() {
            return CountersignError.of(ErrorCode.AUDIT_UNWRITABLE, "no space left on device");
        }
    }

    @Test
    void everyDispatchedActHasItsIntentRecordedFirst() {
        DriverHarness h = new DriverHarness();
        ListJournal journal = new ListJournal();
        h.driver.journalActs(journal);
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Remember me"))));
        assertThat(h.desktop.dispatched).hasSize(1);
        assertThat(journal.intents).containsExactly(receipt.actionId());
    }

    @Test
    void anIntentThatCannotBeWrittenDispatchesNothingAndChargesNothing() {
        DriverHarness h = new DriverHarness();
        String kept = ref(h.observe("agent-a"), "Remember me");
        int usedBefore = h.driver.leases().current("agent-a").actionsUsed();
        // The journal was writable when the act started (the pre-check passed); its intent fails.
        ActJournal failingAtDispatch = new ListJournal() {
            @Override
            public void intent(ActionEnvelope envelope, ApprovalGrant approval) {
                throw new CountersignException(CountersignError.of(ErrorCode.AUDIT_UNWRITABLE, "disk full"));
            }
        };
        h.driver.journalActs(failingAtDispatch);
        Receipt refused = ok(h.driver.act("agent-a", ActArgs.click(kept)));
        assertThat(refused.status()).isEqualTo("rejected");
        assertThat(refused.code()).isEqualTo("AUDIT_UNWRITABLE");
        assertThat(h.desktop.dispatched).isEmpty();
        assertThat(h.driver.leases().current("agent-a").actionsUsed()).isEqualTo(usedBefore);
    }

    @Test
    void whileTheJournalIsUnwritableAHostileAgentsKeptRefIsRefusedBeforeAnyoneIsAsked() {
        DriverHarness h = new DriverHarness();
        ListJournal journal = new ListJournal();
        h.driver.journalActs(journal);
        // Refs observed while the log took records, kept for later: a risky one and a plain one.
        String delete = ref(h.observe("agent-a"), "Delete");
        String remember = ref(h.observe("agent-a"), "Remember me");
        journal.full = true;
        assertThat(err(h.driver.act("agent-a", ActArgs.click(delete))).code()).isEqualTo(ErrorCode.AUDIT_UNWRITABLE);
        assertThat(err(h.driver.act("agent-a", ActArgs.click(remember))).code()).isEqualTo(ErrorCode.AUDIT_UNWRITABLE);
        assertThat(h.approver.asked).isEmpty();
        assertThat(h.desktop.dispatched).isEmpty();
        assertThat(h.driver.auditUnwritable()).isTrue();
        assertThat(h.driver.evidence("agent-a").auditLog()).isEqualTo("unwritable");
    }

    @Test
    void actsResumeOnTheirOwnOnceTheJournalTakesRecordsAgain() {
        DriverHarness h = new DriverHarness();
        ListJournal journal = new ListJournal();
        h.driver.journalActs(journal);
        journal.full = true;
        String ref = ref(h.observe("agent-a"), "Remember me");
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref))).code()).isEqualTo(ErrorCode.AUDIT_UNWRITABLE);
        int tried = journal.tries;
        journal.full = false;
        Receipt receipt = ok(h.driver.act("agent-a", ActArgs.click(ref(h.observe("agent-a"), "Remember me"))));
        assertThat(journal.tries).as("the act tried the journal again").isGreaterThan(tried);
        assertThat(journal.intents).containsExactly(receipt.actionId());
        assertThat(h.desktop.dispatched).hasSize(1);
        assertThat(h.driver.evidence("agent-a").auditLog()).isNull();
    }
}
