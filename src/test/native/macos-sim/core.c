/* libmacsim: the harness's object model, recorded model, fault table and logs (see sim.h). */
#define _GNU_SOURCE
#include "sim.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
void sim_lock(void) { pthread_mutex_lock(&lock); }
void sim_unlock(void) { pthread_mutex_unlock(&lock); }

/* ---- registry: every object ever made, and a hash set of their addresses ---- */
static sim_obj **all;
static long nall, capall;
static const sim_obj **set;
static long setcap;
static long serial;
static long over_releases, invalid_refs, no_pool;
static char problems[8192];

static void problem(const char *fmt, ...) {
    size_t used = strlen(problems);
    if (used + 200 >= sizeof problems) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problems + used, sizeof problems - used, fmt, ap);
    va_end(ap);
    strcat(problems, "\n");
}

static unsigned long hash(const void *p) { return ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ul; }

static void set_add(const sim_obj *o) {
    if ((nall + 1) * 2 > setcap) {
        long ncap = setcap ? setcap * 2 : 4096;
        const sim_obj **n = calloc(ncap, sizeof *n);
        for (long i = 0; i < setcap; i++)
            if (set[i]) {
                unsigned long h = hash(set[i]) & (ncap - 1);
                while (n[h]) h = (h + 1) & (ncap - 1);
                n[h] = set[i];
            }
        free(set);
        set = n;
        setcap = ncap;
    }
    unsigned long h = hash(o) & (setcap - 1);
    while (set[h]) h = (h + 1) & (setcap - 1);
    set[h] = o;
}

static int set_has(const void *p) {
    if (!setcap) return 0;
    unsigned long h = hash(p) & (setcap - 1);
    while (set[h]) {
        if (set[h] == p) return 1;
        h = (h + 1) & (setcap - 1);
    }
    return 0;
}

sim_obj *sim_new(int kind, const char *origin) {
    sim_lock();
    sim_obj *o = calloc(1, sizeof *o);
    o->magic = SIM_MAGIC;
    o->kind = kind;
    o->rc = 1;
    o->serial = ++serial;
    o->origin = origin;
    set_add(o);
    if (nall == capall) {
        capall = capall ? capall * 2 : 1024;
        all = realloc(all, capall * sizeof *all);
    }
    all[nall++] = o;
    sim_unlock();
    return o;
}

/* A problem for the report, without counting it as a bad reference. */
void sim_report(const char *who, const char *what) {
    sim_lock();
    problem("%s: %s", who, what);
    sim_unlock();
}

void sim_count_invalid(const char *who, const char *what) {
    sim_lock();
    invalid_refs++;
    problem("%s: %s", who, what);
    sim_unlock();
}

static const char *kind_name(int k) {
    static const char *names[] = {"?", "CFString", "CFArray", "CFDictionary", "CFNumber", "CFBoolean", "CFData",
        "CFNull", "AXUIElement", "AXValue", "CGImage", "CGDataProvider", "CGEvent", "CGDisplayMode",
        "TISInputSource", "NSRunningApplication", "NSObject"};
    return k > 0 && k < K_KINDS ? names[k] : "?";
}

sim_obj *sim_check(const void *p, int kind, const char *who) {
    if (p == NULL) return NULL;
    sim_lock();
    sim_obj *o = NULL;
    if (!set_has(p)) {
        sim_count_invalid(who, "not a CF object");
    } else if (((const sim_obj *)p)->rc <= 0 && !((const sim_obj *)p)->immortal) {
        char what[160];
        snprintf(what, sizeof what, "used after its release (%s from %s)", kind_name(((const sim_obj *)p)->kind),
                 ((const sim_obj *)p)->origin);
        sim_count_invalid(who, what);
    } else if (kind && ((const sim_obj *)p)->kind != kind) {
        char what[160];
        snprintf(what, sizeof what, "a %s where a %s belongs", kind_name(((const sim_obj *)p)->kind), kind_name(kind));
        sim_count_invalid(who, what);
    } else {
        o = (sim_obj *)p;
    }
    sim_unlock();
    return o;
}

