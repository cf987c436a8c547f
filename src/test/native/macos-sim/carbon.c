/* libCarbon: the current keyboard layout (TIS) and UCKeyTranslate, for a US and a French AZERTY layout. */
#include "sim.h"
#include <string.h>


const void *kTISPropertyUnicodeKeyLayoutData;

/* The harness's stand-in for a 'uchr' resource: a tag and which layout it is. */
struct sim_layout { char magic[8]; int32_t which; };

__attribute__((constructor)) static void init(void) {
    sim_obj *s = sim_string_utf8("TISPropertyUnicodeKeyLayoutData", "kTISPropertyUnicodeKeyLayoutData");
    s->immortal = 1;
    kTISPropertyUnicodeKeyLayoutData = s;
}

const void *TISCopyCurrentKeyboardLayoutInputSource(void) {
    sim_require_main("TISCopyCurrentKeyboardLayoutInputSource");
    long arg;
    if (sim_fault_for("TISCopyCurrentKeyboardLayoutInputSource", NULL, &arg) == F_NULL) return NULL;
    sim_obj *src = sim_new(K_TIS, "TISCopyCurrentKeyboardLayoutInputSource");
    struct sim_layout l = {"SIMUCHR", sim_layout_state()};
    src->u.tis.layout = sim_data_new(&l, sizeof l, "TISCopyCurrentKeyboardLayoutInputSource");
    return src;
}

void *TISGetInputSourceProperty(const void *source, const void *key) {
    sim_require_main("TISGetInputSourceProperty");
    sim_obj *s = sim_check(source, K_TIS, "TISGetInputSourceProperty");
    sim_obj *k = sim_check(key, K_STRING, "TISGetInputSourceProperty");
    long arg;
    if (!s || !k || sim_fault_for("TISGetInputSourceProperty", NULL, &arg) == F_NULL) return NULL;
    return sim_equal(k, (sim_obj *)kTISPropertyUnicodeKeyLayoutData) ? s->u.tis.layout : NULL;
}

uint8_t LMGetKbdType(void) {
    sim_require_main("LMGetKbdType");
    return 40; /* an ANSI keyboard type */
}

/* Some app (a password field, Terminal's Secure Keyboard Entry) has turned secure event input on. */
Boolean IsSecureEventInputEnabled(void) { return (Boolean)sim_secure_input_state(); }

