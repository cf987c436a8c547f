package dev.countersign.desktop.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.freedesktop.dbus.types.UInt32;

/**
 * AT-SPI role numbers and state bits as words. Reading the role number and mapping it here saves
 * a {@code GetRoleName} call per element; the table follows {@code atspi-constants.h} (its order
 * is the ABI) and a desktop test checks it against {@code GetRoleName} on real applications.
 */
final class AtspiNames {
    static final int ROLE_PASSWORD_TEXT = 40;
    static final int ROLE_TERMINAL = 60;
    static final int ROLE_TEXT = 61;
    static final int ROLE_ENTRY = 79;
    static final int ROLE_MENU = 33;
    static final int ROLE_DOCUMENT_FRAME = 82;
    static final int ROLE_DOCUMENT_SPREADSHEET = 92;
    static final int ROLE_DOCUMENT_EMAIL = 96;
    static final int ROLE_MENU_BAR = 34;
    static final int ROLE_POPUP_MENU = 41;
    static final int ROLE_TABLE_CELL = 56;
    static final int ROLE_TREE = 65;
    static final int ROLE_TREE_TABLE = 66;

    static final int STATE_ACTIVE = 1;
    static final int STATE_CHECKED = 4;
    static final int STATE_DEFUNCT = 6;
    static final int STATE_EDITABLE = 7;
    static final int STATE_EXPANDED = 10;
    static final int STATE_FOCUSABLE = 11;
    static final int STATE_FOCUSED = 12;
    static final int STATE_SELECTABLE = 22;
    static final int STATE_SELECTED = 23;
    static final int STATE_SHOWING = 25;
    static final int STATE_VISIBLE = 30;
    static final int STATE_MANAGES_DESCENDANTS = 31;

    private static final String[] ROLES = (
            "invalid,accelerator label,alert,animation,arrow,calendar,canvas,check box,check menu item,"
            + "color chooser,column header,combo box,date editor,desktop icon,desktop frame,dial,dialog,"
            + "directory pane,drawing area,file chooser,filler,focus traversable,font chooser,frame,"
            + "glass pane,html container,icon,image,internal frame,label,layered pane,list,list item,menu,"
            + "menu bar,menu item,option pane,page tab,page tab list,panel,password text,popup menu,"
            + "progress bar,push button,radio button,radio menu item,root pane,row header,scroll bar,"
            + "scroll pane,separator,slider,spin button,split pane,status bar,table,table cell,"
            + "table column header,table row header,tear off menu item,terminal,text,toggle button,"
            + "tool bar,tool tip,tree,tree table,unknown,viewport,window,extended,header,footer,paragraph,"
            + "ruler,application,autocomplete,editbar,embedded,entry,chart,caption,document frame,heading,"
            + "page,section,redundant object,form,link,input method window,table row,tree item,"
            + "document spreadsheet,document presentation,document text,document web,document email,"
            + "comment,list box,grouping,image map,notification,info bar,level bar,title bar,block quote,"
            + "audio,video,definition,article,landmark,log,marquee,math,rating,timer,static,math fraction,"
            + "math root,subscript,superscript,description list,description term,description value,"
            + "footnote,content deletion,content insertion,mark,suggestion,push button menu,switch").split(",");

    private static final String[] STATES = (
            "invalid,active,armed,busy,checked,collapsed,defunct,editable,enabled,expandable,expanded,"
            + "focusable,focused,has_tooltip,horizontal,iconified,modal,multi_line,multiselectable,opaque,"
            + "pressed,resizable,selectable,selected,sensitive,showing,single_line,stale,transient,"
            + "vertical,visible,manages_descendants,indeterminate,required,truncated,animated,"
            + "invalid_entry,supports_autocompletion,selectable_text,is_default,visited,checkable,"
            + "has_popup,read_only").split(",");

    private AtspiNames() {
    }

    /** The role's name as {@code GetRoleName} spells it, or "unknown" past the table's end. */
    static String role(int role) {
        return role >= 0 && role < ROLES.length ? ROLES[role] : "unknown";
    }

    static int roleCount() {
        return ROLES.length;
    }

    /** The state bit set of {@code GetState} ({@code au}, bit b in word b/32) as a bitmask. */
    static long stateBits(Object rawStates) {
        List<?> words = (List<?>) rawStates;
        long bits = 0;
        for (int i = 0; i < words.size() && i < 2; i++) {
            bits |= (((UInt32) words.get(i)).longValue() & 0xFFFF_FFFFL) << (32 * i);
        }
        return bits;
    }

    /** Document roles (document frame, spreadsheet, presentation, text, web, email): where the content is. */
    static boolean document(int role) {
        return role == ROLE_DOCUMENT_FRAME || role >= ROLE_DOCUMENT_SPREADSHEET && role <= ROLE_DOCUMENT_EMAIL;
    }

    static boolean has(long bits, int state) {
        return (bits >>> state & 1L) != 0;
    }

    /**
     * The set states as lowercase words ("invalid" is never reported; in no particular order: the
     * agent's view sorts them), one shared immutable set per combination: a window's elements
     * share a few dozen combinations, and an observation is held for its whole TTL, so a set per
     * element (a TreeSet of five words is ~300 bytes) was a third of what a stored element weighed.
     */
    static Set<String> states(long bits) {
        Set<String> known = STATE_SETS.get(bits);
        if (known != null) {
            return known;
        }
        Set<String> words = new TreeSet<>();
        for (int b = 1; b < STATES.length; b++) {
            if (has(bits, b)) {
                words.add(STATES[b]);
            }
        }
        // Immutable, so an ElementNode's Set.copyOf keeps this very set instead of copying it.
        Set<String> fixed = Set.copyOf(words);
        if (STATE_SETS.size() < MAX_STATE_SETS) {
            STATE_SETS.putIfAbsent(bits, fixed);
        }
        return fixed;
    }

    /** Bounded: an application that reports ever new combinations only stops them being shared. */
    private static final int MAX_STATE_SETS = 4096;
    private static final Map<Long, Set<String>> STATE_SETS = new ConcurrentHashMap<>();

    /** Action names from {@code GetActions} ({@code a(sss)}: name, description, key binding), lowercased. */
    static List<String> actions(Object rawActions) {
        List<?> entries = (List<?>) rawActions;
        List<String> names = new ArrayList<>(entries.size());
        for (Object entry : entries) {
            names.add(((String) ((Object[]) entry)[0]).toLowerCase(Locale.ROOT));
        }
        return names;
    }
}
