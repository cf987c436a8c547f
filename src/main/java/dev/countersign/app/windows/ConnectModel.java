package dev.countersign.app.windows;

import java.net.URI;
import java.util.List;
import java.util.stream.Collectors;

/** "Connect an agent…" without a stage: issue a token once and the config snippets that use it. */
final class ConnectModel {
    /** A client configuration the person can paste, with a title saying where it goes. */
    record Snippet(String title, String text) {
    }

    private final AgentRegistry agents;

    ConnectModel(AgentRegistry agents) {
        this.agents = agents;
    }

    /** Issues a token for {@code name}, or says why the name cannot be used. */
    Result<AgentRegistry.IssuedToken> issue(String name) {
        String trimmed = name == null ? "" : name.trim();
        String problem = agents.problemWithName(trimmed);
        if (!problem.isEmpty()) {
            return Result.problem(problem);
        }
        try {
            return Result.ok(agents.add(trimmed));
        } catch (IllegalArgumentException e) {
            return Result.problem(e.getMessage());
        }
    }

    /**
     * Ready-to-paste client configs for the issued token and where the endpoint listens: the same
     * ones {@code countersign agent add} prints (the bridge first, the token out of committed files).
     * The tray writes the token to its default file, so the bridge needs no {@code --token-file}.
     */
    static List<Snippet> snippets(AgentRegistry.IssuedToken issued, URI endpoint, String launcher) {
        ClientSnippets.Agent agent = new ClientSnippets.Agent(issued.name(), endpoint, false, null, launcher);
        return ClientSnippets.snippets(agent, issued.token()).stream()
                .map(s -> new Snippet(s.title(), s.text())).collect(Collectors.toList());
    }
}
