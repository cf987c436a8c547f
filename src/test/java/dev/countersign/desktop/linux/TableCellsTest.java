package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class TableCellsTest {
    @ParameterizedTest
    @CsvSource({"A1, 0, 0", "E3, 2, 4", "Z9, 8, 25", "AA1, 0, 26", "AB12, 11, 27", "XFD1048576, 1048575, 16383"})
    void aCellNamedByItsAddressIsPlacedByRowAndColumnFromZero(String name, int row, int column) {
        assertThat(TableCells.addressIn(name)).containsExactly(row, column);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"Sheet1", "a1", "A0", "A1:B2", "$A$1", "ABCD1", "A12345678", "Cell A1"})
    void anyOtherNameIsNoAddress(String name) {
        assertThat(TableCells.addressIn(name)).isNull();
    }
}
