/*
 * The macOS framework harness: shared libraries that export the C symbols Countersign's JNA
 * interfaces bind (CoreFoundation, ApplicationServices, CoreGraphics, objc, System, Carbon), with
 * the prototypes of Apple's SDK headers (docs/macos-abi.md, declared in apple.h, which every stub is
 * compiled against), so that desktop.macos runs on Linux.
 * Test code only: it stands in for the frameworks in tests, never in the product.
 *
 * Every CF object is a sim_obj with a real retain count. Nothing is ever freed: an object whose
 * count reaches zero becomes a tombstone, so a double release or a use after release is counted
 * (and the test fails) instead of corrupting memory. Pointers handed in are checked against the
 * set of live objects before they are read, so a wrong pointer is counted, never dereferenced.
 */
#ifndef MACOS_SIM_H
#define MACOS_SIM_H

#include "apple.h"

enum sim_kind {
    K_STRING = 1, K_ARRAY, K_DICT, K_NUMBER, K_BOOL, K_DATA, K_NULL, K_AXELEM, K_AXVALUE, K_IMAGE,
    K_PROVIDER, K_EVENT, K_MODE, K_TIS, K_NSAPP, K_NSOBJ, K_KINDS
};

/* CFTypeIDs as the sim hands them out: distinct, stable, never 0. */
#define SIM_TYPE_ID(kind) ((CFTypeID)(100 + (kind)))

typedef struct sim_obj sim_obj;
struct sim_obj {
    uint32_t magic;
    int kind;
    long rc;
    int immortal;   /* constants (kCFBooleanTrue, classes): retain/release are no-ops, as in CF */
    int permanent;  /* marked by a test as deliberately kept for the process's life (name caches) */
    long serial;
    const char *origin; /* the function that created it, for leak reports */
    union {
        struct { UniChar *chars; long len; } str;
        struct { sim_obj **items; long n; int borrows; } arr;
        struct { sim_obj **keys; sim_obj **vals; long n; } dict;
        struct { int floating; long long i; double d; long type; } num;
        struct { int v; } b;
        struct { uint8_t *bytes; long len; } data;
        struct { int node; int pid; } ax;
        struct { int type; double v[4]; int error; } axv;
        struct { long w, h, bpr, bpp; uint32_t info; sim_obj *provider; } img;
        struct { sim_obj *data; } prov;
        struct { char text[256]; } ev;
        struct { long w, pw; } mode;
        struct { sim_obj *layout; } tis;
        struct { int app; } nsapp;
    } u;
};

#define SIM_MAGIC 0xCF51AB1Eu

/* Objects */
sim_obj *sim_new(int kind, const char *origin);
sim_obj *sim_check(const void *p, int kind, const char *who); /* NULL (and counted) if not a live object of kind (0 = any) */
sim_obj *sim_known(const void *p, const char *who); /* any object ever made, released or not */
void sim_retain(sim_obj *o);
void sim_release(sim_obj *o, const char *who);
void sim_lock(void);
void sim_unlock(void);
void sim_count_invalid(const char *who, const char *what);
void sim_report(const char *who, const char *what); /* a problem line for the report, not counted */
void sim_control_reset(void); /* control.c's state, by sim_reset */

sim_obj *sim_string_utf8(const char *s, const char *origin);
char *sim_string_to_utf8(const sim_obj *s); /* malloc'd */
int sim_string_equals(const sim_obj *s, const char *utf8);
sim_obj *sim_array_new(const char *origin);
void sim_array_push(sim_obj *array, sim_obj *item); /* the array retains */
void sim_array_push_owned(sim_obj *array, sim_obj *item); /* takes the caller's +1 */
sim_obj *sim_dict_new(const char *origin);
void sim_dict_put_owned(sim_obj *dict, sim_obj *key, sim_obj *value);
sim_obj *sim_dict_get(const sim_obj *dict, const sim_obj *key);
sim_obj *sim_number_int(long long v, const char *origin);
sim_obj *sim_number_double(double v, const char *origin);
sim_obj *sim_data_new(const void *bytes, long len, const char *origin);
int sim_equal(const sim_obj *a, const sim_obj *b);
sim_obj *sim_true(void);
sim_obj *sim_false(void);
sim_obj *sim_null(void);

