/* libCoreFoundation: the CoreFoundation functions and globals that jna-platform and Countersign bind. */
#include "sim.h"
#include <stdlib.h>
#include <string.h>


const void *kCFBooleanTrue;
const void *kCFBooleanFalse;
const CFArrayCallBacks kCFTypeArrayCallBacks = {0, 0, 0, 0, 0};
const CFDictionaryKeyCallBacks kCFTypeDictionaryKeyCallBacks = {0, 0, 0, 0, 0, 0};
const CFDictionaryValueCallBacks kCFTypeDictionaryValueCallBacks = {0, 0, 0, 0, 0};

__attribute__((constructor)) static void init(void) {
    kCFBooleanTrue = sim_true();
    kCFBooleanFalse = sim_false();
}

CFTypeRef CFRetain(CFTypeRef cf) {
    if (!cf) { sim_count_invalid("CFRetain", "NULL (CFRetain(NULL) crashes)"); return NULL; }
    sim_obj *o = sim_check(cf, 0, "CFRetain");
    sim_retain(o);
    return cf;
}

void CFRelease(CFTypeRef cf) {
    if (!cf) { sim_count_invalid("CFRelease", "NULL (CFRelease(NULL) crashes)"); return; }
    /* A released object is still known: releasing it again counts as an over-release. */
    sim_release(sim_known(cf, "CFRelease"), "CFRelease");
}


Boolean CFEqual(CFTypeRef a, CFTypeRef b) {
    sim_count_call("CFEqual");
    sim_obj *x = sim_check(a, 0, "CFEqual"), *y = sim_check(b, 0, "CFEqual");
    return x && y && sim_equal(x, y);
}

/* Equal objects hash alike (CF's contract): an element by its node and pid, a string by its text. */
CFHashCode CFHash(CFTypeRef cf) {
    sim_count_call("CFHash");
    sim_obj *o = sim_check(cf, 0, "CFHash");
    if (!o) return 0;
    switch (o->kind) {
    case K_AXELEM: return (CFHashCode)o->u.ax.node * 31u + (CFHashCode)o->u.ax.pid;
    case K_STRING: {
        CFHashCode h = 0;
        for (long i = 0; i < o->u.str.len; i++) h = h * 31u + o->u.str.chars[i];
        return h;
    }
    case K_NUMBER: return (CFHashCode)(long long)o->u.num.d;
    case K_BOOL: return (CFHashCode)o->u.b.v;
    default: return (CFHashCode)o->kind;
    }
}

CFTypeID CFGetTypeID(CFTypeRef cf) {
    sim_obj *o = sim_check(cf, 0, "CFGetTypeID");
    return o ? SIM_TYPE_ID(o->kind) : 0;
}

CFTypeID CFStringGetTypeID(void) { return SIM_TYPE_ID(K_STRING); }
CFTypeID CFArrayGetTypeID(void) { return SIM_TYPE_ID(K_ARRAY); }
CFTypeID CFDictionaryGetTypeID(void) { return SIM_TYPE_ID(K_DICT); }
CFTypeID CFNumberGetTypeID(void) { return SIM_TYPE_ID(K_NUMBER); }
CFTypeID CFBooleanGetTypeID(void) { return SIM_TYPE_ID(K_BOOL); }
CFTypeID CFDataGetTypeID(void) { return SIM_TYPE_ID(K_DATA); }
CFTypeID CFDateGetTypeID(void) { return 99; }


/* ---- strings ---- */
const void *CFStringCreateWithCharacters(const void *alloc, const UniChar *chars, CFIndex n) {
    (void)alloc;
    sim_obj *o = sim_new(K_STRING, "CFStringCreateWithCharacters");
    o->u.str.chars = malloc((n > 0 ? n : 1) * sizeof(UniChar));
    if (n > 0) memcpy(o->u.str.chars, chars, n * sizeof(UniChar));
    o->u.str.len = n;
    return o;
}

CFIndex CFStringGetLength(const void *s) { sim_obj *o = sim_check(s, K_STRING, "CFStringGetLength"); return o ? o->u.str.len : 0; }

CFIndex CFStringGetMaximumSizeForEncoding(CFIndex length, CFStringEncoding encoding) {
    (void)encoding;
    return length * 3; /* UTF-8: at most 3 bytes per UTF-16 unit */
}

Boolean CFStringGetCString(const void *s, char *buffer, CFIndex size, CFStringEncoding encoding) {
    sim_obj *o = sim_check(s, K_STRING, "CFStringGetCString");
    if (!o || !buffer || encoding != 0x08000100u) return 0;
    char *u = sim_string_to_utf8(o);
    size_t n = strlen(u);
    Boolean ok = (CFIndex)n < size;
    if (ok) memcpy(buffer, u, n + 1);
    free(u);
    return ok;
}

