package dev.countersign.approval;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the person is asked to allow once: which agent, the action in words, the risk category
 * and the words that matched, and until when the answer counts. {@code nonce} identifies this one
 * request; a decision is only ever an answer to the nonce it names.
 *
 * @param screenshotPng the Set-of-Mark screenshot with the target highlighted, or null when none
 *     could be taken
 * @param machine the other machine the action is on, when a governed Countersign runs it
 *     (docs/govern.md); null for this computer
 */
public record ApprovalRequest(
        String nonce,
        String agentId,
        String agentName,
        String summary,
        String category,
        List<String> matchedWords,
        String appName,
        String windowTitle,
        Instant expiresAt,
        byte[] screenshotPng,
        String machine) {

    /** A request for an action on this computer. */
    public ApprovalRequest(String nonce, String agentId, String agentName, String summary, String category,
            List<String> matchedWords, String appName, String windowTitle, Instant expiresAt, byte[] screenshotPng) {
        this(nonce, agentId, agentName, summary, category, matchedWords, appName, windowTitle, expiresAt,
                screenshotPng, null);
    }

    public ApprovalRequest {
        Objects.requireNonNull(nonce, "nonce");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(expiresAt, "expiresAt");
        matchedWords = matchedWords == null ? List.of() : List.copyOf(matchedWords);
        agentName = agentName == null ? agentId : agentName;
    }

    /** The other machine the action is on; empty for this computer. */
    public Optional<String> remoteMachine() {
        return Optional.ofNullable(machine);
    }

    public Optional<byte[]> screenshot() {
        return Optional.ofNullable(screenshotPng);
    }
}