/* The recorded model: accessibility nodes, apps, windows, displays, session, layouts. */
/* V_ELEM: one element (node id in i); V_ELEMS: elements (node ids in ids[0..nids)). */
enum val_kind { V_NONE, V_STR, V_INT, V_DBL, V_BOOL, V_AXVAL, V_ERR, V_ELEM, V_ELEMS };
typedef struct {
    int kind;
    char *s;
    long long i;
    double d;
    int axtype;
    double v[4];
    int *ids;
    int nids;
} sim_val;

#define SIM_MAX_ATTRS 48
#define SIM_MAX_CHILDREN 96
typedef struct {
    int used, pid, parent, gone, window_number;
    char *names[SIM_MAX_ATTRS];
    sim_val vals[SIM_MAX_ATTRS];
    int settable[SIM_MAX_ATTRS];
    int nattr;
    char *actions[16];
    int nact;
    int children[SIM_MAX_CHILDREN];
    int nchild;
} sim_node;

#define NODE_SYSTEM_WIDE (-2)
#define NODE_DEAD (-3)

sim_node *sim_node_at(int id);
int sim_app_node(int pid);
sim_obj *sim_val_to_cf(const sim_val *v, const char *origin); /* +1 */

typedef struct { int pid; char *bundle; char *name; int active; long long start_usec; int policy; } sim_app;
typedef struct { int number, pid, layer; double x, y, w, h; char *name; char *owner; double alpha; } sim_window;
typedef struct { int id; double x, y, w, h, scale; } sim_display;
typedef struct { int number; long w, h, bpr, bpp; uint32_t info; uint8_t *bytes; long len; } sim_bitmap;

int sim_app_count(void);
sim_app *sim_app_at(int i);
sim_app *sim_app_by_pid(int pid);
int sim_window_count(void);
sim_window *sim_window_at(int i);
int sim_display_count(void);
sim_display *sim_display_at(int i);
sim_bitmap *sim_bitmap_for(int number);

typedef struct { int on_console, login_done, locked, present; } sim_session_t;
sim_session_t *sim_session_state(void);
int sim_trusted_state(void);
int sim_capture_state(void);
int sim_layout_state(void); /* 0 US, 1 AZERTY */
int sim_focused_pid(void); /* the app AXFocusedApplication names: set by a test, else the active app; 0 = none */
int sim_secure_input_state(void); /* IsSecureEventInputEnabled */

/* Thread affinity: the harness's main thread (libSystem's main queue runs there). A call macOS
 * allows only on the main thread, made elsewhere, is counted (and fails the test). */
void sim_set_main_thread(void);
int sim_on_main(void);
void sim_require_main(const char *function);

/* Native calls counted by name (sim_call_count reads them), so a test can bound calls per element. */
void sim_count_call(const char *function);

/* Fault injection: a fault names a function, optionally "Function:Attribute". */
enum fault_mode { F_NONE, F_NULL, F_ERROR, F_WRONG_TYPE, F_TIMEOUT, F_DECLINE };
int sim_fault_for(const char *function, const char *attribute, long *arg);

/* AXSelectedText (axtext.c): the selected range's text (+1; *err when there is none), and a set
 * that replaces the range in AXValue and leaves the caret after the new text (an AXError). */
sim_obj *sim_selected_text(sim_node *n, int *err, const char *origin);
int sim_replace_selected_text(sim_node *n, const sim_obj *v);

/* Logs the tests read: every call that acts, and every event posted. */
void sim_log_call(const char *fmt, ...);
void sim_log_event(const char *fmt, ...);

/* Autorelease pools (objc): objects handed out by non-owning methods. */
void sim_autorelease(sim_obj *o);

#endif
