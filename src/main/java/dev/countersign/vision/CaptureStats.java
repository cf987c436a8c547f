package dev.countersign.vision;

/**
 * The numbers behind a capture verdict: pixel count, how many are visible (alpha ≥ 16), how many
 * visible pixels are brighter than near-black, darker than near-white, and how many fall in the
 * densest narrow luminance band.
 */
public record CaptureStats(long pixels, long visible, long brighterThanBlack, long darkerThanWhite, long inDominantBand) {
}
