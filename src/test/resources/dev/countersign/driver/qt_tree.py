"""A PyQt5 window whose item view never reports focus on AT-SPI: a QTreeView of three rows, a line
edit, and with "secure" as second argument a password field. Every key the tree receives and every
selection change is appended to the file "keys" in the working directory, so a test sees what
arrived where without trusting the accessibility tree."""
import sys

from PyQt5.QtCore import QEvent, QObject
from PyQt5.QtGui import QStandardItem, QStandardItemModel
from PyQt5.QtWidgets import QApplication, QLineEdit, QTreeView, QVBoxLayout, QWidget


class KeyLog(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.KeyPress:
            with open("keys", "a") as out:
                out.write("%s key %s %r\n" % (watched.objectName(), event.key(), event.text()))
        return False


def main():
    title = sys.argv[1] if len(sys.argv) > 1 else "Qt Tree"
    secure = len(sys.argv) > 2 and sys.argv[2] == "secure"
    app = QApplication(sys.argv)
    window = QWidget()
    window.setWindowTitle(title)
    layout = QVBoxLayout(window)
    model = QStandardItemModel()
    model.setHorizontalHeaderLabels(["Planet"])
    for name in ("Mercury", "Venus", "Earth"):
        item = QStandardItem(name)
        item.setEditable(True)
        model.appendRow(item)
    tree = QTreeView()
    tree.setObjectName("tree")
    tree.setAccessibleName("Planets")
    tree.setModel(model)
    tree.setCurrentIndex(model.index(0, 0))
    log = KeyLog()
    tree.installEventFilter(log)
    tree.selectionModel().currentChanged.connect(
        lambda now, before: open("keys", "a").write("tree current %s\n" % now.data()))
    model.itemChanged.connect(lambda item: open("keys", "a").write("tree edited %s\n" % item.text()))
    layout.addWidget(tree)
    note = QLineEdit()
    note.setObjectName("note")
    note.setAccessibleName("Note")
    note.installEventFilter(log)
    layout.addWidget(note)
    if secure:
        password = QLineEdit()
        password.setObjectName("password")
        password.setEchoMode(QLineEdit.Password)
        password.setAccessibleName("Password")
        password.installEventFilter(log)
        layout.addWidget(password)
    window.resize(360, 300)
    window.move(0, 0)
    window.show()
    tree.setFocus()
    sys.exit(app.exec_())


if __name__ == "__main__":
    main()
