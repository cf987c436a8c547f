"""A small PyQt5 form for Countersign's compatibility matrix: one of each control the matrix drives."""
import sys

from PyQt5.QtWidgets import (QApplication, QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QPushButton,
                             QWidget)


def main():
    app = QApplication(sys.argv)
    window = QWidget()
    window.setWindowTitle("Compat Form")
    layout = QFormLayout(window)
    name = QLineEdit()
    name.setAccessibleName("Full name")
    password = QLineEdit("hush")
    password.setEchoMode(QLineEdit.Password)
    password.setAccessibleName("Password")
    subscribe = QCheckBox("Subscribe")
    status = QLabel("Status: idle")
    delete = QPushButton("Delete all")
    delete.clicked.connect(lambda: status.setText("Status: deleted"))
    layout.addRow("Full name", name)
    layout.addRow("Password", password)
    layout.addRow(subscribe)
    # Named only by the form's label beside them (Qt gives the label as a labelled-by relation).
    city = QLineEdit("Lisbon")
    colour = QComboBox()
    colour.addItems(["Red", "Green", "Blue"])
    colour.setCurrentIndex(1)
    layout.addRow("City", city)
    layout.addRow("Colour", colour)
    layout.addRow(delete)
    layout.addRow(status)
    window.resize(420, 280)
    window.move(0, 0)
    window.show()
    sys.exit(app.exec_())


if __name__ == "__main__":
    main()