sim_obj *sim_known(const void *p, const char *who) {
    if (p == NULL) return NULL;
    sim_lock();
    sim_obj *o = set_has(p) ? (sim_obj *)p : NULL;
    if (!o) sim_count_invalid(who, "not a CF object");
    sim_unlock();
    return o;
}

void sim_retain(sim_obj *o) {
    if (!o || o->immortal) return;
    sim_lock();
    o->rc++;
    sim_unlock();
}

static void finalize(sim_obj *o) {
    switch (o->kind) {
    case K_ARRAY:
        if (!o->u.arr.borrows)
            for (long i = 0; i < o->u.arr.n; i++) sim_release(o->u.arr.items[i], "CFArray finalizer");
        break;
    case K_DICT:
        for (long i = 0; i < o->u.dict.n; i++) {
            sim_release(o->u.dict.keys[i], "CFDictionary finalizer");
            sim_release(o->u.dict.vals[i], "CFDictionary finalizer");
        }
        break;
    case K_IMAGE: sim_release(o->u.img.provider, "CGImage finalizer"); break;
    case K_PROVIDER: sim_release(o->u.prov.data, "CGDataProvider finalizer"); break;
    case K_TIS: sim_release(o->u.tis.layout, "TISInputSource finalizer"); break;
    default: break;
    }
}

void sim_release(sim_obj *o, const char *who) {
    if (!o || o->immortal) return;
    sim_lock();
    if (o->rc <= 0) {
        over_releases++;
        problem("%s: released a %s from %s that was already released", who, kind_name(o->kind), o->origin);
    } else if (--o->rc == 0) {
        finalize(o);
    }
    sim_unlock();
}

/* ---- values ---- */
static sim_obj s_true = {SIM_MAGIC, K_BOOL, 1, 1, 0, 0, "kCFBooleanTrue", {.b = {1}}};
static sim_obj s_false = {SIM_MAGIC, K_BOOL, 1, 1, 0, 0, "kCFBooleanFalse", {.b = {0}}};
static sim_obj s_null = {SIM_MAGIC, K_NULL, 1, 1, 0, 0, "kCFNull", {.b = {0}}};
static int constants_registered;
static void register_constants(void) {
    if (constants_registered) return;
    constants_registered = 1;
    set_add(&s_true);
    set_add(&s_false);
    set_add(&s_null);
}
sim_obj *sim_true(void) { sim_lock(); register_constants(); sim_unlock(); return &s_true; }
sim_obj *sim_false(void) { sim_lock(); register_constants(); sim_unlock(); return &s_false; }
sim_obj *sim_null(void) { sim_lock(); register_constants(); sim_unlock(); return &s_null; }

sim_obj *sim_string_utf8(const char *s, const char *origin) {
    sim_obj *o = sim_new(K_STRING, origin);
    size_t n = strlen(s);
    o->u.str.chars = calloc(n + 1, sizeof(UniChar));
    long len = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = (unsigned char)s[i];
        uint32_t cp;
        if (c < 0x80) { cp = c; i += 1; }
        else if ((c >> 5) == 6 && i + 1 < n) { cp = ((c & 31) << 6) | (s[i + 1] & 63); i += 2; }
        else if ((c >> 4) == 14 && i + 2 < n) { cp = ((c & 15) << 12) | ((s[i + 1] & 63) << 6) | (s[i + 2] & 63); i += 3; }
        else if (i + 3 < n) { cp = ((c & 7) << 18) | ((s[i + 1] & 63) << 12) | ((s[i + 2] & 63) << 6) | (s[i + 3] & 63); i += 4; }
        else { cp = '?'; i += 1; }
        if (cp >= 0x10000) {
            o->u.str.chars = realloc(o->u.str.chars, (n + len + 2) * sizeof(UniChar));
            cp -= 0x10000;
            o->u.str.chars[len++] = 0xD800 | (cp >> 10);
            o->u.str.chars[len++] = 0xDC00 | (cp & 0x3FF);
        } else {
            o->u.str.chars[len++] = cp;
        }
    }
    o->u.str.len = len;
    return o;
}

