package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.IdSource;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.SessionState;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/** The services every operation of the driver shares: backend, clock, ids, books and the kill switch. */
final class DriverContext {
    final DesktopBackend backend;
    final Clock clock;
    final IdSource ids;
    final Random random;
    final DriverSettings settings;
    final ObservationStore observations;
    /** Editable elements that once held a credential; their values stay withheld ({@link NodeView}). */
    final CredentialMemory credentials = new CredentialMemory();
    final ExpirySweep sweep;
    final ReservationBook reservations;
    final LeaseBook leases;
    final ReceiptRing receipts;
    final WindowIds windows;
    final GrantBook grants;
    /** Where the text each agent was shown came from: typing it into another app asks. */
    final TextOrigins origins = new TextOrigins();
    /** The windows whose app does not say which element has keyboard focus, learned from keys sent there. */
    final UnreportedFocus unreportedFocus = new UnreportedFocus();
    private final AtomicBoolean paused = new AtomicBoolean();
    /** Where each act's intent is recorded before dispatch; null for a driver that serves no audit log. */
    volatile ActJournal journal;
    /** What each act's account holds beyond its receipt, until the audit log takes it. */
    final ActAccounts accounts = new ActAccounts(256);
    private volatile PictureRules pictureRules = PictureRules.DEFAULT;
    /** The digest of the policy in force now: a grant made under another one no longer counts. */
    final Supplier<String> policyDigest;

    DriverContext(DesktopBackend backend, Clock clock, IdSource ids, Random random, DriverSettings settings,
            LeaseBook leases, Supplier<String> policyDigest) {
        this.policyDigest = policyDigest;
        this.backend = backend;
        this.clock = clock;
        this.ids = ids;
        this.random = random;
        this.settings = settings;
        // How long an act may still wait for the person and then run: what its reservation and the
        // observation it carries must outlast.
        Duration actInFlight = settings.approvalWindow().plus(settings.actionWindow());
        this.observations = new ObservationStore(clock, settings.observationBudgetBytes(), actInFlight);
        this.sweep = new ExpirySweep(observations, clock);
        this.reservations = new ReservationBook(clock, actInFlight);
        this.leases = leases;
        this.receipts = new ReceiptRing(settings.receiptCapacity());
        this.windows = new WindowIds(random);
        this.grants = new GrantBook(clock, ids);
    }

    PictureRules pictureRules() {
        return pictureRules;
    }

    void pictureRules(PictureRules rules) {
        pictureRules = rules;
    }

    boolean paused() {
        return paused.get();
    }

    void pauseAll() {
        paused.set(true);
        reservations.closeAll();
        grants.endAll(GrantBook.End.PAUSED);
    }

    void resumeAll() {
        reservations.reopen();
        paused.set(false);
    }

    /** The kill switch as a refusal: {@code AGENT_PAUSED} while the person has paused all agents. */
    Optional<CountersignError> pauseProblem() {
        return paused() ? Optional.of(CountersignError.of(ErrorCode.AGENT_PAUSED, "the person paused all agents"))
                : Optional.empty();
    }

    /**
     * No act without its record: {@code AUDIT_UNWRITABLE} while the journal cannot be written (each
     * call tries it again, which is how acts resume once the disk has room).
     */
    Optional<CountersignError> journalProblem() {
        ActJournal j = journal;
        return j == null ? Optional.empty() : j.tryAgain();
    }

    /** Fail closed: a locked or unknown session, or a missing permission, refuses with its code. */
    Optional<CountersignError> sessionProblem() {
        return sessionProblem(backend.sessionState());
    }

    /** The same judgement of a state the backend has just probed (an observation's gate). */
    Optional<CountersignError> sessionProblem(SessionState state) {
        if (state != SessionState.AVAILABLE) {
            return Optional.of(CountersignError.of(ErrorCode.SESSION_LOCKED, state == SessionState.LOCKED
                    ? "the desktop session is locked" : "the desktop session cannot be reached (no display or "
                            + "accessibility bus)"));
        }
        Permissions permissions = backend.permissions();
        if (permissions.accessibility() != PermissionState.GRANTED) {
            return Optional.of(CountersignError.onField(ErrorCode.PERMISSION_MISSING, "accessibility",
                    "Countersign does not have the Accessibility permission"));
        }
        return Optional.empty();
    }
}
