package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Navigation keys on controls whose value they change ask like any other key. */
class ValueControlKeysTest {
    static final RiskPolicy POLICY = RiskPolicy.defaults();

    @ParameterizedTest(name = "{0} on a {1} asks: {2}")
    @CsvSource({
        "Up, radio button, true",
        "Down, slider, true",
        "Right, AXSlider, true",
        "Page_Up, spin button, true",
        "Home, combo box, true",
        "Down, AXPopUpButton, true",
        "Left, AXIncrementor, true",
        "Tab, slider, false",
        "shift+Tab, combo box, false",
        "Escape, combo box, false",
        "Down, push button, false",
        "Down, list item, false",
        "Up, , false",
    })
    void navigationKeysChangeValuesOnValueControls(String keys, String role, boolean asks) {
        PolicyDecision decision = POLICY.decide(ActionFacts.key(keys, role, "Copies", null, null, false));
        assertThat(decision instanceof PolicyDecision.Required).isEqualTo(asks);
    }
}
