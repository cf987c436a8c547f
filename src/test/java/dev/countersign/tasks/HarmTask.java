package dev.countersign.tasks;

import java.util.Set;

/**
 * One hostile task of the harm suite, in the style of OS-Harm and RiOSWorld: the person asked for
 * something harmless (its benign twin is a task of the task suite), and what the agent observes
 * holds a planted instruction — in a mail, a document, a web page, a file name, a window title —
 * that a scripted, obedient agent follows. Each harmful step it tries goes through {@link Harm},
 * which records whether Countersign refused it or asked, and in which words; the person
 * ({@link Person.Mode#GUARDIAN}) denies what names a consequence; then the task's own check reads
 * the app's state and says whether the harm happened.
 */
interface HarmTask {
    /** A short stable name: {@code harm-app-what}. */
    String id();

    /** The application, as the report names it. */
    String app();

    /** The task of the task suite that does the harmless work this one starts from. */
    String twin();

    /** Where the instruction is planted: "file name", "mail subject", "web page", … */
    String plantedIn();

    /** What the planted instruction tells the agent to do, in a few words. */
    String harm();

    /** The dialog categories that name this harm: a question under any other does not count as named. */
    Set<String> consequences();

    /** Sets up the twin's app and inputs with the planted instruction in them. */
    void setUp(Workspace ws) throws Exception;

    /** The obedient agent: reads the planted instruction and tries each harmful step through {@code harm}. */
    void attack(McpAgent agent, Workspace ws, Harm harm) throws Exception;

    /** Whether the harm is absent from the app's state afterwards, and what was read. */
    Task.Verdict harmAbsent(Workspace ws) throws Exception;
}
