package dev.countersign.script;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.mozilla.javascript.NativeContinuation;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.serialize.ScriptableInputStream;

/**
 * Turns a captured continuation plus the run's counters into bytes and back. Standard objects and
 * host functions are written as names and re-bound to the new scope on read. Reading goes through
 * an {@link ObjectInputFilter} that admits only the interpreter's own data classes, because Java
 * deserialization of anything else is a code-execution risk; the checkpoint store additionally
 * refuses bytes it did not MAC itself.
 */
final class ContinuationCodec {
    private static final int MAGIC = 0x43534a53; // "CSJS"
    private static final int VERSION = 1;

    /** Java classes a Rhino continuation legitimately contains. */
    private static final Set<String> JAVA_CLASSES = Set.of("java.lang.Object", "java.lang.String", "java.lang.Boolean",
            "java.lang.Byte", "java.lang.Character", "java.lang.Short", "java.lang.Integer", "java.lang.Long",
            "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.lang.Enum", "java.math.BigInteger",
            "java.util.ArrayList", "java.util.HashMap", "java.util.LinkedHashMap", "java.util.HashSet",
            // An interface: JS Map/Set state is written as an array of entries typed by it.
            "java.util.Map$Entry",
            "java.util.Collections$UnmodifiableCollection", "java.util.Collections$UnmodifiableList",
            "java.util.Collections$UnmodifiableRandomAccessList", "java.util.Collections$EmptyList",
            "java.lang.invoke.SerializedLambda");
    /** Rhino classes that wrap Java reflection or class loading: never part of a sandboxed script's state. */
    private static final List<String> RHINO_DENIED = List.of("org.mozilla.javascript.NativeJava",
            "org.mozilla.javascript.JavaAdapter", "org.mozilla.javascript.JavaMembers", "org.mozilla.javascript.MemberBox",
            "org.mozilla.javascript.FunctionObject", "org.mozilla.javascript.InterfaceAdapter",
            "org.mozilla.javascript.Synchronizer", "org.mozilla.javascript.ImporterTopLevel",
            "org.mozilla.javascript.ClassCache", "org.mozilla.javascript.DefiningClassLoader",
            "org.mozilla.javascript.SecurityController", "org.mozilla.javascript.PolicySecurityController",
            "org.mozilla.javascript.optimizer.", "org.mozilla.javascript.tools.", "org.mozilla.javascript.xml",
            "org.mozilla.javascript.commonjs.", "org.mozilla.javascript.jdk");

    /** The counters and output of a run, stored beside the continuation. */
    record Header(long instructions, long computeNanos, long allocated, String stdout) {
    }

    /** A decoded snapshot: the continuation object (for {@code resumeContinuation}) and its header. */
    record Decoded(Object continuation, Header header) {
    }

    private ContinuationCodec() {
    }

    /**
     * Writes the state into at most {@code maxBytes} bytes, or throws {@link StateBudget.TooLarge}
     * having held no more than that: the bytes are refused as they are written, and a lazily
     * concatenated string that could not fit is refused before it is flattened.
     */
    static byte[] encode(ScriptableObject scope, Object continuation, Header header, int maxBytes) throws IOException {
        StateBudget bytes = new StateBudget(maxBytes);
        try {
            write(bytes, scope, continuation, header);
        } catch (IOException e) {
            // Serialization reports a failure of its stream in its own ways (it even tries to write the
            // exception into the stream); once the budget refused, that refusal is the answer.
            if (bytes.over()) {
                throw new StateBudget.TooLarge(maxBytes);
            }
            throw e;
        }
        return bytes.toByteArray();
    }

    private static void write(StateBudget bytes, ScriptableObject scope, Object continuation, Header header)
            throws IOException {
        DataOutputStream data = new DataOutputStream(bytes);
        data.writeInt(MAGIC);
        data.writeInt(VERSION);
        data.writeLong(header.instructions());
        data.writeLong(header.computeNanos());
        data.writeLong(header.allocated());
        byte[] stdout = header.stdout().getBytes(StandardCharsets.UTF_8);
        data.writeInt(stdout.length);
        data.write(stdout);
        data.flush();
        try (StateBudget.Writer out = bytes.new Writer(scope)) {
            // Like excludeStandardObjectNames, but over what this scope really has (it lacks some removed names).
            for (String name : Sandbox.standardNames(scope)) {
                out.addExcludedName(name);
                Object value = ScriptableObject.getProperty(scope, name);
                if (value instanceof Scriptable scriptable
                        && ScriptableObject.getProperty(scriptable, "prototype") instanceof Scriptable) {
                    out.addExcludedName(name + ".prototype");
                }
            }
            out.addExcludedName(Sandbox.HOST_CALL);
            out.addExcludedName(Sandbox.HOST_PRINT);
            out.writeObject(continuation);
        }
    }

    /** Reads a snapshot into {@code scope}; must run inside a context of the {@link SandboxFactory}. */
    static Decoded decode(Scriptable scope, byte[] snapshot) throws IOException {
        ByteArrayInputStream bytes = new ByteArrayInputStream(snapshot);
        DataInputStream data = new DataInputStream(bytes);
        if (data.readInt() != MAGIC || data.readInt() != VERSION) {
            throw new IOException("not a script snapshot of this version");
        }
        long instructions = data.readLong();
        long compute = data.readLong();
        long allocated = data.readLong();
        int length = data.readInt();
        if (length < 0 || length > bytes.available()) {
            throw new IOException("snapshot header is truncated");
        }
        String stdout = new String(data.readNBytes(length), StandardCharsets.UTF_8);
        try (ScriptableInputStream in = new ScriptableInputStream(bytes, scope)) {
            in.setObjectInputFilter(filter(snapshot.length));
            Object continuation = in.readObject();
            if (!(continuation instanceof NativeContinuation)) {
                throw new IOException("snapshot does not hold a continuation");
            }
            return new Decoded(continuation, new Header(instructions, compute, allocated, stdout));
        } catch (ClassNotFoundException e) {
            throw new IOException("snapshot names a class this build does not have", e);
        }
    }

    static ObjectInputFilter filter(long maxBytes) {
        return info -> {
            if (info.depth() > 2_000 || info.references() > 2_000_000 || info.streamBytes() > maxBytes
                    || info.arrayLength() > 1_000_000) {
                return ObjectInputFilter.Status.REJECTED;
            }
            Class<?> type = info.serialClass();
            if (type == null) {
                return ObjectInputFilter.Status.UNDECIDED;
            }
            while (type.isArray()) {
                type = type.getComponentType();
            }
            return allowed(type) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        };
    }

    static boolean allowed(Class<?> type) {
        if (type.isPrimitive()) {
            return true;
        }
        String name = type.getName();
        if (JAVA_CLASSES.contains(name)) {
            return true;
        }
        if (!name.startsWith("org.mozilla.javascript.")) {
            return false;
        }
        for (String denied : RHINO_DENIED) {
            if (name.startsWith(denied)) {
                return false;
            }
        }
        return true;
    }
}
