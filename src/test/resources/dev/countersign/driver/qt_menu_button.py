"""A small Qt 5 window for the menu test (MenuAndDragDesktopTest): "Options" is a push button with a
menu, which Qt's accessibility offers as the button's own ShowMenu action. Activated items print."""
import sys

from PyQt5.QtWidgets import QApplication, QMenu, QPushButton, QVBoxLayout, QWidget

app = QApplication(sys.argv)
window = QWidget()
window.setWindowTitle(sys.argv[1] if len(sys.argv) > 1 else "Qt Menus")
layout = QVBoxLayout(window)
button = QPushButton("Options")
menu = QMenu(button)
for item in ("Rename", "Properties"):
    menu.addAction(item, lambda item=item: print("menu " + item, flush=True))
button.setMenu(menu)
layout.addWidget(button)
window.resize(400, 200)
window.show()
print("ready", flush=True)
app.exec_()
