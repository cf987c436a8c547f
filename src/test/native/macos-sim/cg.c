/* libCoreGraphics: window list, capture from fixture bitmaps, displays, session, and recorded events. */
#include "sim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static sim_obj *key(const char *s, const char *origin) { return sim_string_utf8(s, origin); }

static void put_number(sim_obj *d, const char *k, double v, int floating, const char *origin) {
    sim_dict_put_owned(d, key(k, origin), floating ? sim_number_double(v, origin) : sim_number_int((long long)v, origin));
}

const void *CGWindowListCopyWindowInfo(CGWindowListOption option, CGWindowID relativeToWindow) {
    (void)relativeToWindow;
    const char *o = "CGWindowListCopyWindowInfo";
    long arg;
    int mode = sim_fault_for(o, NULL, &arg);
    if (mode == F_NULL) return NULL;
    if (mode == F_WRONG_TYPE) return sim_string_utf8("not a window list", o);
    sim_obj *list = sim_array_new(o);
    for (int i = 0; i < sim_window_count(); i++) {
        sim_window *w = sim_window_at(i);
        if ((option & 16) && w->layer < 0) continue; /* kCGWindowListExcludeDesktopElements */
        sim_obj *d = sim_dict_new(o);
        put_number(d, "kCGWindowNumber", w->number, 0, o);
        put_number(d, "kCGWindowOwnerPID", w->pid, 0, o);
        put_number(d, "kCGWindowLayer", w->layer, 0, o);
        put_number(d, "kCGWindowAlpha", w->alpha, 1, o);
        sim_obj *b = sim_dict_new(o);
        put_number(b, "X", w->x, 1, o);
        put_number(b, "Y", w->y, 1, o);
        put_number(b, "Width", w->w, 1, o);
        put_number(b, "Height", w->h, 1, o);
        sim_dict_put_owned(d, key("kCGWindowBounds", o), b);
        if (w->name) sim_dict_put_owned(d, key("kCGWindowName", o), sim_string_utf8(w->name, o));
        if (w->owner) sim_dict_put_owned(d, key("kCGWindowOwnerName", o), sim_string_utf8(w->owner, o));
        sim_dict_put_owned(d, key("kCGWindowIsOnscreen", o), sim_true());
        sim_array_push_owned(list, d);
    }
    return list;
}

/* ---- capture ---- */
const void *CGWindowListCreateImage(CGRect screenBounds, CGWindowListOption listOption, CGWindowID windowID,
                                    CGWindowImageOption imageOption) {
    const char *o = "CGWindowListCreateImage";
    sim_log_call("capture %u list=%u image=%u bounds=%s", windowID, listOption, imageOption,
                 screenBounds.origin.x > 1e300 ? "null" : "given");
    long arg;
    if (sim_fault_for(o, NULL, &arg) == F_NULL) return NULL;
    sim_bitmap *b = sim_bitmap_for((int)windowID);
    if (!b) return NULL;
    sim_obj *img = sim_new(K_IMAGE, o);
    img->u.img.w = b->w;
    img->u.img.h = b->h;
    img->u.img.bpr = b->bpr;
    img->u.img.bpp = b->bpp;
    img->u.img.info = b->info;
    sim_obj *provider = sim_new(K_PROVIDER, o);
    /* Without Screen Recording, macOS returns the window as a transparent image, not an error. */
    if (sim_capture_state()) {
        provider->u.prov.data = sim_data_new(b->bytes, b->len, o);
    } else {
        uint8_t *zero = calloc(1, b->len);
        provider->u.prov.data = sim_data_new(zero, b->len, o);
        free(zero);
    }
    img->u.img.provider = provider;
    return img;
}

void CGImageRelease(const void *image) {
    if (image) sim_release(sim_known(image, "CGImageRelease"), "CGImageRelease");
}

