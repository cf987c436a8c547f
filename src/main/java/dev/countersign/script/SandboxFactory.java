package dev.countersign.script;

import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;

/**
 * The one way scripts get a Rhino context: interpreted mode (continuations need it), Java
 * serialization switched on for this factory only (Rhino 1.9 refuses it by default, which also
 * protects every other context in the process), a class shutter that admits no Java class at all,
 * and an instruction observer that enforces the script's {@link Budget}.
 */
final class SandboxFactory extends ContextFactory {
    /** How often (in instructions) the budget is checked: small enough that limits bite within milliseconds. */
    static final int OBSERVE_EVERY = 1_000;
    private static final String BUDGET = "countersign.budget";

    @Override
    protected boolean hasFeature(Context cx, int featureIndex) {
        if (featureIndex == Context.FEATURE_JAVA_SERIALIZATION) {
            return true;
        }
        if (featureIndex == Context.FEATURE_ENHANCED_JAVA_ACCESS) {
            // Never let a script catch host exceptions or reach Java members.
            return false;
        }
        return super.hasFeature(cx, featureIndex);
    }

    @Override
    protected Context makeContext() {
        Context cx = super.makeContext();
        cx.setInterpretedMode(true);
        cx.setLanguageVersion(Context.VERSION_ES6);
        cx.setClassShutter(className -> false);
        cx.setInstructionObserverThreshold(OBSERVE_EVERY);
        cx.setMaximumInterpreterStackDepth(1_000);
        cx.setGeneratingDebug(false);
        return cx;
    }

    @Override
    protected void observeInstructionCount(Context cx, int instructionCount) {
        Object budget = cx.getThreadLocal(BUDGET);
        if (budget instanceof Budget b) {
            b.charge(instructionCount);
        }
    }

    /** Enters a context that charges {@code budget}. Close it to leave. */
    Context enter(Budget budget) {
        Context cx = enterContext();
        use(cx, budget);
        return cx;
    }

    /** Charges {@code budget} from now on (a resumed script continues its stored counts). */
    void use(Context cx, Budget budget) {
        cx.putThreadLocal(BUDGET, budget);
    }
}
