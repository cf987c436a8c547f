/* libApplicationServices: the Accessibility (HIServices) functions, served from the recorded model. */
#define _POSIX_C_SOURCE 200809L
#include "sim.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdio.h>

enum {
    kAXErrorSuccess = 0, kAXErrorFailure = -25200, kAXErrorIllegalArgument = -25201,
    kAXErrorInvalidUIElement = -25202, kAXErrorCannotComplete = -25204, kAXErrorAttributeUnsupported = -25205,
    kAXErrorActionUnsupported = -25206, kAXErrorNoValue = -25212
};

const void *kAXTrustedCheckOptionPrompt;

__attribute__((constructor)) static void init(void) {
    sim_obj *s = sim_string_utf8("AXTrustedCheckOptionPrompt", "kAXTrustedCheckOptionPrompt");
    s->immortal = 1;
    kAXTrustedCheckOptionPrompt = s;
}

/* Messaging timeouts in seconds: per node (0 = use the global), and the global (system-wide) one. */
static float node_timeout[4096];
static float global_timeout = 6.0f; /* the undocumented default, about 6 s */

static sim_obj *element(int node, int pid, const char *origin) {
    sim_obj *o = sim_new(K_AXELEM, origin);
    o->u.ax.node = node;
    o->u.ax.pid = pid;
    return o;
}

static char *name_of(const void *s, const char *who) {
    sim_obj *o = sim_check(s, K_STRING, who);
    return o ? sim_string_to_utf8(o) : NULL;
}

