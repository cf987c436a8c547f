"""A PyQt5 form with a drop-down named only by the label beside it ("Fruit:", Banana chosen); a
line below reports each change ("picked Cherry"). The window title is the first argument."""
import sys

from PyQt5.QtWidgets import QApplication, QComboBox, QFormLayout, QLabel, QWidget

app = QApplication(sys.argv)
window = QWidget()
window.setWindowTitle(sys.argv[1])
layout = QFormLayout(window)
fruit = QComboBox()
fruit.addItems(["Apple", "Banana", "Cherry"])
fruit.setCurrentIndex(1)
status = QLabel("nothing picked")
fruit.currentTextChanged.connect(lambda text: status.setText("picked " + text))
layout.addRow("Fruit:", fruit)
layout.addRow(status)
window.resize(300, 120)
window.move(0, 0)
window.show()
sys.exit(app.exec_())