/* ---- arrays ---- */
const void *CFArrayCreate(const void *alloc, const void **values, CFIndex n, const CFArrayCallBacks *callbacks) {
    (void)alloc;
    sim_obj *a = sim_array_new("CFArrayCreate");
    a->u.arr.borrows = callbacks != &kCFTypeArrayCallBacks;
    for (CFIndex i = 0; i < n; i++) {
        sim_obj *item = sim_check(values[i], 0, "CFArrayCreate");
        if (!item) continue;
        if (a->u.arr.borrows) sim_array_push_owned(a, item);
        else sim_array_push(a, item);
    }
    return a;
}

CFIndex CFArrayGetCount(const void *array) { sim_obj *a = sim_check(array, K_ARRAY, "CFArrayGetCount"); return a ? a->u.arr.n : 0; }

const void *CFArrayGetValueAtIndex(const void *array, CFIndex i) {
    sim_obj *a = sim_check(array, K_ARRAY, "CFArrayGetValueAtIndex");
    if (!a) return NULL;
    if (i < 0 || i >= a->u.arr.n) { sim_count_invalid("CFArrayGetValueAtIndex", "index out of bounds"); return NULL; }
    return a->u.arr.items[i];
}

/* ---- dictionaries ---- */
const void *CFDictionaryCreateMutable(const void *alloc, CFIndex capacity, const CFDictionaryKeyCallBacks *keys,
                                      const CFDictionaryValueCallBacks *values) {
    (void)alloc; (void)capacity;
    if (keys != &kCFTypeDictionaryKeyCallBacks || values != &kCFTypeDictionaryValueCallBacks)
        sim_count_invalid("CFDictionaryCreateMutable", "the harness keeps only CF-type dictionaries");
    return sim_dict_new("CFDictionaryCreateMutable");
}

void CFDictionarySetValue(const void *dict, const void *key, const void *value) {
    sim_obj *d = sim_check(dict, K_DICT, "CFDictionarySetValue");
    sim_obj *k = sim_check(key, 0, "CFDictionarySetValue"), *v = sim_check(value, 0, "CFDictionarySetValue");
    if (!d || !k || !v) return;
    sim_retain(k);
    sim_retain(v);
    sim_dict_put_owned(d, k, v);
}

const void *CFDictionaryGetValue(const void *dict, const void *key) {
    sim_obj *d = sim_check(dict, K_DICT, "CFDictionaryGetValue");
    sim_obj *k = sim_check(key, 0, "CFDictionaryGetValue");
    return d && k ? sim_dict_get(d, k) : NULL;
}



/* ---- booleans, numbers, data ---- */
Boolean CFBooleanGetValue(const void *b) { sim_obj *o = sim_check(b, K_BOOL, "CFBooleanGetValue"); return o ? (Boolean)o->u.b.v : 0; }

CFIndex CFNumberGetType(const void *n) { sim_obj *o = sim_check(n, K_NUMBER, "CFNumberGetType"); return o ? o->u.num.type : 0; }

Boolean CFNumberGetValue(const void *n, CFIndex type, void *out) {
    sim_obj *o = sim_check(n, K_NUMBER, "CFNumberGetValue");
    if (!o || !out) return 0;
    long long i = o->u.num.floating ? (long long)o->u.num.d : o->u.num.i;
    double d = o->u.num.floating ? o->u.num.d : (double)o->u.num.i;
    switch (type) {
    case 1: case 7: *(int8_t *)out = (int8_t)i; break;
    case 2: case 8: *(int16_t *)out = (int16_t)i; break;
    case 3: case 9: *(int32_t *)out = (int32_t)i; break;
    case 4: case 10: case 11: case 14: case 15: *(int64_t *)out = i; break;
    case 5: case 12: *(float *)out = (float)d; break;
    case 6: case 13: case 16: *(double *)out = d; break;
    default: return 0;
    }
    /* As CF: false when the conversion was lossy. */
    return o->u.num.floating && type != 5 && type != 6 && type != 12 && type != 13 && type != 16 ? (double)i == d : 1;
}



CFIndex CFDataGetLength(const void *data) { sim_obj *o = sim_check(data, K_DATA, "CFDataGetLength"); return o ? o->u.data.len : 0; }

const uint8_t *CFDataGetBytePtr(const void *data) { sim_obj *o = sim_check(data, K_DATA, "CFDataGetBytePtr"); return o ? o->u.data.bytes : NULL; }
