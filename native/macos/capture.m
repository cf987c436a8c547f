// libcountersign-capture: one-window capture with ScreenCaptureKit (macOS 14+), for
// dev.countersign.desktop.macos.ScreenCaptureShim. CGWindowListCreateImage is deprecated in
// macOS 14 and marked obsolete in the macOS 15 SDK; this is its replacement. Built only on a Mac
// (see Makefile); when the library is absent the Java side falls back to CoreGraphics.
//
// Contract: cs_capture_window fills *pixels with a malloc'd buffer of 32-bit BGRA rows
// (kCGImageAlphaPremultipliedFirst | kCGBitmapByteOrder32Little) at the window's backing scale and
// returns 0; the caller frees it with cs_capture_free. Errors: -1 window not found, -2 timed out,
// -3 Screen Recording denied, -4 any other failure, -5 macOS older than 14.

#import <Foundation/Foundation.h>
#import <CoreGraphics/CoreGraphics.h>
#import <ScreenCaptureKit/ScreenCaptureKit.h>
#include <math.h>
#include <stdlib.h>

// An NSError's code means something only in its domain (SCError.h: SCStreamErrorUserDeclined is
// -3801 in SCStreamErrorDomain); any other error is a failure, never "declined".
static int cs_error(NSError *error) {
    return ([error.domain isEqualToString:SCStreamErrorDomain] && error.code == SCStreamErrorUserDeclined) ? -3 : -4;
}

static int cs_render(CGImageRef image, void **pixels, int *width, int *height, int *bytesPerRow) {
    size_t w = CGImageGetWidth(image);
    size_t h = CGImageGetHeight(image);
    size_t bpr = w * 4;
    void *buffer = calloc(h, bpr);
    if (buffer == NULL) {
        return -4;
    }
    CGColorSpaceRef space = CGColorSpaceCreateWithName(kCGColorSpaceSRGB);
    CGContextRef ctx = CGBitmapContextCreate(buffer, w, h, 8, bpr, space,
                                             kCGImageAlphaPremultipliedFirst | kCGBitmapByteOrder32Little);
    CGColorSpaceRelease(space);
    if (ctx == NULL) {
        free(buffer);
        return -4;
    }
    CGContextDrawImage(ctx, CGRectMake(0, 0, w, h), image);
    CGContextRelease(ctx);
    *pixels = buffer;
    *width = (int) w;
    *height = (int) h;
    *bytesPerRow = (int) bpr;
    return 0;
}

static int cs_capture(int windowId, int timeoutMillis, void **pixels, int *width, int *height, int *bytesPerRow) {
    if (@available(macOS 14.0, *)) {
        // __block state lives on the heap with the blocks, so a completion that arrives after a
        // timeout writes to valid memory; its image is then released by the block itself.
        __block int rc = -4;
        __block CGImageRef captured = NULL;
        __block BOOL abandoned = NO;
        NSObject *lock = [NSObject new];
        dispatch_semaphore_t done = dispatch_semaphore_create(0);
        [SCShareableContent getShareableContentExcludingDesktopWindows:NO
                                                   onScreenWindowsOnly:NO
                                                     completionHandler:^(SCShareableContent *content, NSError *error) {
            if (content == nil) {
                rc = cs_error(error);
                dispatch_semaphore_signal(done);
                return;
            }
            SCWindow *target = nil;
            for (SCWindow *w in content.windows) {
                if (w.windowID == (CGWindowID) windowId) {
                    target = w;
                    break;
                }
            }
            if (target == nil) {
                rc = -1;
                dispatch_semaphore_signal(done);
                return;
            }
            SCContentFilter *filter = [[SCContentFilter alloc] initWithDesktopIndependentWindow:target];
            SCStreamConfiguration *config = [SCStreamConfiguration new];
            CGFloat scale = filter.pointPixelScale;
            config.width = (size_t) ceil(filter.contentRect.size.width * scale);
            config.height = (size_t) ceil(filter.contentRect.size.height * scale);
            config.pixelFormat = 'BGRA';
            config.showsCursor = NO;
            config.ignoreShadowsSingleWindow = YES;
            [SCScreenshotManager captureImageWithFilter:filter
                                          configuration:config
                                      completionHandler:^(CGImageRef image, NSError *captureError) {
                @synchronized (lock) {
                    if (image != NULL && !abandoned) {
                        captured = CGImageRetain(image);
                        rc = 0;
                    } else if (image == NULL) {
                        rc = cs_error(captureError);
                    }
                }
                dispatch_semaphore_signal(done);
            }];
        }];
        long waited = dispatch_semaphore_wait(done, dispatch_time(DISPATCH_TIME_NOW,
                                                                  (int64_t) timeoutMillis * NSEC_PER_MSEC));
        CGImageRef image = NULL;
        int result;
        @synchronized (lock) {
            if (waited != 0) {
                abandoned = YES;
                result = -2;
            } else {
                image = captured;
                result = rc;
            }
        }
        if (result != 0 || image == NULL) {
            return result != 0 ? result : -4;
        }
        result = cs_render(image, pixels, width, height, bytesPerRow);
        CGImageRelease(image);
        return result;
    }
    return -5;
}

// Called from a Java thread, which has no autorelease pool of its own: without this one, the
// SCShareableContent, filters and errors this call autoreleases pile up for the thread's life.
int cs_capture_window(int windowId, int timeoutMillis, void **pixels, int *width, int *height, int *bytesPerRow) {
    @autoreleasepool {
        return cs_capture(windowId, timeoutMillis, pixels, width, height, bytesPerRow);
    }
}

void cs_capture_free(void *pixels) {
    free(pixels);
}
