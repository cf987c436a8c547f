package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The evidence a runtime attaches to a receipt: an explicit {@code satisfied} observation and/or
 * the digest it observed. Absent fields are absent evidence, never implied success.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReceiptVerification(
        @JsonProperty("satisfied") Boolean satisfied,
        @JsonProperty("observed_digest") String observedDigest,
        @JsonProperty("detail") String detail) {
}
