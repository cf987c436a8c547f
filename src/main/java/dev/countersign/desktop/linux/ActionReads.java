package dev.countersign.desktop.linux;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How an element's actions are listed: by {@code Action.GetActions} where the toolkit answers it
 * safely, else by the {@code NActions} property and one call per action
 * ({@link Toolkit#actionListSafe}: {@code GetActions} aborts Gecko applications).
 */
final class ActionReads {
    /** What an action listed only by its count reads as: no label, description or key binding. */
    private static final Object[] UNLABELLED = {"", "", ""};
    /** The most actions listed by count: each costs a call of its own. */
    static final int MAX_COUNTED = 32;

    private final BusCalls calls;
    private final Toolkit toolkit;

    ActionReads(BusCalls calls, Toolkit toolkit) {
        this.calls = calls;
        this.toolkit = toolkit;
    }

    /** Sends the listing of the element's actions: {@code GetActions}, or the count where that is unsafe. */
    BusCalls.Pending send(AtspiRef ref) {
        return toolkit.actionListSafe() ? calls.send(ref.bus(), ref.path(), NodeReader.ACTION, "GetActions", null)
                : calls.send(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACTION, "NActions");
    }

    /**
     * The actions as {@code GetActions} lists them ({@code (label, description, key binding)} each);
     * from a count, that many unlabelled ones, whose names are asked one by one ({@code GetName(i)}).
     */
    static List<?> listed(BusCalls.Reply reply) {
        Object v = NodeReader.unwrap(reply.value(0));
        if (v instanceof Integer count) {
            return Collections.nCopies(Math.max(0, Math.min(count, MAX_COUNTED)), UNLABELLED);
        }
        return (List<?>) v;
    }

    /**
     * The key bindings that are not empty of each element's actions, the calls of all elements in
     * flight together: from {@code GetActions}' third field, or {@code GetKeyBinding(i)} per action.
     */
    List<List<String>> keyBindings(List<RawNode> elements) {
        List<BusCalls.Pending> lists = elements.stream().map(n -> send(n.ref)).toList();
        List<List<BusCalls.Pending>> single = new ArrayList<>();
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < elements.size(); i++) {
            BusCalls.Reply reply = calls.await(lists.get(i));
            List<?> actions = reply.ok() ? listed(reply) : List.of();
            List<BusCalls.Pending> asked = new ArrayList<>();
            List<String> bindings = new ArrayList<>();
            for (int k = 0; k < actions.size(); k++) {
                if (toolkit.actionListSafe()) {
                    bindings.add(NodeReader.string(((Object[]) actions.get(k))[2]));
                } else {
                    AtspiRef ref = elements.get(i).ref;
                    asked.add(calls.send(ref.bus(), ref.path(), NodeReader.ACTION, "GetKeyBinding", "i", k));
                }
            }
            single.add(asked);
            out.add(bindings);
        }
        for (int i = 0; i < elements.size(); i++) {
            for (BusCalls.Pending p : single.get(i)) {
                BusCalls.Reply r = calls.await(p);
                out.get(i).add(r.ok() ? NodeReader.string(r.value(0)) : "");
            }
            out.get(i).removeIf(String::isBlank);
        }
        return out;
    }
}
