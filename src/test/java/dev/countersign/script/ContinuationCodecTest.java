package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mozilla.javascript.Context;

/** The deserialization filter admits the interpreter's data and nothing that reaches Java reflection. */
class ContinuationCodecTest {

    @ParameterizedTest
    @ValueSource(strings = {"org.mozilla.javascript.NativeJavaObject", "org.mozilla.javascript.NativeJavaMethod",
            "org.mozilla.javascript.MemberBox", "org.mozilla.javascript.JavaAdapter", "org.mozilla.javascript.FunctionObject",
            "java.util.PriorityQueue", "javax.management.BadAttributeValueExpException", "java.lang.reflect.Proxy",
            "dev.countersign.script.ScriptCheckpoint"})
    void gadgetClassesAreRejected(String name) throws ClassNotFoundException {
        assertThat(ContinuationCodec.allowed(Class.forName(name))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"org.mozilla.javascript.NativeContinuation", "org.mozilla.javascript.NativeObject",
            "org.mozilla.javascript.InterpreterData", "java.lang.String", "java.lang.Double"})
    void interpreterDataIsAdmitted(String name) throws ClassNotFoundException {
        assertThat(ContinuationCodec.allowed(Class.forName(name))).isTrue();
    }

    @Test
    void aSnapshotCarryingAForeignObjectIsRefusedBeforeItIsBuilt() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(bytes);
        data.writeInt(0x43534a53);
        data.writeInt(1);
        data.writeLong(0);
        data.writeLong(0);
        data.writeLong(0);
        data.writeInt(0);
        data.flush();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new PriorityQueue<>(java.util.List.of(1, 2)));
        }
        CodeRuntime runtime = new CodeRuntime(ScriptLimits.defaults());
        assertThatThrownBy(() -> runtime.resume(bytes.toByteArray(), new ResumeWith.Value(CodeRuntimeTest.json("1"))))
                .hasMessageContaining("could not be read").hasMessageContaining("REJECTED");
    }

    @Test
    void outsideTheSandboxRhinoRefusesToDeserializeAtAll() {
        // Rhino 1.9 keeps Java serialization off for every context but ours.
        assertThat(Context.enter().hasFeature(Context.FEATURE_JAVA_SERIALIZATION)).isFalse();
        Context.exit();
    }
}
