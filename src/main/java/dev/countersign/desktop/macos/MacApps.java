package dev.countersign.desktop.macos;

import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation.CFStringRef;
import com.sun.jna.platform.mac.SystemB;
import dev.countersign.desktop.LaunchIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Running applications and process identities: {@code NSWorkspace.runningApplications} for the
 * list (NSArray and NSString are toll-free bridged to CFArray and CFString, so CoreFoundation
 * reads them), and {@code proc_pidinfo(PROC_PIDTBSDINFO)} for a process's start time.
 */
final class MacApps {
    private final ObjC objc = MacNative.Libs.OBJC;
    private final ObjC.IntResult objcInt = MacNative.Libs.OBJC_INT;

    /** Every running application with a bundle or a name, the frontmost marked active. */
    List<RunningApp> running() {
        return list(false);
    }

    /**
     * The applications a person works in: those of the regular activation policy (a Dock icon and
     * a menu bar), not agents, menu-bar extras or background daemons.
     */
    List<RunningApp> regular() {
        return list(true);
    }

    private List<RunningApp> list(boolean regularOnly) {
        Pointer pool = objc.objc_autoreleasePoolPush();
        try {
            Pointer workspace = send(objc.objc_getClass("NSWorkspace"), "sharedWorkspace");
            Pointer front = send(workspace, "frontmostApplication");
            int frontPid = front == null ? -1 : objcInt.objc_msgSend(front, objc.sel_registerName("processIdentifier"));
            List<RunningApp> out = new ArrayList<>();
            for (Pointer app : Cf.items(send(workspace, "runningApplications"))) {
                int pid = objcInt.objc_msgSend(app, objc.sel_registerName("processIdentifier"));
                String bundle = string(send(app, "bundleIdentifier"));
                String name = string(send(app, "localizedName"));
                // NSApplicationActivationPolicyRegular is 0 (an NSInteger; small, so the int shape reads it).
                boolean regular = !regularOnly
                        || objcInt.objc_msgSend(app, objc.sel_registerName("activationPolicy")) == 0;
                if (pid > 0 && regular && (bundle != null || name != null)) {
                    out.add(new RunningApp(pid, bundle, name, pid == frontPid));
                }
            }
            return out;
        } finally {
            objc.objc_autoreleasePoolPop(pool);
        }
    }

    /** The bundle id of this process's main bundle, or null when not run from an .app. */
    String ownBundleId() {
        Pointer pool = objc.objc_autoreleasePoolPush();
        try {
            return string(send(send(objc.objc_getClass("NSBundle"), "mainBundle"), "bundleIdentifier"));
        } finally {
            objc.objc_autoreleasePoolPop(pool);
        }
    }

    /**
     * The pid and start time (microseconds since the epoch, from {@code pbi_start_tvsec/usec});
     * empty when the process is gone. A reused pid has another start time, so it never passes for
     * the process that was observed.
     */
    static Optional<LaunchIdentity> launch(long pid) {
        SystemB.ProcBsdInfo info = new SystemB.ProcBsdInfo();
        int n = SystemB.INSTANCE.proc_pidinfo((int) pid, SystemB.PROC_PIDTBSDINFO, 0, info, info.size());
        if (n != info.size()) {
            return Optional.empty();
        }
        return Optional.of(new LaunchIdentity(pid, info.pbi_start_tvsec * 1_000_000L + info.pbi_start_tvusec));
    }

    private Pointer send(Pointer receiver, String selector) {
        return receiver == null ? null : objc.objc_msgSend(receiver, objc.sel_registerName(selector));
    }

    /** An autoreleased NSString (borrowed) as a Java string; null stays null. */
    private static String string(Pointer nsString) {
        return nsString == null ? null : new CFStringRef(nsString).stringValue();
    }
}
