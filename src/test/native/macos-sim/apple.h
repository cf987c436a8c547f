/*
 * The prototypes of docs/macos-abi.md, one per exported function, with the C types of Apple's SDK
 * headers (MacOSX 12.0 SDK; MacAbiTableTest holds every function row's prototype to be written
 * here word for word). Every harness source includes this file, so a stub whose definition
 * differs from its row in the result's or any parameter's type does not compile ("conflicting
 * types": Boolean is not bool, int is not UInt32). The typedefs are the
 * SDK's, with one simplification: every opaque reference (CFTypeRef, CGEventRef, AXUIElementRef,
 * TISInputSourceRef…) is `const void *` here, the one pointer type the ABI sees. objc_msgSend is
 * left out (the SDK declares it `void objc_msgSend(void)`, cast to each method's type), and so
 * are the globals (kCFBooleanTrue…), which the harness assigns when it loads.
 */
#ifndef MACOS_SIM_APPLE_H
#define MACOS_SIM_APPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* MacTypes.h */
typedef unsigned char Boolean;
typedef uint8_t UInt8;
typedef uint16_t UInt16;
typedef uint32_t UInt32;
typedef int32_t OSStatus;
typedef UInt32 OptionBits;
typedef UInt16 UniChar;
typedef unsigned long UniCharCount;

/* CFBase.h, CFString.h, CFNumber.h, CFArray.h, CFDictionary.h (LP64) */
typedef long CFIndex;
typedef unsigned long CFTypeID;
typedef unsigned long CFHashCode;
typedef UInt32 CFStringEncoding;
typedef CFIndex CFNumberType;
typedef const void *CFTypeRef, *CFAllocatorRef, *CFStringRef, *CFArrayRef, *CFDictionaryRef,
        *CFMutableDictionaryRef, *CFDataRef, *CFBooleanRef, *CFNumberRef;
typedef struct {
    CFIndex version;
    const void *retain, *release, *copyDescription, *equal;
} CFArrayCallBacks;
typedef struct {
    CFIndex version;
    const void *retain, *release, *copyDescription, *equal, *hash;
} CFDictionaryKeyCallBacks;
typedef struct {
    CFIndex version;
    const void *retain, *release, *copyDescription, *equal;
} CFDictionaryValueCallBacks;

/* AXError.h, AXUIElement.h, AXValue.h */
typedef int32_t AXError;
typedef UInt32 AXValueType;
typedef UInt32 AXCopyMultipleAttributeOptions;
typedef const void *AXUIElementRef, *AXValueRef;

/* CGBase.h, CGGeometry.h, CGWindow.h, CGImage.h, CGError.h, CGDirectDisplay.h, CGEventTypes.h,
 * CGRemoteOperation.h */
typedef double CGFloat;
typedef struct { CGFloat x, y; } CGPoint;
typedef struct { CGFloat width, height; } CGSize;
typedef struct { CGPoint origin; CGSize size; } CGRect;
typedef uint32_t CGWindowID, CGWindowListOption, CGWindowImageOption, CGBitmapInfo, CGDirectDisplayID;
typedef int32_t CGError;
typedef uint32_t CGEventType, CGMouseButton, CGEventField, CGScrollEventUnit, CGEventTapLocation;
typedef uint64_t CGEventFlags;
typedef uint16_t CGKeyCode;
typedef const void *CGImageRef, *CGDataProviderRef, *CGDisplayModeRef, *CGEventRef, *CGEventSourceRef;

/* TextInputSources.h, UnicodeUtilities.h */
typedef const void *TISInputSourceRef;
typedef struct UCKeyboardLayout UCKeyboardLayout;

/* objc/objc.h */
typedef void *Class, *SEL;