char *sim_string_to_utf8(const sim_obj *s) {
    char *out = malloc(s->u.str.len * 4 + 1);
    long j = 0;
    for (long i = 0; i < s->u.str.len; i++) {
        uint32_t c = s->u.str.chars[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < s->u.str.len) {
            c = 0x10000 + ((c - 0xD800) << 10) + (s->u.str.chars[++i] - 0xDC00);
        }
        if (c < 0x80) out[j++] = c;
        else if (c < 0x800) { out[j++] = 0xC0 | (c >> 6); out[j++] = 0x80 | (c & 63); }
        else if (c < 0x10000) { out[j++] = 0xE0 | (c >> 12); out[j++] = 0x80 | ((c >> 6) & 63); out[j++] = 0x80 | (c & 63); }
        else { out[j++] = 0xF0 | (c >> 18); out[j++] = 0x80 | ((c >> 12) & 63); out[j++] = 0x80 | ((c >> 6) & 63); out[j++] = 0x80 | (c & 63); }
    }
    out[j] = 0;
    return out;
}

int sim_string_equals(const sim_obj *s, const char *utf8) {
    if (!s || s->kind != K_STRING) return 0;
    char *u = sim_string_to_utf8(s);
    int eq = strcmp(u, utf8) == 0;
    free(u);
    return eq;
}

sim_obj *sim_array_new(const char *origin) { return sim_new(K_ARRAY, origin); }

void sim_array_push_owned(sim_obj *a, sim_obj *item) {
    sim_lock();
    a->u.arr.items = realloc(a->u.arr.items, (a->u.arr.n + 1) * sizeof(sim_obj *));
    a->u.arr.items[a->u.arr.n++] = item;
    sim_unlock();
}

void sim_array_push(sim_obj *a, sim_obj *item) {
    sim_retain(item);
    sim_array_push_owned(a, item);
}

sim_obj *sim_dict_new(const char *origin) { return sim_new(K_DICT, origin); }

void sim_dict_put_owned(sim_obj *d, sim_obj *k, sim_obj *v) {
    sim_lock();
    d->u.dict.keys = realloc(d->u.dict.keys, (d->u.dict.n + 1) * sizeof(sim_obj *));
    d->u.dict.vals = realloc(d->u.dict.vals, (d->u.dict.n + 1) * sizeof(sim_obj *));
    d->u.dict.keys[d->u.dict.n] = k;
    d->u.dict.vals[d->u.dict.n++] = v;
    sim_unlock();
}

sim_obj *sim_dict_get(const sim_obj *d, const sim_obj *k) {
    for (long i = 0; i < d->u.dict.n; i++)
        if (sim_equal(d->u.dict.keys[i], k)) return d->u.dict.vals[i];
    return NULL;
}

sim_obj *sim_number_int(long long v, const char *origin) {
    sim_obj *o = sim_new(K_NUMBER, origin);
    o->u.num.i = v;
    o->u.num.d = (double)v;
    o->u.num.type = 4; /* kCFNumberSInt64Type */
    return o;
}

sim_obj *sim_number_double(double v, const char *origin) {
    sim_obj *o = sim_new(K_NUMBER, origin);
    o->u.num.floating = 1;
    o->u.num.d = v;
    o->u.num.i = (long long)v;
    o->u.num.type = 6; /* kCFNumberFloat64Type */
    return o;
}

sim_obj *sim_data_new(const void *bytes, long len, const char *origin) {
    sim_obj *o = sim_new(K_DATA, origin);
    o->u.data.bytes = malloc(len > 0 ? len : 1);
    if (len > 0) memcpy(o->u.data.bytes, bytes, len);
    o->u.data.len = len;
    return o;
}