/* Key code -> unshifted, shifted character; 0 = no character. Codes are HIToolbox's kVK_ANSI_*. */
struct keymap { uint16_t code; UniChar plain, shifted; int dead; };
static const struct keymap us[] = {
    {0, 'a', 'A'}, {1, 's', 'S'}, {2, 'd', 'D'}, {3, 'f', 'F'}, {4, 'h', 'H'}, {5, 'g', 'G'}, {6, 'z', 'Z'},
    {7, 'x', 'X'}, {8, 'c', 'C'}, {9, 'v', 'V'}, {11, 'b', 'B'}, {12, 'q', 'Q'}, {13, 'w', 'W'}, {14, 'e', 'E'},
    {15, 'r', 'R'}, {16, 'y', 'Y'}, {17, 't', 'T'}, {18, '1', '!'}, {19, '2', '@'}, {20, '3', '#'}, {21, '4', '$'},
    {22, '6', '^'}, {23, '5', '%'}, {24, '=', '+'}, {25, '9', '('}, {26, '7', '&'}, {27, '-', '_'}, {28, '8', '*'},
    {29, '0', ')'}, {30, ']', '}'}, {31, 'o', 'O'}, {32, 'u', 'U'}, {33, '[', '{'}, {34, 'i', 'I'}, {35, 'p', 'P'},
    {37, 'l', 'L'}, {38, 'j', 'J'}, {39, '\'', '"'}, {40, 'k', 'K'}, {41, ';', ':'}, {42, '\\', '|'}, {43, ',', '<'},
    {44, '/', '?'}, {45, 'n', 'N'}, {46, 'm', 'M'}, {47, '.', '>'}, {49, ' ', ' '}, {50, '`', '~', 0},
    {82, '0', '0'}, {83, '1', '1'}, {84, '2', '2'}, {85, '3', '3'}, {86, '4', '4'}, {87, '5', '5'}, {88, '6', '6'},
    {89, '7', '7'}, {91, '8', '8'}, {92, '9', '9'}, {65, '.', '.'}, {67, '*', '*'}, {69, '+', '+'}, {75, '/', '/'},
    {78, '-', '-'}, {81, '=', '='},
};
/* Apple's "French" layout: A and Q, Z and W swap, M sits right of L, digits need Shift. */
static const struct keymap fr[] = {
    {0, 'q', 'Q'}, {1, 's', 'S'}, {2, 'd', 'D'}, {3, 'f', 'F'}, {4, 'h', 'H'}, {5, 'g', 'G'}, {6, 'w', 'W'},
    {7, 'x', 'X'}, {8, 'c', 'C'}, {9, 'v', 'V'}, {11, 'b', 'B'}, {12, 'a', 'A'}, {13, 'z', 'Z'}, {14, 'e', 'E'},
    {15, 'r', 'R'}, {16, 'y', 'Y'}, {17, 't', 'T'}, {18, '&', '1'}, {19, 0x00E9, '2'}, {20, '"', '3'}, {21, '\'', '4'},
    {22, 0x00A7, '6'}, {23, '(', '5'}, {24, '-', '_'}, {25, 0x00E7, '9'}, {26, 0x00E8, '7'}, {27, ')', 0x00B0},
    {28, '!', '8'}, {29, 0x00E0, '0'}, {30, '$', '*'}, {31, 'o', 'O'}, {32, 'u', 'U'}, {33, '^', 0x00A8, 1},
    {34, 'i', 'I'}, {35, 'p', 'P'}, {37, 'l', 'L'}, {38, 'j', 'J'}, {39, 0x00F9, '%'}, {40, 'k', 'K'},
    {41, 'm', 'M'}, {42, '`', 0x00A3, 1}, {43, ';', '.'}, {44, '=', '+'}, {45, 'n', 'N'}, {46, ',', '?'},
    {47, ':', '/'}, {49, ' ', ' '}, {50, '<', '>'},
    {82, '0', '0'}, {83, '1', '1'}, {84, '2', '2'}, {85, '3', '3'}, {86, '4', '4'}, {87, '5', '5'}, {88, '6', '6'},
    {89, '7', '7'}, {91, '8', '8'}, {92, '9', '9'}, {65, ',', ','}, {67, '*', '*'}, {69, '+', '+'}, {75, '/', '/'},
    {78, '-', '-'}, {81, '=', '='},
};

OSStatus UCKeyTranslate(const UCKeyboardLayout *keyLayoutPtr, uint16_t virtualKeyCode, uint16_t keyAction,
                        uint32_t modifierKeyState, uint32_t keyboardType, OptionBits keyTranslateOptions,
                        uint32_t *deadKeyState, UniCharCount maxStringLength, UniCharCount *actualStringLength,
                        UniChar unicodeString[]) {
    sim_require_main("UCKeyTranslate");
    (void)keyboardType;
    const struct sim_layout *l = (const struct sim_layout *)keyLayoutPtr;
    if (!l || memcmp(l->magic, "SIMUCHR", 8) || !deadKeyState || !actualStringLength) return -50; /* paramErr */
    if (sim_fault_for("UCKeyTranslate", NULL, NULL) == F_ERROR) return -50;
    *actualStringLength = 0;
    if (keyAction != 0 && keyAction != 2) return 0; /* kUCKeyActionDown, kUCKeyActionAutoKey */
    const struct keymap *map = l->which == 1 ? fr : us;
    size_t n = l->which == 1 ? sizeof fr / sizeof *fr : sizeof us / sizeof *us;
    for (size_t i = 0; i < n; i++) {
        if (map[i].code != virtualKeyCode) continue;
        int shift = (modifierKeyState & 0x02) != 0; /* (shiftKey >> 8) & 0xFF */
        if (map[i].dead && !(keyTranslateOptions & 1) && *deadKeyState == 0) {
            *deadKeyState = 1;
            return 0;
        }
        *deadKeyState = 0;
        if (maxStringLength < 1 || !unicodeString) return 0;
        unicodeString[0] = shift ? map[i].shifted : map[i].plain;
        *actualStringLength = 1;
        return 0;
    }
    return 0;
}
