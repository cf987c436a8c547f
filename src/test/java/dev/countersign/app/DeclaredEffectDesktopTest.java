package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.driver.DriverSettings;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * gnome-calculator (GTK 4) over MCP through the served app: a key's click shows its effect on the
 * display, not on the key, so the agent declares the display as the click's postcondition. And the
 * declaration as a hostile agent would write it: a password field, another window's ref, another
 * agent's ref — each refused with its code, nothing pressed, as the apps themselves show.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class DeclaredEffectDesktopTest {
    @TempDir
    Path dir;
    private HeadlessServed served;

    @AfterEach
    void stop() {
        if (served != null) {
            served.close();
        }
    }

    private McpSyncClient agent(TestDesktop desktop, String name) throws Exception {
        if (served == null) {
            served = HeadlessServed.start(dir, desktop.backend());
        }
        return served.agent(name);
    }

    private static Map<String, Object> call(McpSyncClient agent, String tool, Map<String, Object> args) {
        return HeadlessServed.call(agent, tool, args);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> node(Map<String, Object> observation, Predicate<Map<String, Object>> p) {
        return ((List<Map<String, Object>>) observation.get("nodes")).stream().filter(p).findFirst()
                .orElseThrow(() -> new AssertionError("no such node in " + observation.get("nodes")));
    }

    private static Predicate<Map<String, Object>> key(String name) {
        return n -> "push button".equals(n.get("role")) && name.equals(n.get("name"));
    }

    @SuppressWarnings("unchecked")
    private static final Predicate<Map<String, Object>> DISPLAY = n -> "text".equals(n.get("role"))
            && ((List<String>) n.get("states")).contains("editable");

    private static Map<String, Object> click(String ref, Map<String, Object> post) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("ref", ref);
        args.put("op", "click");
        args.put("postcondition", post);
        return args;
    }

    private static Map<String, Object> watching(String ref, String change) {
        Map<String, Object> post = new LinkedHashMap<>();
        post.put("kind", "ui_element");
        post.put("ref", ref);
        if (change != null) {
            post.put("change", change);
        }
        return post;
    }

    private static TestDesktop.TargetApp calculator(TestDesktop desktop) throws Exception {
        return desktop.launchCommand("Calculator", d -> List.of("gnome-calculator"));
    }

    private static Map<String, Object> observe(McpSyncClient agent, TestDesktop.TargetApp app) {
        return call(agent, "computer_observe", Map.of("app", Long.toString(app.app().pid())));
    }

    @Test
    void aKeyDeclaringTheDisplayIsConfirmedWithTheDisplaysReadBack(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = calculator(desktop);
        McpSyncClient agent = agent(desktop, "calc");
        Map<String, Object> seen = observe(agent, calc);

        Map<String, Object> receipt = call(agent, "computer_act", click((String) node(seen, key("7")).get("ref"),
                watching((String) node(seen, DISPLAY).get("ref"), "value")));

        assertThat(receipt).as("%s", receipt).containsEntry("status", "confirmed");
        assertThat(String.valueOf(receipt.get("verification"))).contains("value reads '7'");
        assertThat(node(observe(agent, calc), DISPLAY)).containsEntry("value", "7");
    }

    @Test
    void aDeclarationThatNeverChangesIsUnknownWithinTheBound(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = calculator(desktop);
        McpSyncClient agent = agent(desktop, "calc");
        Map<String, Object> seen = observe(agent, calc);

        // The "=" key's name never changes when "7" is pressed.
        Map<String, Object> receipt = call(agent, "computer_act", click((String) node(seen, key("7")).get("ref"),
                watching((String) node(seen, key("=")).get("ref"), "name")));

        assertThat(receipt).as("%s", receipt).containsEntry("status", "unknown");
        long verifyMs = ((Number) ((Map<?, ?>) receipt.get("timings")).get("verify_ms")).longValue();
        long bound = DriverSettings.defaults("s").declaredBound().toMillis();
        // The probe starts no read it expects to end past the bound; one slow read under load may
        // overrun it a little, never by a whole bound (today's undeclared click waited all of it and more).
        assertThat(verifyMs).as("verify_ms").isLessThan(bound + bound / 2);
        // It was dispatched: the display shows the key.
        assertThat(node(observe(agent, calc), DISPLAY)).containsEntry("value", "7");
    }

    @Test
    void hostileDeclarationsAreRefusedWithTheirCodeAndNothingIsPressed(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = calculator(desktop);
        TestDesktop.TargetApp form = desktop.launchForm("ana", "hunter2");
        McpSyncClient hostile = agent(desktop, "hostile");
        McpSyncClient other = agent(desktop, "other");

        // A password field as the declared element: its value would be the evidence. Never.
        Map<String, Object> formSeen = observe(hostile, form);
        Map<String, Object> secure = call(hostile, "computer_act", click(
                (String) node(formSeen, n -> "Remember me".equals(n.get("name"))).get("ref"),
                watching((String) node(formSeen, n -> Boolean.TRUE.equals(n.get("secure"))).get("ref"), "value")));
        assertThat(secure).containsEntry("code", "SECURE_FIELD_REFUSED").containsEntry("field", "postcondition.ref");
        assertThat(String.valueOf(secure)).doesNotContain("hunter2");

        // Another window's ref (the form's entry) declared for a calculator key.
        Map<String, Object> calcSeen = observe(hostile, calc);
        Map<String, Object> foreign = call(hostile, "computer_act", click((String) node(calcSeen, key("7")).get("ref"),
                watching((String) node(observe(hostile, form), n -> "User name".equals(n.get("name"))).get("ref"),
                        "value")));
        assertThat(foreign).containsEntry("code", "REF_UNKNOWN").containsEntry("field", "postcondition.ref");

        // Another agent's ref of the very display.
        Map<String, Object> theirs = observe(other, calc);
        Map<String, Object> stolen = call(hostile, "computer_act", click((String) node(calcSeen, key("7")).get("ref"),
                watching((String) node(theirs, DISPLAY).get("ref"), "value")));
        assertThat(stolen).containsEntry("code", "REF_UNKNOWN").containsEntry("field", "postcondition.ref");

        // The apps themselves: nothing was pressed in either.
        // The display reads empty (an empty value is left out of a node).
        assertThat(node(observe(other, calc), DISPLAY).get("value")).isIn(null, "");
        assertThat(String.valueOf(node(observe(other, form), n -> "Remember me".equals(n.get("name"))).get("states")))
                .doesNotContain("checked");
    }
}
