package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.driver.ActArgs;
import dev.countersign.driver.VisualArgs;
import org.junit.jupiter.api.Test;

/** The act tools' input schemas come from the operation types, so they cannot drift from what binds. */
class ActSchemaTest {
    @Test
    void computerActOffersExactlyTheArgumentsItsOperationsBind() {
        ArgSchema.Obj input = new ActTool(null, null).input();
        assertThat(input.properties().keySet()).containsExactlyElementsOf(ActArgs.arguments());
        assertThat(((ArgSchema.Str) input.properties().get("op")).values()).isEqualTo(ActArgs.ops());
        assertThat(((ArgSchema.Str) input.properties().get("text")).maxLength()).isEqualTo(ActArgs.MAX_TEXT);
    }

    @Test
    void aDragsSecondRefIsOfferedAsAShortStringLikeRef() {
        ArgSchema.Obj input = new ActTool(null, null).input();
        assertThat(ActArgs.arguments()).containsSubsequence("ref", "op", "to", "postcondition");
        assertThat(((ArgSchema.Str) input.properties().get("to")).maxLength())
                .isEqualTo(((ArgSchema.Str) input.properties().get("ref")).maxLength());
    }

    @Test
    void theOpEnumsListEveryVariantInDeclarationOrder() {
        assertThat(ActArgs.ops()).containsExactly("click", "focus", "type", "key", "scroll", "menu", "drag");
        assertThat(VisualArgs.Act.ops()).containsExactly("click", "drag", "scroll");
        ArgSchema.Obj visual = new VisualActTool(null, null).input();
        assertThat(((ArgSchema.Str) visual.properties().get("op")).values()).isEqualTo(VisualArgs.Act.ops());
    }
}