int sim_equal(const sim_obj *a, const sim_obj *b) {
    if (a == b) return 1;
    if (!a || !b || a->kind != b->kind) return 0;
    switch (a->kind) {
    case K_STRING:
        return a->u.str.len == b->u.str.len && memcmp(a->u.str.chars, b->u.str.chars, a->u.str.len * sizeof(UniChar)) == 0;
    case K_AXELEM: return a->u.ax.node == b->u.ax.node && a->u.ax.pid == b->u.ax.pid;
    case K_NUMBER: return a->u.num.d == b->u.num.d;
    case K_BOOL: return a->u.b.v == b->u.b.v;
    default: return 0;
    }
}

/* ---- the recorded model ---- */
#define MAX_NODES 4096
static sim_node nodes[MAX_NODES];
static int nnodes;
static sim_app apps[32];
static int napps;
static sim_window windows[64];
static int nwindows;
static sim_display displays[8];
static int ndisplays;
static sim_bitmap bitmaps[16];
static int nbitmaps;
static sim_session_t session = {1, 1, 0, 1};
static int trusted = 1, capture_granted = 1, layout;
struct fault { char key[128]; int mode; long arg; int times; };
static struct fault faults[32];
static int nfaults;

static char *calls_log, *events_log;
static size_t calls_len, events_len;

sim_node *sim_node_at(int id) { return id >= 0 && id < nnodes && nodes[id].used ? &nodes[id] : NULL; }

int sim_app_node(int pid) {
    for (int i = 0; i < nnodes; i++)
        if (nodes[i].used && nodes[i].pid == pid && nodes[i].parent == -1) return i;
    return NODE_DEAD;
}

sim_obj *sim_val_to_cf(const sim_val *v, const char *origin) {
    sim_obj *o;
    switch (v->kind) {
    case V_STR: return sim_string_utf8(v->s, origin);
    case V_INT: return sim_number_int(v->i, origin);
    case V_DBL: return sim_number_double(v->d, origin);
    case V_BOOL: return v->i ? sim_true() : sim_false();
    case V_AXVAL:
        o = sim_new(K_AXVALUE, origin);
        o->u.axv.type = v->axtype;
        memcpy(o->u.axv.v, v->v, sizeof v->v);
        return o;
    case V_ERR:
        o = sim_new(K_AXVALUE, origin);
        o->u.axv.type = 5; /* kAXValueAXErrorType */
        o->u.axv.error = (int)v->i;
        return o;
    default: return NULL;
    }
}

int sim_app_count(void) { return napps; }
sim_app *sim_app_at(int i) { return &apps[i]; }
sim_app *sim_app_by_pid(int pid) {
    for (int i = 0; i < napps; i++)
        if (apps[i].pid == pid) return &apps[i];
    return NULL;
}
int sim_window_count(void) { return nwindows; }
sim_window *sim_window_at(int i) { return &windows[i]; }
int sim_display_count(void) { return ndisplays; }
sim_display *sim_display_at(int i) { return &displays[i]; }
sim_bitmap *sim_bitmap_for(int number) {
    for (int i = 0; i < nbitmaps; i++)
        if (bitmaps[i].number == number) return &bitmaps[i];
    return NULL;
}
sim_session_t *sim_session_state(void) { return &session; }
int sim_trusted_state(void) { return trusted; }
int sim_capture_state(void) { return capture_granted; }
int sim_layout_state(void) { return layout; }
int sim_fault_for(const char *function, const char *attribute, long *arg) {
    sim_lock();
    int mode = F_NONE;
    for (int i = 0; i < nfaults; i++) {
        struct fault *f = &faults[i];
        if (!f->times) continue;
        size_t n = strlen(function);
        int hit = strcmp(f->key, function) == 0
                || (attribute && strncmp(f->key, function, n) == 0 && f->key[n] == ':' && strcmp(f->key + n + 1, attribute) == 0);
        if (hit && f->mode == F_NULL && f->arg > 0) {
            f->arg--; /* for NULL faults, arg is how many calls to let through first */
            continue;
        }
        if (hit) {
            if (f->times > 0) f->times--;
            mode = f->mode;
            if (arg) *arg = f->arg;
            break;
        }
    }
    sim_unlock();
    return mode;
}

