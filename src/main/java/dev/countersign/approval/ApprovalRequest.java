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
 * @param grantOffer the grant the person may give instead of allowing once (docs/approvals.md);
 *     null when none is offered (a secure field, a category the policy does not let be granted,
 *     another machine's act, a question that is not an act)
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
        String machine,
        GrantOffer grantOffer) {

    /** A request for an action on this computer. */
    public ApprovalRequest(String nonce, String agentId, String agentName, String summary, String category,
            List<String> matchedWords, String appName, String windowTitle, Instant expiresAt, byte[] screenshotPng) {
        this(nonce, agentId, agentName, summary, category, matchedWords, appName, windowTitle, expiresAt,
                screenshotPng, null, null);
    }

    /** A request that offers no grant. */
    public ApprovalRequest(String nonce, String agentId, String agentName, String summary, String category,
            List<String> matchedWords, String appName, String windowTitle, Instant expiresAt, byte[] screenshotPng,
            String machine) {
        this(nonce, agentId, agentName, summary, category, matchedWords, appName, windowTitle, expiresAt,
                screenshotPng, machine, null);
    }

    public ApprovalRequest {
        Objects.requireNonNull(nonce, "nonce");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(expiresAt, "expiresAt");
        matchedWords = matchedWords == null ? List.of() : List.copyOf(matchedWords);
        agentName = agentName == null ? agentId : agentName;
        if (grantOffer != null && (!grantOffer.agentId().equals(agentId) || !grantOffer.category().equals(category))) {
            throw new IllegalArgumentException("a grant is offered only for the request's own agent and category");
        }
    }

    /** The grant the person may give for this request; empty when only "Allow once" is offered. */
    public Optional<GrantOffer> offer() {
        return Optional.ofNullable(grantOffer);
    }

    /** The other machine the action is on; empty for this computer. */
    public Optional<String> remoteMachine() {
        return Optional.ofNullable(machine);
    }

    public Optional<byte[]> screenshot() {
        return Optional.ofNullable(screenshotPng);
    }
}
