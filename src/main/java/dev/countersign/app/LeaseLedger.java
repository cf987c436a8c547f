package dev.countersign.app;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.countersign.core.ControlLease;
import dev.countersign.core.Json;
import dev.countersign.driver.LeaseBook;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every agent's lease in {@code leases.json} in the home folder (0600), rewritten (temp,
 * then rename) after each change, and gives it back to the {@link LeaseBook} on start: a restart
 * neither refills the budget an agent spent nor renews a lease that ran out. A file that cannot be
 * read stops the start (fail closed), since starting afresh would refill every budget.
 */
final class LeaseLedger {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseLedger.class);
    private static final TypeReference<Map<String, ControlLease>> LEASES = new TypeReference<>() {
    };
    private final Path file;
    private final LeaseBook book;

    private LeaseLedger(Path file, LeaseBook book) {
        this.file = file;
        this.book = book;
    }

    /** Restores the leases kept in {@code file} into {@code book}, then keeps {@code book}'s changes there. */
    static LeaseLedger attach(Path file, LeaseBook book) throws IOException {
        Map<String, ControlLease> kept;
        try {
            kept = Json.mapper().readValue(Files.readAllBytes(file), LEASES);
        } catch (NoSuchFileException e) {
            kept = Map.of();
        } catch (IOException e) {
            throw new IOException(file + " could not be read (" + e.getMessage() + "); move it aside to start "
                    + "with fresh leases for every agent", e);
        }
        for (ControlLease lease : kept.values()) {
            book.restore(lease);
        }
        LeaseLedger ledger = new LeaseLedger(file, book);
        book.onChange(ledger::save);
        return ledger;
    }

    /** Writes the book as it stands now; concurrent changes each write the latest state. */
    synchronized void save() {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(tmp, Json.mapper().writeValueAsBytes(new TreeMap<>(book.snapshot())));
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // Not thrown: this runs inside a charge, right before dispatch. The lease in memory
            // stays authoritative for this run; only a restart could then refill it.
            LOG.error("could not keep the agents' leases in {}: {}", file, e.toString());
        }
    }
}