/* The node behind an element, or an AXError: 0 when it is live. */
static int resolve(const void *el, const char *who, sim_node **out, int *id) {
    sim_obj *o = sim_check(el, K_AXELEM, who);
    if (!o) return kAXErrorIllegalArgument;
    *id = o->u.ax.node;
    if (o->u.ax.node == NODE_SYSTEM_WIDE) { *out = NULL; return 0; }
    sim_node *n = sim_node_at(o->u.ax.node);
    if (!n || n->gone) return kAXErrorInvalidUIElement;
    *out = n;
    return 0;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* A slow app: sleeps as long as it takes or until the element's timeout, and says which came first. */
static int slow(int id, long ms) {
    float t = id >= 0 && id < 4096 && node_timeout[id] > 0 ? node_timeout[id] : global_timeout;
    long limit = (long)(t * 1000);
    sleep_ms(ms < limit ? ms : limit);
    return ms >= limit ? kAXErrorCannotComplete : 0;
}

/* Common fault handling: an AXError to return, or 0 to go on. */
static int fault(const char *fn, const char *attr, int id, int *mode) {
    long arg = 0;
    *mode = sim_fault_for(fn, attr, &arg);
    if (*mode == F_ERROR) return (int)arg;
    if (*mode == F_TIMEOUT) return slow(id, arg);
    return 0;
}

Boolean AXIsProcessTrusted(void) { return (Boolean)sim_trusted_state(); }

Boolean AXIsProcessTrustedWithOptions(const void *options) {
    if (options) {
        sim_obj *d = sim_check(options, K_DICT, "AXIsProcessTrustedWithOptions");
        if (d) {
            sim_obj *v = sim_dict_get(d, (sim_obj *)kAXTrustedCheckOptionPrompt);
            if (v && v->kind == K_BOOL && v->u.b.v) sim_log_call("prompt accessibility");
        }
    }
    return (Boolean)sim_trusted_state();
}

const void *AXUIElementCreateApplication(int pid) {
    return element(sim_app_node(pid), pid, "AXUIElementCreateApplication");
}

const void *AXUIElementCreateSystemWide(void) { return element(NODE_SYSTEM_WIDE, 0, "AXUIElementCreateSystemWide"); }

static int has_role(const sim_node *c, const char *role) {
    for (int k = 0; k < c->nattr; k++)
        if (!strcmp(c->names[k], "AXRole") && c->vals[k].kind == V_STR && !strcmp(c->vals[k].s, role)) return 1;
    return 0;
}

static sim_obj *children_array(sim_node *n, int only_windows, const char *origin) {
    sim_obj *a = sim_array_new(origin);
    for (int i = 0; i < n->nchild; i++) {
        sim_node *c = sim_node_at(n->children[i]);
        if (!c) continue;
        if (only_windows && !has_role(c, "AXWindow")) continue;
        sim_array_push_owned(a, element(n->children[i], c->pid, origin));
    }
    return a;
}


/* A container's selection attributes: AXSelectedRows and AXSelectedChildren list its children,
 * AXSelectedCells its children's children (a table's rows hold the cells). */
static int selection_attr(const char *attr) {
    return !strcmp(attr, "AXSelectedRows") || !strcmp(attr, "AXSelectedChildren") || !strcmp(attr, "AXSelectedCells");
}

static int list_items(sim_node *n, const char *attr, int *out, int max) {
    int count = 0;
    for (int i = 0; i < n->nchild; i++) {
        sim_node *c = sim_node_at(n->children[i]);
        if (!c) continue;
        if (strcmp(attr, "AXSelectedCells")) {
            if (count < max) out[count++] = n->children[i];
            continue;
        }
        for (int k = 0; k < c->nchild; k++)
            if (count < max) out[count++] = c->children[k];
    }
    return count;
}

static sim_val *attr_slot(sim_node *n, const char *attr) {
    for (int i = 0; i < n->nattr; i++)
        if (!strcmp(n->names[i], attr)) return &n->vals[i];
    return NULL;
}

/* The items of a container's selection attribute whose AXSelected is true, as a new array (+1). */
static sim_obj *selected_items(sim_node *n, const char *attr, const char *origin) {
    int items[SIM_MAX_CHILDREN * 4];
    int count = list_items(n, attr, items, SIM_MAX_CHILDREN * 4);
    sim_obj *a = sim_array_new(origin);
    for (int i = 0; i < count; i++) {
        sim_node *item = sim_node_at(items[i]);
        sim_val *sel = item ? attr_slot(item, "AXSelected") : NULL;
        if (sel && sel->kind == V_BOOL && sel->i) sim_array_push_owned(a, element(items[i], item->pid, origin));
    }
    return a;
}

/* Every other element of the app loses AXFocused (one element has keyboard focus). */
static void unfocus_others(int pid, int keep) {
    for (int k = 0; k < 4096; k++) {
        sim_node *other = sim_node_at(k);
        if (!other || k == keep || other->pid != pid) continue;
        sim_val *f = attr_slot(other, "AXFocused");
        if (f && f->kind == V_BOOL) f->i = 0;
    }
}

/* The app's element that has AXFocused true now (the last one set), or -1. */
static int focused_node(int pid) {
    for (int k = 0; k < 4096; k++) {
        sim_node *other = sim_node_at(k);
        if (!other || other->gone || other->pid != pid) continue;
        sim_val *f = attr_slot(other, "AXFocused");
        if (f && f->kind == V_BOOL && f->i) return k;
    }
    return -1;
}

/* Whether the fixture recorded this attribute on the node (it then answers as recorded). */
static int recorded(const sim_node *n, const char *attr) {
    for (int i = 0; i < n->nattr; i++)
        if (!strcmp(n->names[i], attr)) return 1;
    return 0;
}

/* One attribute's value, +1; *err says why there is none. */
static sim_obj *copy_value(sim_node *n, int id, const char *attr, int *err, const char *origin) {
    *err = 0;
    sim_log_call("read %d %s", id, attr);
    if (!strcmp(attr, "AXChildren")) return children_array(n, 0, origin);
    if (!strcmp(attr, "AXWindows")) {
        if (n->parent != -1) { *err = kAXErrorAttributeUnsupported; return NULL; }
        return children_array(n, 1, origin);
    }
    if (!strcmp(attr, "AXParent")) {
        if (n->parent < 0) { *err = kAXErrorNoValue; return NULL; }
        return element(n->parent, n->pid, origin);
    }
    if (!strcmp(attr, "AXFocusedUIElement") && n->parent == -1 && !recorded(n, attr)) {
        int focused = focused_node(n->pid);
        if (focused < 0) { *err = kAXErrorNoValue; return NULL; }
        return element(focused, n->pid, origin);
    }
    if ((!strcmp(attr, "AXFocusedWindow") || !strcmp(attr, "AXMainWindow")) && !recorded(n, attr)) {
        if (n->parent != -1 || n->nchild == 0) { *err = kAXErrorNoValue; return NULL; }
        return element(n->children[0], n->pid, origin);
    }
    for (int i = 0; i < n->nattr; i++)
        if (!strcmp(n->names[i], attr)) {
            if (n->vals[i].kind == V_ERR) { *err = (int)n->vals[i].i; return NULL; }
            /* A container that records a selection attribute answers with the items selected now. */
            if (selection_attr(attr)) return selected_items(n, attr, origin);
            if (!strcmp(attr, "AXSelectedText")) return sim_selected_text(n, err, origin);
            if (n->vals[i].kind == V_ELEM) return element((int)n->vals[i].i, n->pid, origin);
            if (n->vals[i].kind == V_ELEMS) {
                sim_obj *a = sim_array_new(origin);
                for (int k = 0; k < n->vals[i].nids; k++) sim_array_push_owned(a, element(n->vals[i].ids[k], n->pid, origin));
                return a;
            }
            return sim_val_to_cf(&n->vals[i], origin);
        }
    *err = kAXErrorAttributeUnsupported;
    return NULL;
}

/* The node ids an array attribute holds (AXChildren or recorded elements) and how many; -1 when it has none. */
static int array_ids(sim_node *n, const char *attr, const int **ids) {
    if (!strcmp(attr, "AXChildren")) { *ids = n->children; return n->nchild; }
    for (int i = 0; i < n->nattr; i++)
        if (!strcmp(n->names[i], attr) && n->vals[i].kind == V_ELEMS) { *ids = n->vals[i].ids; return n->vals[i].nids; }
    return -1;
}

/* A recorded count that stands for an array too large to record ("cs:count:AXChildren" = 1000000). */
static long recorded_count(sim_node *n, const char *attr) {
    char key[128];
    snprintf(key, sizeof key, "cs:count:%s", attr);
    for (int i = 0; i < n->nattr; i++)
        if (!strcmp(n->names[i], key) && n->vals[i].kind == V_INT) return (long)n->vals[i].i;
    return -1;
}

AXError AXUIElementCopyAttributeValue(const void *el, const void *attribute, const void **value) {
    sim_node *n;
    int id, mode;
    if (!value) return kAXErrorIllegalArgument;
    *value = NULL;
    int err = resolve(el, "AXUIElementCopyAttributeValue", &n, &id);
    char *attr = name_of(attribute, "AXUIElementCopyAttributeValue");
    if (!err && !attr) err = kAXErrorIllegalArgument;
    if (!err) err = fault("AXUIElementCopyAttributeValue", attr, id, &mode);
    if (!err && mode == F_NULL) { free(attr); return 0; }
    if (!err && mode == F_WRONG_TYPE) {
        *value = sim_string_utf8("a string where something else belongs", "AXUIElementCopyAttributeValue");
        free(attr);
        return 0;
    }
    sim_count_call("AXUIElementCopyAttributeValue");
    if (!err && !n && !strcmp(attr, "AXFocusedApplication")) {
        /* The system-wide element answers which application has keyboard focus. */
        int pid = sim_focused_pid();
        if (pid <= 0 || sim_app_node(pid) < 0) err = kAXErrorNoValue;
        else *value = element(sim_app_node(pid), pid, "AXUIElementCopyAttributeValue");
        free(attr);
        return err;
    }
    if (!err && !n) err = kAXErrorAttributeUnsupported; /* the system-wide element: nothing else recorded */
    if (!err) *value = copy_value(n, id, attr, &err, "AXUIElementCopyAttributeValue");
    free(attr);
    return err;
}

AXError AXUIElementCopyMultipleAttributeValues(const void *el, const void *attributes, uint32_t options,
                                               const void **values) {
    sim_node *n;
    int id, mode;
    if (!values) return kAXErrorIllegalArgument;
    *values = NULL;
    int err = resolve(el, "AXUIElementCopyMultipleAttributeValues", &n, &id);
    sim_count_call("AXUIElementCopyMultipleAttributeValues");
    sim_obj *names = sim_check(attributes, K_ARRAY, "AXUIElementCopyMultipleAttributeValues");
    if (!err && !names) err = kAXErrorIllegalArgument;
    if (!err) err = fault("AXUIElementCopyMultipleAttributeValues", NULL, id, &mode);
    if (err) return err;
    if (mode == F_NULL) return 0;
    if (mode == F_WRONG_TYPE) { *values = sim_dict_new("AXUIElementCopyMultipleAttributeValues"); return 0; }
    if (!n) return kAXErrorAttributeUnsupported;
    sim_obj *out = sim_array_new("AXUIElementCopyMultipleAttributeValues");
    for (long i = 0; i < names->u.arr.n; i++) {
        char *attr = name_of(names->u.arr.items[i], "AXUIElementCopyMultipleAttributeValues");
        int e = 0;
        long arg;
        int m = attr ? sim_fault_for("AXUIElementCopyMultipleAttributeValues", attr, &arg) : F_NONE;
        sim_obj *v = NULL;
        if (m == F_WRONG_TYPE) v = sim_array_new("AXUIElementCopyMultipleAttributeValues");
        else if (attr) v = copy_value(n, id, attr, &e, "AXUIElementCopyMultipleAttributeValues");
        free(attr);
        if (!v) {
            if ((options & 1) && e) { sim_release(out, "AXUIElementCopyMultipleAttributeValues"); return e; }
            sim_val ev = {V_ERR, NULL, e ? e : kAXErrorNoValue, 0, 0, {0}};
            v = sim_val_to_cf(&ev, "AXUIElementCopyMultipleAttributeValues");
        }
        sim_array_push_owned(out, v);
    }
    *values = out;
    return 0;
}

AXError AXUIElementGetAttributeValueCount(const void *el, const void *attribute, CFIndex *count) {
    sim_node *n;
    int id, mode;
    if (!count) return kAXErrorIllegalArgument;
    int err = resolve(el, "AXUIElementGetAttributeValueCount", &n, &id);
    sim_count_call("AXUIElementGetAttributeValueCount");
    char *attr = name_of(attribute, "AXUIElementGetAttributeValueCount");
    if (!err) err = fault("AXUIElementGetAttributeValueCount", attr, id, &mode);
    const int *ids = NULL;
    long recorded = !err && n && attr ? recorded_count(n, attr) : -1;
    int size = !err && n && attr ? array_ids(n, attr, &ids) : -1;
    if (!err && recorded < 0 && size < 0) err = kAXErrorAttributeUnsupported;
    if (!err) *count = recorded >= 0 ? recorded : size;
    free(attr);
    return err;
}

AXError AXUIElementCopyAttributeValues(AXUIElementRef el, CFStringRef attribute, CFIndex index, CFIndex maxValues,
                                       CFArrayRef *values) {
    sim_node *n;
    int id, mode;
    if (!values) return kAXErrorIllegalArgument;
    *values = NULL;
    int err = resolve(el, "AXUIElementCopyAttributeValues", &n, &id);
    sim_count_call("AXUIElementCopyAttributeValues");
    char *attr = name_of(attribute, "AXUIElementCopyAttributeValues");
    if (!err && (!attr || index < 0 || maxValues < 0)) err = kAXErrorIllegalArgument;
    if (!err) err = fault("AXUIElementCopyAttributeValues", attr, id, &mode);
    const int *ids = NULL;
    int size = !err && n ? array_ids(n, attr, &ids) : -1;
    if (!err && size < 0) err = kAXErrorAttributeUnsupported;
    if (!err) {
        sim_log_call("read %d %s[%ld+%ld]", id, attr, (long)index, (long)maxValues);
        sim_obj *a = sim_array_new("AXUIElementCopyAttributeValues");
        for (long k = index; k < size && k < index + maxValues; k++)
            sim_array_push_owned(a, element(ids[k], n->pid, "AXUIElementCopyAttributeValues"));
        *values = a;
    }
    free(attr);
    return err;
}

AXError AXUIElementIsAttributeSettable(const void *el, const void *attribute, Boolean *settable) {
    sim_node *n;
    int id, mode;
    if (!settable) return kAXErrorIllegalArgument;
    int err = resolve(el, "AXUIElementIsAttributeSettable", &n, &id);
    sim_count_call("AXUIElementIsAttributeSettable");
    char *attr = name_of(attribute, "AXUIElementIsAttributeSettable");
    if (!err) err = fault("AXUIElementIsAttributeSettable", attr, id, &mode);
    if (!err && !n) err = kAXErrorAttributeUnsupported;
    if (!err) {
        sim_log_call("settable %d %s", id, attr);
        *settable = 0;
        err = kAXErrorAttributeUnsupported;
        for (int i = 0; i < n->nattr; i++)
            if (!strcmp(n->names[i], attr)) { *settable = (Boolean)n->settable[i]; err = 0; }
    }
    free(attr);
    return err;
}

AXError AXUIElementCopyAttributeNames(const void *el, const void **names) {
    sim_node *n;
    int id, mode;
    if (!names) return kAXErrorIllegalArgument;
    *names = NULL;
    int err = resolve(el, "AXUIElementCopyAttributeNames", &n, &id);
    sim_count_call("AXUIElementCopyAttributeNames");
    if (!err) err = fault("AXUIElementCopyAttributeNames", NULL, id, &mode);
    if (!err && !n) err = kAXErrorAttributeUnsupported;
    if (err) return err;
    sim_obj *a = sim_array_new("AXUIElementCopyAttributeNames");
    for (int i = 0; i < n->nattr; i++) sim_array_push_owned(a, sim_string_utf8(n->names[i], "AXUIElementCopyAttributeNames"));
    *names = a;
    return 0;
}

AXError AXUIElementCopyActionNames(const void *el, const void **names) {
    sim_node *n;
    int id, mode;
    if (!names) return kAXErrorIllegalArgument;
    *names = NULL;
    int err = resolve(el, "AXUIElementCopyActionNames", &n, &id);
    sim_count_call("AXUIElementCopyActionNames");
    if (!err) err = fault("AXUIElementCopyActionNames", NULL, id, &mode);
    if (!err && !n) err = kAXErrorAttributeUnsupported;
    if (err) return err;
    if (mode == F_NULL) return 0;
    if (mode == F_WRONG_TYPE) { *names = sim_number_int(7, "AXUIElementCopyActionNames"); return 0; }
    sim_obj *a = sim_array_new("AXUIElementCopyActionNames");
    for (int i = 0; i < n->nact; i++) sim_array_push_owned(a, sim_string_utf8(n->actions[i], "AXUIElementCopyActionNames"));
    *names = a;
    return 0;
}

AXError AXUIElementPerformAction(const void *el, const void *action) {
    sim_node *n;
    int id, mode;
    int err = resolve(el, "AXUIElementPerformAction", &n, &id);
    sim_count_call("AXUIElementPerformAction");
    char *name = name_of(action, "AXUIElementPerformAction");
    if (!err && !name) err = kAXErrorIllegalArgument;
    if (!err) err = fault("AXUIElementPerformAction", name, id, &mode);
    if (!err && !n) err = kAXErrorActionUnsupported;
    if (!err) {
        err = kAXErrorActionUnsupported;
        for (int i = 0; i < n->nact; i++)
            if (!strcmp(n->actions[i], name)) err = 0;
    }
    if (!err) {
        sim_log_call("perform %d %s", id, name);
        /* AppKit shows a context menu as a child of the application: a menu the fixture holds hidden appears. */
        if (!strcmp(name, "AXShowMenu")) {
            sim_node *app = sim_node_at(sim_app_node(n->pid));
            for (int i = 0; app && i < app->nchild; i++) {
                sim_node *c = sim_node_at(app->children[i]);
                if (c && c->gone && has_role(c, "AXMenu")) {
                    c->gone = 0;
                    sim_log_call("menu shown %d", app->children[i]);
                }
            }
        }
        /* A check box's AXValue flips as AppKit's does, so a re-observation shows the effect. */
        for (int i = 0; i < n->nattr; i++)
            if (!strcmp(n->names[i], "AXRole") && n->vals[i].kind == V_STR && !strcmp(n->vals[i].s, "AXCheckBox")
                && !strcmp(name, "AXPress"))
                for (int k = 0; k < n->nattr; k++)
                    if (!strcmp(n->names[k], "AXValue") && n->vals[k].kind == V_INT) n->vals[k].i = !n->vals[k].i;
    }
    free(name);
    return err;
}

AXError AXUIElementSetAttributeValue(const void *el, const void *attribute, const void *value) {
    sim_node *n;
    int id, mode;
    int err = resolve(el, "AXUIElementSetAttributeValue", &n, &id);
    sim_count_call("AXUIElementSetAttributeValue");
    char *attr = name_of(attribute, "AXUIElementSetAttributeValue");
    sim_obj *v = sim_check(value, 0, "AXUIElementSetAttributeValue");
    if (!err && (!attr || !v)) err = kAXErrorIllegalArgument;
    if (!err) err = fault("AXUIElementSetAttributeValue", attr, id, &mode);
    if (!err && !n) err = kAXErrorAttributeUnsupported;
    if (!err) {
        char text[200] = "";
        if (v->kind == K_STRING) { char *u = sim_string_to_utf8(v); snprintf(text, sizeof text, "'%s'", u); free(u); }
        else if (v->kind == K_BOOL) snprintf(text, sizeof text, "%s", v->u.b.v ? "true" : "false");
        else if (v->kind == K_AXVALUE && v->u.axv.type == 4)
            snprintf(text, sizeof text, "range(%ld,%ld)", (long)v->u.axv.v[0], (long)v->u.axv.v[1]);
        else if (v->kind == K_ARRAY) {
            size_t used = (size_t)snprintf(text, sizeof text, "[");
            for (long k = 0; k < v->u.arr.n && used < sizeof text - 16; k++) {
                sim_obj *item = sim_check(v->u.arr.items[k], K_AXELEM, "AXUIElementSetAttributeValue");
                used += (size_t)snprintf(text + used, sizeof text - used, "%s%d", k ? "," : "", item ? item->u.ax.node : -1);
            }
            snprintf(text + used, sizeof text - used, "]");
        }
        else snprintf(text, sizeof text, "(kind %d)", v->kind);
        sim_log_call("set %d %s %s", id, attr, text);
        err = kAXErrorAttributeUnsupported;
        for (int i = 0; i < n->nattr; i++)
            if (!strcmp(n->names[i], attr) && n->settable[i]) {
                err = 0;
                if (v->kind == K_STRING && !strcmp(attr, "AXSelectedText")) {
                    err = sim_replace_selected_text(n, v);
                } else if (v->kind == K_STRING && n->vals[i].kind == V_STR) {
                    free(n->vals[i].s);
                    n->vals[i].s = sim_string_to_utf8(v);
                } else if (v->kind == K_BOOL && n->vals[i].kind == V_BOOL) {
                    n->vals[i].i = v->u.b.v;
                    /* Focus moves: the app's other elements lose AXFocused, as in AppKit. */
                    if (v->u.b.v && !strcmp(attr, "AXFocused")) unfocus_others(n->pid, id);
                } else if (v->kind == K_AXVALUE && n->vals[i].kind == V_AXVAL && n->vals[i].axtype == v->u.axv.type) {
                    memcpy(n->vals[i].v, v->u.axv.v, sizeof n->vals[i].v);
                } else if (v->kind == K_ARRAY && selection_attr(attr)) {
                    /* As AppKit's tables and lists do: exactly the listed items are selected now. */
                    int items[SIM_MAX_CHILDREN * 4];
                    int count = list_items(n, attr, items, SIM_MAX_CHILDREN * 4);
                    for (int k = 0; k < count; k++) {
                        sim_node *item = sim_node_at(items[k]);
                        sim_val *sel = item ? attr_slot(item, "AXSelected") : NULL;
                        if (!sel || sel->kind != V_BOOL) continue;
                        sel->i = 0;
                        for (long j = 0; j < v->u.arr.n; j++) {
                            sim_obj *e = sim_check(v->u.arr.items[j], K_AXELEM, "AXUIElementSetAttributeValue");
                            if (e && e->u.ax.node == items[k]) sel->i = 1;
                        }
                    }
                }
            }
        /* The Chromium/Electron switches on an application element: accepted, as Electron does. */
        if (err && n->parent == -1 && (!strcmp(attr, "AXManualAccessibility") || !strcmp(attr, "AXEnhancedUserInterface")))
            err = 0;
    }
    free(attr);
    return err;
}

AXError AXUIElementSetMessagingTimeout(const void *el, float seconds) {
    sim_obj *o = sim_check(el, K_AXELEM, "AXUIElementSetMessagingTimeout");
    if (!o || seconds < 0) return kAXErrorIllegalArgument;
    if (o->u.ax.node == NODE_SYSTEM_WIDE) {
        global_timeout = seconds == 0 ? 6.0f : seconds;
        sim_log_call("timeout system-wide %.3f", seconds);
    } else if (o->u.ax.node >= 0 && o->u.ax.node < 4096) {
        node_timeout[o->u.ax.node] = seconds;
        sim_log_call("timeout %d %.3f", o->u.ax.node, seconds);
    }
    return 0;
}

/* The node's frame from AXFrame, else AXPosition + AXSize; 0 when it has none. */
static int node_frame(const sim_node *n, double r[4]) {
    int have = 0;
    for (int i = 0; i < n->nattr; i++) {
        const sim_val *v = &n->vals[i];
        if (v->kind != V_AXVAL) continue;
        if (!strcmp(n->names[i], "AXFrame") && v->axtype == 3) { memcpy(r, v->v, 4 * sizeof(double)); return 1; }
        if (!strcmp(n->names[i], "AXPosition") && v->axtype == 1) { r[0] = v->v[0]; r[1] = v->v[1]; have |= 1; }
        if (!strcmp(n->names[i], "AXSize") && v->axtype == 2) { r[2] = v->v[0]; r[3] = v->v[1]; have |= 2; }
    }
    return have == 3;
}

/* The deepest live node under id whose frame holds the point; a later child lies on top of an earlier one. */
static int deepest_at(int id, double x, double y) {
    sim_node *n = sim_node_at(id);
    for (int i = n ? n->nchild - 1 : -1; i >= 0; i--) {
        sim_node *c = sim_node_at(n->children[i]);
        double r[4];
        if (!c || c->gone || !node_frame(c, r)) continue;
        if (x >= r[0] && y >= r[1] && x < r[0] + r[2] && y < r[1] + r[3]) return deepest_at(n->children[i], x, y);
    }
    return id;
}

AXError AXUIElementCopyElementAtPosition(const void *application, float x, float y, const void **out) {
    sim_node *n;
    int id, mode;
    if (!out) return kAXErrorIllegalArgument;
    *out = NULL;
    int err = resolve(application, "AXUIElementCopyElementAtPosition", &n, &id);
    if (!err) err = fault("AXUIElementCopyElementAtPosition", NULL, id, &mode);
    if (err) return err;
    sim_log_call("hit %d %.0f,%.0f", id, x, y);
    int hit = n ? deepest_at(id, x, y) : NODE_DEAD;
    /* The system-wide element: every application, the one added last on top. */
    for (int app = 4095; !n && app >= 0 && hit == NODE_DEAD; app--) {
        sim_node *a = sim_node_at(app);
        if (!a || a->parent != -1) continue;
        int found = deepest_at(app, x, y);
        if (found != app) hit = found;
    }
    if (hit == id || hit == NODE_DEAD) return kAXErrorNoValue;
    *out = element(hit, sim_node_at(hit)->pid, "AXUIElementCopyElementAtPosition");
    return 0;
}

AXError AXUIElementGetPid(const void *el, int *pid) {
    sim_obj *o = sim_check(el, K_AXELEM, "AXUIElementGetPid");
    if (!o || !pid) return kAXErrorIllegalArgument;
    *pid = o->u.ax.pid;
    return 0;
}

/* AXValueType: kAXValueCGPointType 1, CGSize 2, CGRect 3, CFRange 4, AXError 5. */
AXValueType AXValueGetType(const void *value) {
    sim_obj *o = sim_check(value, K_AXVALUE, "AXValueGetType");
    return o ? (AXValueType)o->u.axv.type : 0;
}

Boolean AXValueGetValue(const void *value, AXValueType type, void *out) {
    sim_obj *o = sim_check(value, K_AXVALUE, "AXValueGetValue");
    if (!o || !out || (AXValueType)o->u.axv.type != type) return 0;
    switch (type) {
    case 1: case 2: memcpy(out, o->u.axv.v, 2 * sizeof(double)); return 1;
    case 3: memcpy(out, o->u.axv.v, 4 * sizeof(double)); return 1;
    case 4: { CFIndex r[2] = {(CFIndex)o->u.axv.v[0], (CFIndex)o->u.axv.v[1]}; memcpy(out, r, sizeof r); return 1; }
    case 5: *(int32_t *)out = o->u.axv.error; return 1;
    default: return 0;
    }
}

AXValueRef AXValueCreate(AXValueType type, const void *value) {
    if (!value || type < 1 || type > 4) return NULL;
    sim_obj *o = sim_new(K_AXVALUE, "AXValueCreate");
    o->u.axv.type = (int)type;
    switch (type) {
    case 1: case 2: memcpy(o->u.axv.v, value, 2 * sizeof(double)); break;
    case 3: memcpy(o->u.axv.v, value, 4 * sizeof(double)); break;
    default: { CFIndex r[2]; memcpy(r, value, sizeof r); o->u.axv.v[0] = (double)r[0]; o->u.axv.v[1] = (double)r[1]; }
    }
    return o;
}

CFTypeID AXUIElementGetTypeID(void) { return SIM_TYPE_ID(K_AXELEM); }
CFTypeID AXValueGetTypeID(void) { return SIM_TYPE_ID(K_AXVALUE); }

AXError _AXUIElementGetWindow(const void *el, uint32_t *window) {
    sim_node *n;
    int id, mode;
    if (!window) return kAXErrorIllegalArgument;
    int err = resolve(el, "_AXUIElementGetWindow", &n, &id);
    sim_count_call("_AXUIElementGetWindow");
    if (!err) err = fault("_AXUIElementGetWindow", NULL, id, &mode);
    if (!err && (!n || !n->window_number)) err = kAXErrorAttributeUnsupported;
    if (!err) *window = (uint32_t)n->window_number;
    return err;
}
