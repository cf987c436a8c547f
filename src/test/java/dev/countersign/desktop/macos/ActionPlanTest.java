package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActionPlanTest {
    private final AxFixture buttons = AxFixture.load("buttons.json");
    private final AxFixture login = AxFixture.load("secure-field.json");
    private final AxFixture menus = AxFixture.load("menus.json");

    private static ActionPlan.Step plan(ElementAction action, AxFixture.Element e) {
        return ActionPlan.plan(action, e.attributes, e.actions);
    }

    @Test
    void pressingAButtonUsesAxPressUnderTheOrdinaryTimeout() {
        assertThat(plan(new ElementAction.Press(), buttons.at("0/1")))
                .isEqualTo(new ActionPlan.Perform("AXPress", ActionPlan.ACTION_TIMEOUT, false));
    }

    @Test
    void pressingAPopUpButtonUsesAShortTimeoutAndCannotCompleteStillCountsAsDispatched() {
        ActionPlan.Perform p = (ActionPlan.Perform) plan(new ElementAction.Press(), buttons.at("0/7"));
        assertThat(p.opensMenu()).isTrue();
        assertThat(p.timeout()).isEqualTo(ActionPlan.MENU_PRESS_TIMEOUT).isLessThan(1f);
        assertThat(ActionPlan.dispatchedDespite(p, AxError.CANNOT_COMPLETE)).isTrue();
        assertThat(ActionPlan.dispatchedDespite(p, AxError.INVALID_UI_ELEMENT)).isFalse();
        ActionPlan.Perform ordinary = (ActionPlan.Perform) plan(new ElementAction.Press(), buttons.at("0/1"));
        assertThat(ActionPlan.dispatchedDespite(ordinary, AxError.CANNOT_COMPLETE)).isFalse();
    }

    @Test
    void showingAMenuUsesAxShowMenuUnderTheMenuTimeoutSoAHeldReplyCountsAsDispatched() {
        ActionPlan.Perform p = (ActionPlan.Perform) plan(new ElementAction.ShowMenu(), buttons.at("0/7"));
        assertThat(p).isEqualTo(new ActionPlan.Perform("AXShowMenu", ActionPlan.MENU_PRESS_TIMEOUT, true));
        assertThat(ActionPlan.dispatchedDespite(p, AxError.CANNOT_COMPLETE)).isTrue();
    }

    @Test
    void anElementWithoutAxShowMenuIsRefusedNeverPressedInstead() {
        assertThatThrownBy(() -> plan(new ElementAction.ShowMenu(), buttons.at("0/1")))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void pressingAMenuBarItemIsAlsoAMenuPress() {
        assertThat(((ActionPlan.Perform) plan(new ElementAction.Press(), menus.at("0/1"))).opensMenu()).isTrue();
    }

    @Test
    void pressFallsBackToConfirmOnTextFieldsAndIsRefusedWithoutAnyPressAction() {
        assertThat(((ActionPlan.Perform) plan(new ElementAction.Press(), login.at("0/0"))).action()).isEqualTo("AXConfirm");
        assertThatThrownBy(() -> plan(new ElementAction.Press(), login.at("0/2")))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void settingASecureFieldIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> plan(new ElementAction.SetValue("x"), login.at("0/1")))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        // Even a secure field that claims a plain role is recognised by its subrole alone.
        Map<String, Object> odd = Map.of("AXRole", "AXSecureTextField");
        assertThatThrownBy(() -> ActionPlan.plan(new ElementAction.SetValue("x"), odd, List.of()))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
    }

    @Test
    void settingTextNeedsAnEditableTextRole() {
        assertThat(plan(new ElementAction.SetValue("bob"), login.at("0/0"))).isEqualTo(new ActionPlan.SetText("bob"));
        assertThatThrownBy(() -> plan(new ElementAction.SetValue("x"), login.at("0/2")))
                .isInstanceOf(CountersignException.class).hasMessageContaining("no editable text");
        assertThatThrownBy(() -> plan(new ElementAction.SetValue("x"), buttons.at("0/1")))
                .isInstanceOf(CountersignException.class);
    }

    @Test
    void focusRaisesWindowsAndSetsAxFocusedElsewhere() {
        assertThat(plan(new ElementAction.Focus(), buttons.window)).isEqualTo(
                new ActionPlan.Perform("AXRaise", ActionPlan.ACTION_TIMEOUT, false));
        assertThat(plan(new ElementAction.Focus(), login.at("0/0"))).isEqualTo(new ActionPlan.SetFocused());
        assertThatThrownBy(() -> plan(new ElementAction.Focus(), buttons.at("0/0")))
                .isInstanceOf(CountersignException.class).hasMessageContaining("focus");
    }
}
