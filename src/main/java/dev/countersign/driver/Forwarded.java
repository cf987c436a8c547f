package dev.countersign.driver;

/**
 * The receipt of a {@link ForwardedAct}, with what Countersign itself saw: the element it resolved
 * at the point or focus, and the SHA-256 of its own capture of that window taken before dispatch
 * (null when the window could not be captured). The audit records both next to the receipt.
 */
public record Forwarded(Receipt receipt, String target, String captureSha256) {
}
