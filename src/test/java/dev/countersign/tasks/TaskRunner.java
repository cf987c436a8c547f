package dev.countersign.tasks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.countersign.app.TaskDesk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Runs tasks through the desk: for each task and each of its plans, a fresh workspace, the task's
 * setup, the plan through a new agent connection while the person answers the dialog, then the
 * task's own check. Writes {@code results.json} and {@code report.md} into the output folder.
 */
final class TaskRunner {
    /** One plan of one task, as it went. */
    record PlanResult(String task, String osworld, String app, String plan, boolean pass, String reason,
            List<Person.Question> questions, List<McpAgent.Call> calls, double seconds) {
    }

    private TaskRunner() {
    }

    static List<PlanResult> run(List<Task> tasks, TaskDesk desk, Path out) throws Exception {
        return run(tasks, desk, out, Person.Mode.ALLOW_ONCE);
    }

    /** {@link #run(List, TaskDesk, Path)} with a person who answers as {@code mode} says. */
    static List<PlanResult> run(List<Task> tasks, TaskDesk desk, Path out, Person.Mode mode) throws Exception {
        Files.createDirectories(out);
        List<PlanResult> results = new ArrayList<>();
        System.out.printf(Locale.ROOT, "the person %s%n", mode.words);
        try (Person person = new Person(desk.robot(), out.resolve("dialogs"), mode)) {
            for (Task task : tasks) {
                for (Task.Plan plan : task.plans()) {
                    PlanResult r = runOne(task, plan, desk, person, out);
                    results.add(r);
                    System.out.printf(Locale.ROOT, "task %-28s %-10s %s  %d questions, %d calls, %.0f s — %s%n",
                            r.task(), r.plan(), r.pass() ? "PASS" : "FAIL", r.questions().size(), r.calls().size(),
                            r.seconds(), r.reason());
                }
            }
        }
        write(results, out, mode);
        return results;
    }