static void append(char **log, size_t *len, const char *fmt, va_list ap) {
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    size_t n = strlen(line);
    sim_lock();
    *log = realloc(*log, *len + n + 2);
    memcpy(*log + *len, line, n);
    (*log)[*len + n] = '\n';
    *len += n + 1;
    (*log)[*len] = 0;
    sim_unlock();
}

void sim_log_call(const char *fmt, ...) { va_list ap; va_start(ap, fmt); append(&calls_log, &calls_len, fmt, ap); va_end(ap); }
void sim_log_event(const char *fmt, ...) { va_list ap; va_start(ap, fmt); append(&events_log, &events_len, fmt, ap); va_end(ap); }

/* ---- autorelease pools, one stack per thread ---- */
static __thread sim_obj **pool_items;
static __thread long pool_n, pool_cap, pool_depth;

void sim_autorelease(sim_obj *o) {
    if (!o) return;
    if (pool_depth == 0) {
        sim_lock();
        no_pool++;
        problem("autoreleased a %s from %s with no pool in place (it leaks)", kind_name(o->kind), o->origin);
        sim_unlock();
        return;
    }
    if (pool_n == pool_cap) {
        pool_cap = pool_cap ? pool_cap * 2 : 64;
        pool_items = realloc(pool_items, pool_cap * sizeof *pool_items);
    }
    pool_items[pool_n++] = o;
}

void *sim_pool_push(void) {
    pool_depth++;
    return (void *)(uintptr_t)(pool_n + 1); /* the token: where this pool starts, +1 so never NULL */
}

void sim_pool_pop(void *token) {
    long start = (long)(uintptr_t)token - 1;
    if (pool_depth == 0 || start < 0 || start > pool_n) {
        sim_count_invalid("objc_autoreleasePoolPop", "not a pool of this thread");
        return;
    }
    while (pool_n > start) sim_release(pool_items[--pool_n], "autorelease pool");
    pool_depth--;
}

/* ==== the control API the Java tests call (MacSim.java) ==== */

void sim_reset(void) {
    sim_lock();
    for (int i = 0; i < nnodes; i++) {
        for (int a = 0; a < nodes[i].nattr; a++) {
            free(nodes[i].names[a]);
            free(nodes[i].vals[a].s);
            free(nodes[i].vals[a].ids);
        }
        for (int a = 0; a < nodes[i].nact; a++) free(nodes[i].actions[a]);
    }
    memset(nodes, 0, sizeof nodes);
    nnodes = napps = nwindows = ndisplays = nbitmaps = nfaults = 0;
    session = (sim_session_t){1, 1, 0, 1};
    trusted = capture_granted = 1;
    layout = 0;
    sim_control_reset();
    calls_len = events_len = 0;
    if (calls_log) calls_log[0] = 0;
    if (events_log) events_log[0] = 0;
    sim_unlock();
}

int sim_node_add(int pid, int parent) {
    sim_lock();
    int id = nnodes++;
    nodes[id].used = 1;
    nodes[id].pid = pid;
    nodes[id].parent = parent;
    if (parent >= 0 && nodes[parent].nchild < SIM_MAX_CHILDREN) nodes[parent].children[nodes[parent].nchild++] = id;
    sim_unlock();
    return id;
}

static sim_val *slot(int id, const char *name) {
    sim_node *n = sim_node_at(id);
    if (!n) return NULL;
    for (int i = 0; i < n->nattr; i++)
        if (strcmp(n->names[i], name) == 0) {
            free(n->vals[i].s);
            free(n->vals[i].ids);
            memset(&n->vals[i], 0, sizeof(sim_val));
            return &n->vals[i];
        }
    if (n->nattr == SIM_MAX_ATTRS) return NULL;
    n->names[n->nattr] = strdup(name);
    return &n->vals[n->nattr++];
}

