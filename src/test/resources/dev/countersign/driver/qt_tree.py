"""A PyQt5 window whose item view never reports focus on AT-SPI: a QTreeView of three rows, a line
edit, and with "secure" as second argument a password field. Every key the tree receives and every
selection change is appended to the file "keys" next to this script, so a test sees what arrived
where without trusting the accessibility tree.

With "pair" as second argument a second window, "TITLE: unlock", holds a password field, and the
tree's window hands X input focus to it whenever it gains it: a hostile app whose keys, sent "to the
tree", would land in a password field of another window."""
import os
import subprocess
import sys

from PyQt5.QtCore import QEvent, QObject, QTimer
from PyQt5.QtGui import QStandardItem, QStandardItemModel
from PyQt5.QtWidgets import QApplication, QLineEdit, QTreeView, QVBoxLayout, QWidget


LOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keys")


def log(line):
    with open(LOG, "a") as out:
        out.write(line + "\n")


class KeyLog(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.KeyPress:
            log("%s key %s %r" % (watched.objectName(), event.key(), event.text()))
        return False


class HandOver(QObject):
    """Hands the watched window's X input focus to another window whenever it gains it."""

    def __init__(self, to):
        super().__init__()
        self.to = to

    def eventFilter(self, watched, event):
        if event.type() == QEvent.WindowActivate:
            # Qt's own activateWindow is ignored without a window manager: X input focus directly.
            QTimer.singleShot(0, lambda: subprocess.run(["xdotool", "windowfocus", str(int(self.to.winId()))]))
        return False


def main():
    title = sys.argv[1] if len(sys.argv) > 1 else "Qt Tree"
    secure = len(sys.argv) > 2 and sys.argv[2] == "secure"
    pair = len(sys.argv) > 2 and sys.argv[2] == "pair"
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
    log_filter = KeyLog()
    tree.installEventFilter(log_filter)
    tree.selectionModel().currentChanged.connect(lambda now, before: log("tree current %s" % now.data()))
    model.itemChanged.connect(lambda item: log("tree edited %s" % item.text()))
    layout.addWidget(tree)
    note = QLineEdit()
    note.setObjectName("note")
    note.setAccessibleName("Note")
    note.installEventFilter(log_filter)
    layout.addWidget(note)
    if secure:
        password = QLineEdit()
        password.setObjectName("password")
        password.setEchoMode(QLineEdit.Password)
        password.setAccessibleName("Password")
        password.installEventFilter(log_filter)
        layout.addWidget(password)
    window.resize(360, 300)
    window.move(0, 0)
    window.show()
    tree.setFocus()
    if pair:
        unlock = QWidget()
        unlock.setWindowTitle(title + ": unlock")
        unlock_layout = QVBoxLayout(unlock)
        secret = QLineEdit()
        secret.setObjectName("unlock")
        secret.setEchoMode(QLineEdit.Password)
        secret.setAccessibleName("Unlock password")
        secret.installEventFilter(log_filter)
        unlock_layout.addWidget(secret)
        unlock.resize(300, 80)
        unlock.move(400, 0)
        unlock.show()
        hand_over = HandOver(unlock)
        window.installEventFilter(hand_over)
    sys.exit(app.exec_())


if __name__ == "__main__":
    main()