    private static PlanResult runOne(Task task, Task.Plan plan, TaskDesk desk, Person person, Path out)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        String id = task.id() + "-" + plan.name();
        person.begin(id);
        List<McpAgent.Call> calls = List.of();
        Task.Verdict verdict;
        try (Workspace ws = new Workspace(out.resolve("work").resolve(id))) {
            try {
                task.setUp(ws);
            } catch (Exception e) {
                return new PlanResult(task.id(), task.osworld(), task.app(), plan.name(), false,
                        "setup failed: " + message(e), person.questions(), calls, seconds(start));
            }
            McpAgent agent = new McpAgent(desk.port(), desk.token());
            agent.keepTranscript(out.resolve("transcripts").resolve(id));
            try {
                plan.body().run(agent, ws);
                verdict = task.check(ws);
            } catch (McpAgent.PlanFailure e) {
                verdict = Task.Verdict.fail("plan stopped: " + e.getMessage());
            } catch (Exception e) {
                verdict = Task.Verdict.fail("plan stopped: " + message(e));
            } finally {
                calls = agent.calls();
                agent.close();
            }
        }
        String reason = verdict.reason();
        if (person.failure().isPresent()) {
            reason += " (the person could not answer a dialog: " + message(person.failure().get()) + ")";
        }
        return new PlanResult(task.id(), task.osworld(), task.app(), plan.name(), verdict.pass(), reason,
                person.questions(), calls, seconds(start));
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        StackTraceElement[] at = e.getStackTrace();
        String where = at.length == 0 ? "" : " at " + at[0].getFileName() + ":" + at[0].getLineNumber();
        return e.getClass().getSimpleName() + (m == null ? where : ": " + m.lines().findFirst().orElse(""));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    static void write(List<PlanResult> results, Path out, Person.Mode mode) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(out.resolve("results.json").toFile(), results);
        Files.writeString(out.resolve("report.md"), report(results, mode));
    }

    /** {@link #report(List, Person.Mode)} for a person who allows once. */
    static String report(List<PlanResult> results) {
        return report(results, Person.Mode.ALLOW_ONCE);
    }

    /**
     * The report: which person answered, a table per plan, then every question the person was
     * asked, in its own words (marked where the person took a grant).
     */
    static String report(List<PlanResult> results, Person.Mode mode) {
        StringBuilder b = new StringBuilder();
        long asked = results.stream().mapToLong(r -> r.questions().size()).sum();
        b.append(String.format(Locale.ROOT, "Person: %s (-Dtasks.person=%s); %d questions in all.%n%n", mode.words,
                mode.wire, asked));
        long passed = results.stream().filter(PlanResult::pass).count();
        long tasks = results.stream().map(PlanResult::task).distinct().count();
        long tasksPassed = results.stream().map(PlanResult::task).distinct()
                .filter(t -> results.stream().filter(r -> r.task().equals(t)).allMatch(PlanResult::pass)).count();
        b.append(String.format(Locale.ROOT, "%d of %d tasks pass (every plan); %d of %d plans pass.%n%n",
                tasksPassed, tasks, passed, results.size()));
        b.append("| Task | App | Plan | Result | Questions | Tool calls | Seconds | Countersign ms per call (median / p90) | App ms per act (median) |\n");
        b.append("|---|---|---|---|---:|---:|---:|---:|---:|\n");
        for (PlanResult r : results) {
            long[] own = r.calls().stream().mapToLong(McpAgent.Call::ownMs).sorted().toArray();
            long[] app = r.calls().stream().filter(c -> c.op() != null).mapToLong(McpAgent.Call::appMs).sorted()
                    .toArray();
            b.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %d | %.0f | %s / %s | %s |%n", r.task(),
                    r.app(), r.plan(), r.pass() ? "pass" : "**fail**: " + cell(r.reason()), r.questions().size(),
                    r.calls().size(), r.seconds(), pct(own, 50), pct(own, 90), pct(app, 50)));
        }
        long[] own = results.stream().flatMap(r -> r.calls().stream()).mapToLong(McpAgent.Call::ownMs).sorted()
                .toArray();
        long[] app = results.stream().flatMap(r -> r.calls().stream()).filter(c -> c.op() != null)
                .mapToLong(McpAgent.Call::appMs).sorted().toArray();
        // A task asks as often as its most-asking plan: the person meets one of them.
        long[] perTask = results.stream().map(PlanResult::task).distinct()
                .mapToLong(t -> results.stream().filter(r -> r.task().equals(t))
                        .mapToLong(r -> r.questions().size()).max().orElse(0)).sorted().toArray();
        b.append(String.format(Locale.ROOT, "%nAll %d calls: Countersign's own time per call median %s ms, p90 %s ms;"
                + " the apps' time per act median %s ms, p90 %s ms. Questions per task: median %s, most %s.%n",
                own.length, pct(own, 50), pct(own, 90), pct(app, 50), pct(app, 90), pct(perTask, 50),
                perTask.length == 0 ? "\u2013" : Long.toString(perTask[perTask.length - 1])));
        b.append("\n");
        for (PlanResult r : results) {
            if (r.questions().isEmpty()) {
                continue;
            }
            b.append("- ").append(r.task()).append(" (").append(r.plan()).append("): ");
            b.append(String.join("; ", r.questions().stream().map(q -> "\u201c" + q.words() + "\u201d"
                    + ("allow once".equals(q.decision()) ? "" : " (" + q.decision() + ")")).toList()));
            b.append("\n");
        }
        return b.toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    private static String pct(long[] sorted, int p) {
        if (sorted.length == 0) {
            return "–";
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return Long.toString(sorted[Math.max(0, Math.min(sorted.length - 1, i))]);
    }

    /** The tasks named on the command line ({@code -Dtasks=a,b}; {@code all} or empty for every task). */
    static List<Task> select(String names) {
        if (names == null || names.isBlank() || names.equals("all")) {
            return Tasks.all();
        }
        List<Task> chosen = new ArrayList<>();
        for (String n : Arrays.stream(names.split("[,\\s]+")).filter(s -> !s.isBlank()).toList()) {
            chosen.add(Tasks.all().stream().filter(t -> t.id().equals(n) || t.osworld().startsWith(n)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no task " + n + "; tasks: "
                            + Tasks.all().stream().map(Task::id).toList())));
        }
        return chosen;
    }
}
