package dev.countersign.govern;

import java.util.List;

/** The pinned computer-use-mcp for tests in other packages: installed as GovernDesktopTest installs it. */
public final class GovernDesktopTestAccess {
    private GovernDesktopTestAccess() {
    }

    public static void install() throws Exception {
        GovernDesktopTest.installTheServer();
    }

    /** The server's plain command (no stdin log). */
    public static List<String> command() {
        return List.of(GovernDesktopTest.node().toString(),
                GovernDesktopTest.GOVERN.resolve("node_modules/computer-use-mcp/dist/main.js").toString());
    }
}
