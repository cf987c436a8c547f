package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The made-up window the observe warm-up runs over has the size and shape of a real one. */
class ObserveWarmUpSampleTest {
    @Test
    void theSampleIsAWindowOfAGallerysSize() {
        var view = ObserveWarmUp.sample(ObserveWarmUp.NODES);

        assertThat(view.nodes()).hasSize(ObserveWarmUp.NODES);
        assertThat(view.nodes()).extracting(n -> n.role()).contains("check box", "text", "push button");
        assertThat(view.nodes().stream().filter(n -> n.parent() != null).allMatch(n -> n.parent() < view.nodes().size()))
                .isTrue();
        assertThat(ObservationOutline.render(view, false).lines()).hasSizeGreaterThan(ObserveWarmUp.NODES);
    }
}
