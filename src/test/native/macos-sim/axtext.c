/*
 * The macOS framework harness (test code): a text field's AXSelectedText, over its AXValue and
 * AXSelectedTextRange (UTF-16 units, as CFRange counts them), for MacTextEdit's replace and insert.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim.h"

/* The AXErrors this file answers (ax.c has the list). */
enum { kAXErrorIllegalArgument = -25201, kAXErrorCannotComplete = -25204, kAXErrorNoValue = -25212 };

static sim_val *slot(sim_node *n, const char *attr) {
    for (int i = 0; i < n->nattr; i++)
        if (!strcmp(n->names[i], attr)) return &n->vals[i];
    return NULL;
}

/* The byte offset in a UTF-8 string of a UTF-16 offset (a 4-byte sequence is two units); -1 past the end. */
static long utf8_at(const char *s, long units) {
    long b = 0;
    while (units > 0) {
        unsigned char c = (unsigned char)s[b];
        if (!c) return -1;
        int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        units -= len == 4 ? 2 : 1;
        b += len;
    }
    return units == 0 ? b : -1;
}

/* UTF-16 units in a UTF-8 string. */
static long utf16_len(const char *s) {
    long n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xC0) != 0x80) n += *p >= 0xF0 ? 2 : 1;
    return n;
}

/*
 * AXSelectedText over AXValue and AXSelectedTextRange, as AppKit's text fields answer: reading gives
 * the range's text; setting replaces the range with the new text and leaves the caret after it. A
 * node recording "cs:ignoresSelectedText" accepts the set and changes nothing (as some web fields do).
 */
sim_obj *sim_selected_text(sim_node *n, int *err, const char *origin) {
    sim_val *value = slot(n, "AXValue"), *range = slot(n, "AXSelectedTextRange");
    if (!value || value->kind != V_STR || !range || range->kind != V_AXVAL || range->axtype != 4) {
        *err = kAXErrorNoValue;
        return NULL;
    }
    long from = utf8_at(value->s, (long)range->v[0]);
    long to = from < 0 ? -1 : utf8_at(value->s, (long)(range->v[0] + range->v[1]));
    if (from < 0 || to < from) { *err = kAXErrorNoValue; return NULL; }
    char *part = strndup(value->s + from, (size_t)(to - from));
    sim_obj *out = sim_string_utf8(part, origin);
    free(part);
    return out;
}

int sim_replace_selected_text(sim_node *n, const sim_obj *v) {
    sim_val *value = slot(n, "AXValue"), *range = slot(n, "AXSelectedTextRange");
    if (!value || value->kind != V_STR || !range || range->kind != V_AXVAL || range->axtype != 4)
        return kAXErrorCannotComplete;
    sim_val *ignores = slot(n, "cs:ignoresSelectedText");
    if (ignores && ignores->kind == V_BOOL && ignores->i) return 0;
    long from = utf8_at(value->s, (long)range->v[0]);
    long to = from < 0 ? -1 : utf8_at(value->s, (long)(range->v[0] + range->v[1]));
    if (from < 0 || to < from) return kAXErrorIllegalArgument;
    char *text = sim_string_to_utf8(v);
    size_t total = (size_t)from + strlen(text) + strlen(value->s + to) + 1;
    char *joined = malloc(total);
    snprintf(joined, total, "%.*s%s%s", (int)from, value->s, text, value->s + to);
    range->v[0] += (double)utf16_len(text);
    range->v[1] = 0;
    free(value->s);
    value->s = joined;
    free(text);
    return 0;
}