/* HIServices: AXUIElement.h, AXValue.h (and the private _AXUIElementGetWindow) */
Boolean AXIsProcessTrusted(void);
Boolean AXIsProcessTrustedWithOptions(CFDictionaryRef options);
AXUIElementRef AXUIElementCreateApplication(pid_t pid);
AXUIElementRef AXUIElementCreateSystemWide(void);
AXError AXUIElementCopyAttributeValue(AXUIElementRef element, CFStringRef attribute, CFTypeRef *value);
AXError AXUIElementCopyAttributeNames(AXUIElementRef element, CFArrayRef *names);
AXError AXUIElementCopyActionNames(AXUIElementRef element, CFArrayRef *names);
AXError AXUIElementCopyMultipleAttributeValues(AXUIElementRef element, CFArrayRef attributes, AXCopyMultipleAttributeOptions options, CFArrayRef *values);
AXError AXUIElementGetAttributeValueCount(AXUIElementRef element, CFStringRef attribute, CFIndex *count);
AXError AXUIElementCopyAttributeValues(AXUIElementRef element, CFStringRef attribute, CFIndex index, CFIndex maxValues, CFArrayRef *values);
AXError AXUIElementIsAttributeSettable(AXUIElementRef element, CFStringRef attribute, Boolean *settable);
AXError AXUIElementPerformAction(AXUIElementRef element, CFStringRef action);
AXError AXUIElementSetAttributeValue(AXUIElementRef element, CFStringRef attribute, CFTypeRef value);
AXError AXUIElementSetMessagingTimeout(AXUIElementRef element, float timeoutInSeconds);
AXError AXUIElementGetPid(AXUIElementRef element, pid_t *pid);
AXError AXUIElementCopyElementAtPosition(AXUIElementRef application, float x, float y, AXUIElementRef *element);
AXValueType AXValueGetType(AXValueRef value);
Boolean AXValueGetValue(AXValueRef value, AXValueType theType, void *valuePtr);
AXValueRef AXValueCreate(AXValueType theType, const void *valuePtr);
CFTypeID AXUIElementGetTypeID(void);
CFTypeID AXValueGetTypeID();
AXError _AXUIElementGetWindow(AXUIElementRef element, CGWindowID *identifier);

/* CoreGraphics: CGWindow.h, CGImage.h, CGDataProvider.h, CGEvent.h, CGSession.h, CGDirectDisplay.h */
CFArrayRef CGWindowListCopyWindowInfo(CGWindowListOption option, CGWindowID relativeToWindow);
CGImageRef CGWindowListCreateImage(CGRect screenBounds, CGWindowListOption listOption, CGWindowID windowID, CGWindowImageOption imageOption);
void CGImageRelease(CGImageRef image);
size_t CGImageGetWidth(CGImageRef image);
size_t CGImageGetHeight(CGImageRef image);
size_t CGImageGetBytesPerRow(CGImageRef image);
size_t CGImageGetBitsPerPixel(CGImageRef image);
CGBitmapInfo CGImageGetBitmapInfo(CGImageRef image);
CGDataProviderRef CGImageGetDataProvider(CGImageRef image);
CFDataRef CGDataProviderCopyData(CGDataProviderRef provider);
bool CGPreflightScreenCaptureAccess(void);
bool CGRequestScreenCaptureAccess(void);
CGEventRef CGEventCreateMouseEvent(CGEventSourceRef source, CGEventType mouseType, CGPoint mouseCursorPosition, CGMouseButton mouseButton);
CGEventRef CGEventCreateKeyboardEvent(CGEventSourceRef source, CGKeyCode virtualKey, bool keyDown);
void CGEventKeyboardSetUnicodeString(CGEventRef event, UniCharCount stringLength, const UniChar *unicodeString);
void CGEventSetFlags(CGEventRef event, CGEventFlags flags);
void CGEventSetIntegerValueField(CGEventRef event, CGEventField field, int64_t value);
CGEventRef CGEventCreateScrollWheelEvent2(CGEventSourceRef source, CGScrollEventUnit units, uint32_t wheelCount, int32_t wheel1, int32_t wheel2, int32_t wheel3);
void CGEventSetLocation(CGEventRef event, CGPoint location);
void CGEventPost(CGEventTapLocation tap, CGEventRef event);
CFDictionaryRef CGSessionCopyCurrentDictionary(void);
CGError CGGetActiveDisplayList(uint32_t maxDisplays, CGDirectDisplayID *activeDisplays, uint32_t *displayCount);
CGRect CGDisplayBounds(CGDirectDisplayID display);
CGDisplayModeRef CGDisplayCopyDisplayMode(CGDirectDisplayID display);
size_t CGDisplayModeGetWidth(CGDisplayModeRef mode);
size_t CGDisplayModeGetPixelWidth(CGDisplayModeRef mode);
void CGDisplayModeRelease(CGDisplayModeRef mode);

