package dev.countersign.core;

/**
 * Where identifiers come from. Injected everywhere ids are minted so that the core stays
 * deterministic: production uses {@link RandomIds}, tests and replays use a sequence.
 */
@FunctionalInterface
public interface IdSource {
    /** A new identifier that starts with {@code prefix} (for example {@code "act_"}). */
    String next(String prefix);
}
