package dev.countersign.script;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.mozilla.javascript.ConsString;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.serialize.ScriptableOutputStream;

/**
 * The bytes of one saved script state, refused past {@link ScriptLimits#maxStateBytes()} while they
 * are written: the write that would pass the budget throws {@link TooLarge}, so no more than the
 * budget is ever held. Its {@link Writer} also refuses a lazily concatenated string (a Rhino
 * {@link ConsString}, which {@code s = s + s} builds in a few bytes) that would not fit in what is
 * left, before Java serialization flattens it: 27 doublings of one character would otherwise be
 * flattened into 384 MB of arrays before the first of its bytes reached this budget.
 */
final class StateBudget extends OutputStream {
    /** The fields, per class, that can hold a string value: the only places a lazy string can sit. */
    private static final ClassValue<List<Field>> TEXT_FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    // JDK classes do not open their fields; their contents are read through Collection/Map below.
                    if (!Modifier.isStatic(field.getModifiers()) && field.getType().isAssignableFrom(ConsString.class)
                            && field.trySetAccessible()) {
                        fields.add(field);
                    }
                }
            }
            return List.copyOf(fields);
        }
    };

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final int max;
    private boolean over;

    /** Thrown when the state does not fit; the bytes written so far are to be dropped. */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(int max) {
            super("the state is larger than " + max + " bytes");
        }
    }

    StateBudget(int max) {
        this.max = max;
    }

    @Override
    public void write(int b) throws IOException {
        reserve(1);
        bytes.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        reserve(len);
        bytes.write(b, off, len);
    }

    /** Whether the state was refused; then whatever was thrown on the way out stands for {@link TooLarge}. */
    boolean over() {
        return over;
    }

    int max() {
        return max;
    }

    byte[] toByteArray() {
        return bytes.toByteArray();
    }

    private void reserve(int more) throws TooLarge {
        if (over || more > max - bytes.size()) {
            throw refuse();
        }
    }

    private TooLarge refuse() {
        over = true;
        return new TooLarge(max);
    }

    /**
     * A {@link ScriptableOutputStream} over this budget. Java serialization calls
     * {@link #replaceObject} for every object before writing what it holds, but flattens a
     * {@link ConsString} (its {@code writeReplace}) before anything else sees it; so a string is
     * checked while its holder is replaced: an array element, a collection entry, or a field.
     * A string takes at least one byte per character in the stream, so one longer than the room
     * left could never be written, and refusing it then is exact.
     */
    final class Writer extends ScriptableOutputStream {
        Writer(Scriptable scope) throws IOException {
            super(StateBudget.this, scope);
        }

        @Override
        protected Object replaceObject(Object obj) throws IOException {
            // Only the JDK's own collections are read as such: Rhino's NativeObject and NativeArray are
            // Maps and Lists too, and iterating them would run script getters.
            boolean jdk = obj.getClass().getName().startsWith("java.");
            if (obj instanceof Object[] array) {
                for (Object element : array) {
                    check(element);
                }
            } else if (jdk && obj instanceof Collection<?> collection) {
                for (Object element : collection) {
                    check(element);
                }
            } else if (jdk && obj instanceof Map<?, ?> map) {
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    check(entry.getKey());
                    check(entry.getValue());
                }
            } else {
                for (Field field : TEXT_FIELDS.get(obj.getClass())) {
                    try {
                        check(field.get(obj));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("a field made accessible is not readable: " + field, e);
                    }
                }
            }
            return super.replaceObject(obj);
        }

        private void check(Object value) throws TooLarge {
            if (value instanceof ConsString text && text.length() > max - bytes.size()) {
                throw refuse();
            }
        }
    }
}
