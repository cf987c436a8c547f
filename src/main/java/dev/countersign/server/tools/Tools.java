package dev.countersign.server.tools;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.govern.GuestTool;
import dev.countersign.remote.RemoteTool;
import dev.countersign.remote.RuntimePort;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The agent tools an endpoint serves: for a driver (with scripts, guests and remotes) or for a runtime port. */
public final class Tools {
    /** {@code computer_observe}, whose call path {@link #warmUpObserve} prepares. */
    public static final String OBSERVE = ObserveTool.NAME;
    /** {@code computer_act}, whose answer path {@link #warmUpAct} prepares. */
    public static final String ACT = ActTool.NAME;

    private Tools() {
    }

    /** The tools every endpoint serves; a new tool is one more entry here. */
    public static List<AgentTool> defaults(ComputerDriver driver, AuditTrail audit) {
        return defaults(driver, audit, null);
    }

    /** The tools, plus {@code computer_script} and {@code computer_script_resume} when scripts are wired. */
    public static List<AgentTool> defaults(ComputerDriver driver, AuditTrail audit, ScriptPort scripts) {
        List<AgentTool> tools = new ArrayList<>(List.of(new ObserveTool(driver, audit),
                new VisualObserveTool(driver), new ActTool(driver, audit), new VisualActTool(driver, audit),
                new EvidenceTool(driver)));
        if (scripts != null) {
            tools.add(new ScriptTools.Run(scripts, audit));
            tools.add(new ScriptTools.Resume(scripts, audit));
        }
        return List.copyOf(tools);
    }

    /** The endpoint's tools and then the guests; a name taken twice is refused. */
    public static List<AgentTool> withGuests(List<AgentTool> own, List<GuestTool> guests, AuditTrail audit) {
        return appended(own, guests.stream().<AgentTool>map(g -> new GuestToolAdapter(g, audit)).toList(),
                "a governed tool");
    }

    /** The tools and then one per remote; a name taken twice is refused. */
    public static List<AgentTool> withRemotes(List<AgentTool> own, List<RemoteTool> remotes, AuditTrail audit) {
        return appended(own, remotes.stream().<AgentTool>map(r -> new RemoteToolAdapter(r, audit)).toList(),
                "a remote's tool");
    }

    /** The runtime operations, served by {@code port}, as the runtime endpoint's tools. */
    public static List<AgentTool> runtime(RuntimePort port) {
        return RuntimeTool.all(port);
    }

    /**
     * The check of each successful result against its tool's output schema ({@link OutputSchema}'s
     * shape on the result's map; anything else by the SDK's general validator over {@code mapper}).
     */
    public static JsonSchemaValidator outputCheck(ObjectMapper mapper) {
        return new OutputSchemaCheck(mapper);
    }

    /**
     * Runs the call path of {@code observe} (the tool named {@link #OBSERVE}) over a made-up window
     * with the endpoint's own {@code wire} mapper and output {@code validator} ({@link ObserveWarmUp});
     * returns the bytes written.
     */
    public static long warmUpObserve(AgentTool observe, ObjectMapper wire, JsonSchemaValidator validator) {
        return ObserveWarmUp.run(observe, wire, validator);
    }

    /**
     * Runs what a {@code computer_act} answer goes through besides the desktop ({@link ActAnswerWarmUp})
     * when {@code act} is that tool: the answer's text; empty for any other tool.
     */
    public static Optional<String> warmUpAct(AgentTool act, ObjectMapper wire, JsonSchemaValidator validator) {
        return act instanceof ActTool tool ? Optional.of(ActAnswerWarmUp.run(tool, wire, validator))
                : Optional.empty();
    }

    /**
     * {@code own} and then {@code added}, each added tool named [a-z][a-z0-9_]* and by no tool before
     * it: a registered tool never shadows one of the endpoint's own or another registered one.
     */
    private static List<AgentTool> appended(List<AgentTool> own, List<AgentTool> added, String kind) {
        List<AgentTool> all = new ArrayList<>(own);
        Set<String> names = new HashSet<>();
        own.forEach(t -> names.add(t.name()));
        for (AgentTool tool : added) {
            if (!tool.name().matches("[a-z][a-z0-9_]{0,47}") || !names.add(tool.name())) {
                throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name",
                        kind + " may not be named '" + tool.name() + "' (taken, or not [a-z][a-z0-9_]*)"));
            }
            all.add(tool);
        }
        return List.copyOf(all);
    }
}
