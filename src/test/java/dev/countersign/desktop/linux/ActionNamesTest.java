package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ActionNamesTest {
    private static final AtspiRef BUTTON = new AtspiRef(":1.7", "/org/a11y/atspi/accessible/12");
    private static final List<Object[]> CLICK = List.<Object[]>of(new Object[] {"Click", "Clicks the button", ""});

    @Test
    void namesAreReusedOnlyForTheSameElementAnsweringGetActionsTheSameWay() {
        ActionNames names = new ActionNames();
        names.remember(BUTTON, CLICK, List.of("click"));

        assertThat(names.names(BUTTON, List.<Object[]>of(new Object[] {"Click", "Clicks the button", ""})))
                .containsExactly("click");
        assertThat(names.names(new AtspiRef(":1.7", "/org/a11y/atspi/accessible/13"), CLICK)).isNull();
        assertThat(names.names(new AtspiRef(":1.8", BUTTON.path()), CLICK)).isNull();
    }

    @Test
    void aChangedGetActionsAnswerIsAskedAgain() {
        ActionNames names = new ActionNames();
        names.remember(BUTTON, CLICK, List.of("click"));

        assertThat(names.names(BUTTON, List.<Object[]>of(new Object[] {"Click", "Clicks the button", "<Alt>c"}))).isNull();
        assertThat(names.names(BUTTON, List.<Object[]>of(new Object[] {"Click", "Clicks the button", ""},
                new Object[] {"Press", "", ""}))).isNull();
        assertThat(names.names(BUTTON, List.of())).isNull();
    }
}