static sim_obj *image(const void *p, const char *who) { return sim_check(p, K_IMAGE, who); }
size_t CGImageGetWidth(const void *i) { sim_obj *o = image(i, "CGImageGetWidth"); return o ? o->u.img.w : 0; }
size_t CGImageGetHeight(const void *i) { sim_obj *o = image(i, "CGImageGetHeight"); return o ? o->u.img.h : 0; }
size_t CGImageGetBytesPerRow(const void *i) { sim_obj *o = image(i, "CGImageGetBytesPerRow"); return o ? o->u.img.bpr : 0; }
size_t CGImageGetBitsPerPixel(const void *i) { sim_obj *o = image(i, "CGImageGetBitsPerPixel"); return o ? o->u.img.bpp : 0; }
uint32_t CGImageGetBitmapInfo(const void *i) { sim_obj *o = image(i, "CGImageGetBitmapInfo"); return o ? o->u.img.info : 0; }

const void *CGImageGetDataProvider(const void *i) {
    sim_obj *o = image(i, "CGImageGetDataProvider");
    long arg;
    if (!o || sim_fault_for("CGImageGetDataProvider", NULL, &arg) == F_NULL) return NULL;
    return o->u.img.provider;
}

const void *CGDataProviderCopyData(const void *provider) {
    const char *o = "CGDataProviderCopyData";
    sim_obj *p = sim_check(provider, K_PROVIDER, o);
    long arg;
    int mode = sim_fault_for(o, NULL, &arg);
    if (!p || mode == F_NULL) return NULL;
    if (mode == F_WRONG_TYPE) return sim_string_utf8("not data", o);
    sim_obj *d = p->u.prov.data;
    return sim_data_new(d->u.data.bytes, d->u.data.len, o);
}

bool CGPreflightScreenCaptureAccess(void) { return sim_capture_state() != 0; }

bool CGRequestScreenCaptureAccess(void) {
    sim_log_call("request screen capture");
    return sim_capture_state() != 0;
}

/* ---- events: recorded when posted ---- */
static sim_obj *event(const char *origin, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static sim_obj *event(const char *origin, const char *fmt, ...) {
    long arg;
    if (sim_fault_for(origin, NULL, &arg) == F_NULL) return NULL;
    sim_obj *e = sim_new(K_EVENT, origin);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->u.ev.text, sizeof e->u.ev.text, fmt, ap);
    va_end(ap);
    return e;
}

