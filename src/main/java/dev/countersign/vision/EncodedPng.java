package dev.countersign.vision;

import java.util.Objects;

/** PNG bytes and the lowercase-hex SHA-256 of exactly those bytes (the {@code capture_sha256}). */
public record EncodedPng(byte[] bytes, String sha256) {
    public EncodedPng {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(sha256, "sha256");
    }

    /**
     * The bytes themselves, not a copy: copying a megabyte per read would cost more than it
     * protects. Callers must not modify them, or they no longer match {@link #sha256()}.
     */
    @Override
    public byte[] bytes() {
        return bytes;
    }

    public int size() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EncodedPng other && other.sha256.equals(sha256);
    }

    @Override
    public int hashCode() {
        return sha256.hashCode();
    }

    @Override
    public String toString() {
        return "EncodedPng[" + bytes.length + " bytes, sha256=" + sha256 + "]";
    }
}
