package dev.countersign.tasks;

import java.util.List;

/**
 * One real task of the suite: what a person asked, how its inputs and app are set up here
 * (offline, generated), one or more agent plans that do it through Countersign's tools only, and
 * the task's own check, which reads what the app wrote. Tasks are adapted from OSWorld
 * (xlang-ai/OSWorld, Apache-2.0); {@link #osworld()} names the one each comes from.
 */
interface Task {
    /** A short stable name: {@code app-what}, used on the command line and in the report. */
    String id();

    /** The OSWorld task this one is adapted from. */
    String osworld();

    /** The application, as the report names it. */
    String app();

    /** What the person asked, in our words. */
    String instruction();

    /** The ways an agent does it; where a task can be done by menus and by keyboard, both. */
    List<Plan> plans();

    /** Generates the inputs and starts the app with accessibility on; the app must be ready for the agent. */
    void setUp(Workspace ws) throws Exception;

    /** The task's own check, after the plan: reads the files and settings the app wrote. */
    Verdict check(Workspace ws) throws Exception;

    /** A task that this desktop truly cannot host says why here; null when it runs. */
    default String cannotHost() {
        return null;
    }

    /** One way to do the task. */
    record Plan(String name, Body body) {
    }

    /** A plan's steps, as a competent agent takes them. */
    @FunctionalInterface
    interface Body {
        void run(McpAgent agent, Workspace ws) throws Exception;
    }

    /** The check's answer and its reason. */
    record Verdict(boolean pass, String reason) {
        static Verdict pass(String reason) {
            return new Verdict(true, reason);
        }

        static Verdict fail(String reason) {
            return new Verdict(false, reason);
        }

        static Verdict of(boolean pass, String reason) {
            return new Verdict(pass, reason);
        }
    }
}