static void add(sim_obj *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(sim_obj *e, const char *fmt, ...) {
    size_t n = strlen(e->u.ev.text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->u.ev.text + n, sizeof e->u.ev.text - n, fmt, ap);
    va_end(ap);
}

const void *CGEventCreateMouseEvent(const void *source, uint32_t mouseType, CGPoint location, uint32_t mouseButton) {
    (void)source;
    return event("CGEventCreateMouseEvent", "mouse type=%u at=%g,%g button=%u", mouseType, location.x, location.y, mouseButton);
}

const void *CGEventCreateKeyboardEvent(const void *source, CGKeyCode virtualKey, bool keyDown) {
    (void)source;
    return event("CGEventCreateKeyboardEvent", "key %s code=%u", keyDown ? "down" : "up", virtualKey);
}

const void *CGEventCreateScrollWheelEvent2(const void *source, uint32_t units, uint32_t wheelCount, int32_t wheel1,
                                           int32_t wheel2, int32_t wheel3) {
    (void)source;
    return event("CGEventCreateScrollWheelEvent2", "scroll units=%u wheels=%u w1=%d w2=%d w3=%d", units, wheelCount,
                 wheel1, wheel2, wheel3);
}

void CGEventKeyboardSetUnicodeString(const void *ev, unsigned long length, const UniChar *chars) {
    sim_obj *e = sim_check(ev, K_EVENT, "CGEventKeyboardSetUnicodeString");
    if (!e || !chars) return;
    sim_obj tmp = {0};
    tmp.kind = K_STRING;
    tmp.u.str.chars = (UniChar *)chars;
    tmp.u.str.len = (long)length;
    char *u = sim_string_to_utf8(&tmp);
    add(e, " text='%s'", u);
    free(u);
}

void CGEventSetFlags(const void *ev, uint64_t flags) {
    sim_obj *e = sim_check(ev, K_EVENT, "CGEventSetFlags");
    if (e) add(e, " flags=0x%llx", (unsigned long long)flags);
}

void CGEventSetIntegerValueField(const void *ev, uint32_t field, int64_t value) {
    sim_obj *e = sim_check(ev, K_EVENT, "CGEventSetIntegerValueField");
    if (e) add(e, " field%u=%lld", field, (long long)value);
}

void CGEventSetLocation(const void *ev, CGPoint location) {
    sim_obj *e = sim_check(ev, K_EVENT, "CGEventSetLocation");
    if (e) add(e, " location=%g,%g", location.x, location.y);
}

void CGEventPost(uint32_t tap, const void *ev) {
    sim_obj *e = sim_check(ev, K_EVENT, "CGEventPost");
    if (e) sim_log_event("tap%u %s", tap, e->u.ev.text);
}

/* ---- session ---- */
const void *CGSessionCopyCurrentDictionary(void) {
    const char *o = "CGSessionCopyCurrentDictionary";
    sim_session_t *s = sim_session_state();
    long arg;
    int mode = sim_fault_for(o, NULL, &arg);
    if (!s->present || mode == F_NULL) return NULL;
    if (mode == F_WRONG_TYPE) return sim_array_new(o);
    sim_obj *d = sim_dict_new(o);
    sim_dict_put_owned(d, key("kCGSSessionOnConsoleKey", o), s->on_console ? sim_true() : sim_false());
    sim_dict_put_owned(d, key("kCGSessionLoginDoneKey", o), s->login_done ? sim_true() : sim_false());
    if (s->locked) sim_dict_put_owned(d, key("CGSSessionScreenIsLocked", o), sim_true());
    return d;
}

/* ---- displays ---- */
CGError CGGetActiveDisplayList(uint32_t maxDisplays, CGDirectDisplayID *activeDisplays, uint32_t *displayCount) {
    uint32_t n = 0;
    for (int i = 0; i < sim_display_count() && n < maxDisplays; i++) {
        if (activeDisplays) activeDisplays[n] = sim_display_at(i)->id;
        n++;
    }
    if (displayCount) *displayCount = n;
    return 0;
}

static sim_display *display(uint32_t id) {
    for (int i = 0; i < sim_display_count(); i++)
        if ((uint32_t)sim_display_at(i)->id == id) return sim_display_at(i);
    return NULL;
}

CGRect CGDisplayBounds(CGDirectDisplayID id) {
    sim_display *d = display(id);
    CGRect r = {{0, 0}, {0, 0}};
    if (d) r = (CGRect){{d->x, d->y}, {d->w, d->h}};
    return r;
}

const void *CGDisplayCopyDisplayMode(CGDirectDisplayID id) {
    sim_display *d = display(id);
    if (!d) return NULL;
    sim_obj *m = sim_new(K_MODE, "CGDisplayCopyDisplayMode");
    m->u.mode.w = (long)d->w;
    m->u.mode.pw = (long)(d->w * d->scale);
    return m;
}

size_t CGDisplayModeGetWidth(const void *mode) { sim_obj *m = sim_check(mode, K_MODE, "CGDisplayModeGetWidth"); return m ? m->u.mode.w : 0; }
size_t CGDisplayModeGetPixelWidth(const void *mode) { sim_obj *m = sim_check(mode, K_MODE, "CGDisplayModeGetPixelWidth"); return m ? m->u.mode.pw : 0; }
void CGDisplayModeRelease(const void *mode) { if (mode) sim_release(sim_known(mode, "CGDisplayModeRelease"), "CGDisplayModeRelease"); }
