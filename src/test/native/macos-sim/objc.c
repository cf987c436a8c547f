/* libobjc: just enough of the runtime for NSWorkspace/NSRunningApplication/NSBundle, with real autorelease pools. */
#include "sim.h"
#include <stdlib.h>
#include <string.h>

void *sim_pool_push(void);
void sim_pool_pop(void *token);

static sim_obj workspace_class = {SIM_MAGIC, K_NSOBJ, 1, 1, 0, 0, "NSWorkspace", {.nsapp = {-1}}};
static sim_obj workspace = {SIM_MAGIC, K_NSOBJ, 1, 1, 0, 0, "sharedWorkspace", {.nsapp = {-2}}};
static sim_obj bundle_class = {SIM_MAGIC, K_NSOBJ, 1, 1, 0, 0, "NSBundle", {.nsapp = {-3}}};
static sim_obj main_bundle = {SIM_MAGIC, K_NSOBJ, 1, 1, 0, 0, "mainBundle", {.nsapp = {-4}}};

static char *selectors[256];
static int nselectors;

void *objc_getClass(const char *name) {
    if (!strcmp(name, "NSWorkspace")) return &workspace_class;
    if (!strcmp(name, "NSBundle")) return &bundle_class;
    return NULL;
}

void *sel_registerName(const char *name) {
    sim_lock();
    for (int i = 0; i < nselectors; i++)
        if (!strcmp(selectors[i], name)) { sim_unlock(); return selectors[i]; }
    char *s = strdup(name);
    selectors[nselectors++] = s;
    sim_unlock();
    return s;
}

static void *autoreleased(sim_obj *o) {
    sim_autorelease(o);
    return o;
}

static sim_obj *app_object(int index, const char *origin) {
    sim_obj *a = sim_new(K_NSAPP, origin);
    a->u.nsapp.app = index;
    return a;
}

/* The shapes Countersign sends: id (*)(id, SEL), and int (*)(id, SEL) for processIdentifier, whose
 * pid comes back in the low 32 bits of the pointer-sized result register (x86_64 and arm64). */
void *objc_msgSend(void *self, void *op) {
    const char *sel = op;
    if (!self) return NULL;
    if (self == &workspace_class && !strcmp(sel, "sharedWorkspace")) return &workspace;
    if (self == &bundle_class && !strcmp(sel, "mainBundle")) return &main_bundle;
    if (self == &main_bundle && !strcmp(sel, "bundleIdentifier")) return NULL;
    if (self == &workspace && !strcmp(sel, "runningApplications")) {
        sim_obj *list = sim_array_new("-[NSWorkspace runningApplications]");
        for (int i = 0; i < sim_app_count(); i++) sim_array_push_owned(list, app_object(i, "-[NSWorkspace runningApplications]"));
        return autoreleased(list);
    }
    if (self == &workspace && !strcmp(sel, "frontmostApplication")) {
        for (int i = 0; i < sim_app_count(); i++)
            if (sim_app_at(i)->active) return autoreleased(app_object(i, "-[NSWorkspace frontmostApplication]"));
        return NULL;
    }
    sim_obj *o = sim_check(self, K_NSAPP, sel);
    if (o) {
        sim_app *a = sim_app_at(o->u.nsapp.app);
        if (!strcmp(sel, "processIdentifier")) return (void *)(intptr_t)a->pid;
        if (!strcmp(sel, "activationPolicy")) return (void *)(intptr_t)a->policy;
        if (!strcmp(sel, "bundleIdentifier"))
            return a->bundle ? autoreleased(sim_string_utf8(a->bundle, "-[NSRunningApplication bundleIdentifier]")) : NULL;
        if (!strcmp(sel, "localizedName"))
            return a->name ? autoreleased(sim_string_utf8(a->name, "-[NSRunningApplication localizedName]")) : NULL;
    }
    sim_count_invalid("objc_msgSend", "unrecognized selector (an NSException on a Mac)");
    return NULL;
}

void *objc_autoreleasePoolPush(void) { return sim_pool_push(); }
void objc_autoreleasePoolPop(void *pool) { sim_pool_pop(pool); }