void sim_node_string(int id, const char *name, const char *value) {
    sim_val *v = slot(id, name);
    if (v) { v->kind = V_STR; v->s = strdup(value); }
}
void sim_node_int(int id, const char *name, long long value) { sim_val *v = slot(id, name); if (v) { v->kind = V_INT; v->i = value; } }
void sim_node_double(int id, const char *name, double value) { sim_val *v = slot(id, name); if (v) { v->kind = V_DBL; v->d = value; } }
void sim_node_bool(int id, const char *name, int value) { sim_val *v = slot(id, name); if (v) { v->kind = V_BOOL; v->i = value != 0; } }
void sim_node_error(int id, const char *name, int code) { sim_val *v = slot(id, name); if (v) { v->kind = V_ERR; v->i = code; } }
void sim_node_axvalue(int id, const char *name, int type, double a, double b, double c, double d) {
    sim_val *v = slot(id, name);
    if (v) { v->kind = V_AXVAL; v->axtype = type; v->v[0] = a; v->v[1] = b; v->v[2] = c; v->v[3] = d; }
}
void sim_node_settable(int id, const char *name, int settable) {
    sim_node *n = sim_node_at(id);
    if (!n) return;
    for (int i = 0; i < n->nattr; i++)
        if (strcmp(n->names[i], name) == 0) n->settable[i] = settable;
}
void sim_node_action(int id, const char *name) {
    sim_node *n = sim_node_at(id);
    if (n && n->nact < 16) n->actions[n->nact++] = strdup(name);
}
/* An attribute whose value is elements (AXVisibleRows, AXVisibleCells), by node id. */
void sim_node_elements(int id, const char *name, const int *ids, int n) {
    sim_val *v = slot(id, name);
    if (!v || n < 0) return;
    v->kind = V_ELEMS;
    v->ids = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (n > 0) memcpy(v->ids, ids, sizeof(int) * (size_t)n);
    v->nids = n;
}
/* An attribute whose value is one element (AXHeader). */
void sim_node_element(int id, const char *name, int target) {
    sim_val *v = slot(id, name);
    if (v) { v->kind = V_ELEM; v->i = target; }
}
void sim_node_gone(int id, int gone) { sim_node *n = sim_node_at(id); if (n) n->gone = gone; }
void sim_node_window_number(int id, int number) { sim_node *n = sim_node_at(id); if (n) n->window_number = number; }

/* The value of an attribute as the sim holds it, as UTF-8 text ("" when absent): for assertions. */
int sim_node_value_text(int id, const char *name, char *buf, int len) {
    sim_node *n = sim_node_at(id);
    buf[0] = 0;
    if (!n) return -1;
    for (int i = 0; i < n->nattr; i++)
        if (strcmp(n->names[i], name) == 0) {
            sim_val *v = &n->vals[i];
            if (v->kind == V_STR) snprintf(buf, len, "%s", v->s);
            else if (v->kind == V_INT || v->kind == V_BOOL) snprintf(buf, len, "%lld", v->i);
            else if (v->kind == V_DBL) snprintf(buf, len, "%g", v->d);
            return 0;
        }
    return -1;
}

void sim_app_add(int pid, const char *bundle, const char *name, int active, long long start_usec) {
    sim_lock();
    sim_app *a = &apps[napps++];
    a->pid = pid;
    a->bundle = bundle ? strdup(bundle) : NULL;
    a->name = name ? strdup(name) : NULL;
    a->active = active;
    a->start_usec = start_usec;
    a->policy = 0;
    sim_unlock();
}

void sim_window_add(int number, int pid, int layer, double x, double y, double w, double h, const char *name,
                    const char *owner) {
    sim_lock();
    sim_window *win = &windows[nwindows++];
    *win = (sim_window){number, pid, layer, x, y, w, h, name ? strdup(name) : NULL, owner ? strdup(owner) : NULL, 1.0};
    sim_unlock();
}


