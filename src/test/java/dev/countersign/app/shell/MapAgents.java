package dev.countersign.app.shell;

import dev.countersign.app.windows.AgentRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** An in-memory {@link AgentRegistry} for tests that do not need the server's token store. */
public final class MapAgents implements AgentRegistry {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,31}");
    private final Map<String, String> tokens = new LinkedHashMap<>();
    private int issued;

    @Override
    public synchronized List<Agent> agents() {
        List<Agent> out = new ArrayList<>();
        tokens.keySet().forEach(n -> out.add(new Agent(n, Instant.EPOCH)));
        return out;
    }

    @Override
    public synchronized IssuedToken add(String name) {
        if (!problemWithName(name).isEmpty()) {
            throw new IllegalArgumentException(problemWithName(name));
        }
        String token = "cs_test_" + (++issued) + "_" + name;
        tokens.put(name, token);
        return new IssuedToken(name, token);
    }

    @Override
    public synchronized boolean remove(String name) {
        return tokens.remove(name) != null;
    }

    @Override
    public synchronized String problemWithName(String name) {
        if (!NAME.matcher(name).matches()) {
            return "Use 1-32 lowercase letters, digits, - or _, starting with a letter or digit.";
        }
        return tokens.containsKey(name) ? "An agent named " + name + " exists already." : "";
    }

    public synchronized boolean has(String name) {
        return tokens.containsKey(name);
    }
}
