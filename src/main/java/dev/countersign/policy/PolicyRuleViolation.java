package dev.countersign.policy;

/**
 * Thrown by the policy document's constructors when the file breaks a rule; it carries the JSON
 * path so that {@link PolicyParser} can turn it into an {@code INVALID_ARGUMENT} error naming the
 * field. A caller that builds a document in code just sees an {@link IllegalArgumentException}.
 */
final class PolicyRuleViolation extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;

    PolicyRuleViolation(String field, String message) {
        super(message);
        this.field = field;
    }

    String field() {
        return field;
    }
}