/* CoreFoundation: CFBase.h, CFArray.h, CFDictionary.h, CFData.h, CFString.h, CFNumber.h, CFDate.h */
Boolean CFEqual(CFTypeRef cf1, CFTypeRef cf2);
CFHashCode CFHash(CFTypeRef cf);
CFTypeID CFGetTypeID(CFTypeRef cf);
CFTypeID CFArrayGetTypeID(void);
CFTypeID CFDictionaryGetTypeID(void);
CFTypeID CFDataGetTypeID(void);
CFIndex CFDataGetLength(CFDataRef theData);
const UInt8 *CFDataGetBytePtr(CFDataRef theData);
CFTypeID CFStringGetTypeID(void);
CFTypeID CFBooleanGetTypeID(void);
CFTypeID CFNumberGetTypeID(void);
CFTypeID CFDateGetTypeID(void);
CFTypeRef CFRetain(CFTypeRef cf);
void CFRelease(CFTypeRef cf);
CFStringRef CFStringCreateWithCharacters(CFAllocatorRef alloc, const UniChar *chars, CFIndex numChars);
CFIndex CFStringGetLength(CFStringRef theString);
CFIndex CFStringGetMaximumSizeForEncoding(CFIndex length, CFStringEncoding encoding);
Boolean CFStringGetCString(CFStringRef theString, char *buffer, CFIndex bufferSize, CFStringEncoding encoding);
CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex numValues, const CFArrayCallBacks *callBacks);
CFIndex CFArrayGetCount(CFArrayRef theArray);
const void *CFArrayGetValueAtIndex(CFArrayRef theArray, CFIndex idx);
CFMutableDictionaryRef CFDictionaryCreateMutable(CFAllocatorRef allocator, CFIndex capacity, const CFDictionaryKeyCallBacks *keyCallBacks, const CFDictionaryValueCallBacks *valueCallBacks);
void CFDictionarySetValue(CFMutableDictionaryRef theDict, const void *key, const void *value);
const void *CFDictionaryGetValue(CFDictionaryRef theDict, const void *key);
Boolean CFBooleanGetValue(CFBooleanRef boolean);
CFNumberType CFNumberGetType(CFNumberRef number);
Boolean CFNumberGetValue(CFNumberRef number, CFNumberType theType, void *valuePtr);

/* HIToolbox (TextInputSources.h, Events.h) and CarbonCore (UnicodeUtilities.h) */
TISInputSourceRef TISCopyCurrentKeyboardLayoutInputSource(void);
void *TISGetInputSourceProperty(TISInputSourceRef inputSource, CFStringRef propertyKey);
UInt8 LMGetKbdType(void);
/* libdispatch (dispatch/queue.h, dispatch/object.h) and pthread.h, re-exported by libSystem */
typedef struct dispatch_queue_s *dispatch_queue_t;
typedef void (*dispatch_function_t)(void *);
extern struct dispatch_queue_s _dispatch_main_q;
void dispatch_async_f(dispatch_queue_t queue, void *context, dispatch_function_t work);
int pthread_main_np(void);
Boolean IsSecureEventInputEnabled(void);
OSStatus UCKeyTranslate(const UCKeyboardLayout *keyLayoutPtr, UInt16 virtualKeyCode, UInt16 keyAction, UInt32 modifierKeyState, UInt32 keyboardType, OptionBits keyTranslateOptions, UInt32 *deadKeyState, UniCharCount maxStringLength, UniCharCount *actualStringLength, UniChar unicodeString[]);

/* libobjc (objc/runtime.h, objc/objc.h; the pool functions from libobjc.A.tbd) and libproc.h */
Class objc_getClass(const char *name);
SEL sel_registerName(const char *str);
void *objc_autoreleasePoolPush(void);
void objc_autoreleasePoolPop(void *context);
int proc_pidinfo(int pid, int flavor, uint64_t arg, void *buffer, int buffersize);

/* native/macos/capture.m (ours) */
int cs_capture_window(int windowId, int timeoutMillis, void **pixels, int *width, int *height, int *bytesPerRow);
void cs_capture_free(void *pixels);
typedef void (*cs_notify_activated)(const char *identifier);
int cs_notify_start(cs_notify_activated activated);
int cs_notify_post(const char *identifier, const char *title, const char *body);
int cs_notify_remove(const char *identifier);

#endif