/* A window's kCGWindowAlpha (1 unless set): 0 is an invisible window, which covers nothing. */
void sim_window_alpha(int number, double alpha) {
    for (int i = 0; i < nwindows; i++)
        if (windows[i].number == number) windows[i].alpha = alpha;
}

/* Moves a window to the front of the list (the list is front to back, in the order added). */
void sim_window_raise(int number) {
    sim_lock();
    for (int i = 0; i < nwindows; i++)
        if (windows[i].number == number) {
            sim_window w = windows[i];
            memmove(&windows[1], &windows[0], (size_t)i * sizeof w);
            windows[0] = w;
            break;
        }
    sim_unlock();
}

/* An app's NSApplicationActivationPolicy: 0 regular (Dock icon), 1 accessory, 2 prohibited (background). */
void sim_app_policy(int pid, int policy) {
    sim_app *a = sim_app_by_pid(pid);
    if (a) a->policy = policy;
}

void sim_display_add(int id, double x, double y, double w, double h, double scale) {
    displays[ndisplays++] = (sim_display){id, x, y, w, h, scale};
}

void sim_bitmap_add(int number, long w, long h, long bpr, long bpp, uint32_t info, const uint8_t *bytes, long len) {
    sim_bitmap *b = &bitmaps[nbitmaps++];
    *b = (sim_bitmap){number, w, h, bpr, bpp, info, malloc(len), len};
    memcpy(b->bytes, bytes, len);
}

void sim_session_set(int present, int on_console, int login_done, int locked) {
    session = (sim_session_t){on_console, login_done, locked, present};
}
void sim_trusted_set(int value) { trusted = value; }
void sim_capture_set(int granted) { capture_granted = granted; }
void sim_layout_set(int value) { layout = value; }

void sim_fault(const char *key, int mode, long arg, int times) {
    sim_lock();
    struct fault *f = &faults[nfaults++];
    snprintf(f->key, sizeof f->key, "%s", key);
    f->mode = mode;
    f->arg = arg;
    f->times = times;
    sim_unlock();
}

static int copy_out(const char *log, char *buf, int len) {
    int n = log ? (int)strlen(log) : 0;
    if (buf && len > 0) snprintf(buf, len, "%s", log ? log : "");
    return n;
}
int sim_calls(char *buf, int len) { sim_lock(); int n = copy_out(calls_log, buf, len); sim_unlock(); return n; }
int sim_events(char *buf, int len) { sim_lock(); int n = copy_out(events_log, buf, len); sim_unlock(); return n; }

/* Leak accounting: a mark, then the objects made since that are still alive. */
long sim_mark(void) {
    sim_lock();
    over_releases = invalid_refs = no_pool = 0;
    problems[0] = 0;
    long s = serial;
    sim_unlock();
    return s;
}

void sim_permanent(const void *p) {
    sim_lock();
    if (set_has(p)) ((sim_obj *)p)->permanent = 1;
    sim_unlock();
}

long sim_live_since(long mark, char *buf, int len) {
    sim_lock();
    long live = 0;
    size_t used = 0;
    if (buf && len) buf[0] = 0;
    for (long i = 0; i < nall; i++) {
        sim_obj *o = all[i];
        if (o->serial > mark && o->rc > 0 && !o->immortal && !o->permanent) {
            live++;
            if (buf && used + 120 < (size_t)len) {
                used += snprintf(buf + used, len - used, "%s from %s, retain count %ld\n", kind_name(o->kind), o->origin, o->rc);
            }
        }
    }
    sim_unlock();
    return live;
}

long sim_made_since(long mark) { sim_lock(); long n = serial - mark; sim_unlock(); return n; }
long sim_over_releases(void) { return over_releases; }
long sim_invalid_refs(void) { return invalid_refs; }
long sim_unpooled(void) { return no_pool; }
int sim_problems(char *buf, int len) { sim_lock(); int n = copy_out(problems, buf, len); sim_unlock(); return n; }
