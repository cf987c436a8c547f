/* libcountersign-capture (test stand-in): native/macos/capture.m's contract, served from the
 * fixture bitmaps, so MacCapture's shim path runs on Linux. Built as shim/libcountersign-capture.dylib
 * because that is the file name MacCapture looks for (dlopen does not care about the suffix). */
#include "sim.h"
#include <stdlib.h>
#include <string.h>

int cs_capture_window(int windowId, int timeoutMillis, void **pixels, int *width, int *height, int *bytesPerRow) {
    (void)timeoutMillis;
    long arg = 0;
    if (sim_fault_for("cs_capture_window", NULL, &arg) == F_ERROR) return (int)arg;
    if (!sim_capture_state()) return -3; /* SCStreamErrorUserDeclined */
    sim_bitmap *b = sim_bitmap_for(windowId);
    if (!b) return -1;
    sim_log_call("shim capture %d", windowId);
    void *copy = malloc(b->len);
    memcpy(copy, b->bytes, b->len);
    *pixels = copy;
    *width = (int)b->w;
    *height = (int)b->h;
    *bytesPerRow = (int)b->bpr;
    return 0;
}

void cs_capture_free(void *pixels) { free(pixels); }
