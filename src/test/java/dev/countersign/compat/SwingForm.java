package dev.countersign.compat;

import java.awt.GridLayout;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JPasswordField;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;

/**
 * A small Swing form for the compatibility matrix, run in its own JVM with the Java ATK wrapper:
 * one text field, one password field, one check box, a risky "Delete all" button and the status
 * label that button would change, and a text field and a drop-down named only by their labels.
 */
public final class SwingForm {
    private SwingForm() {
    }

    public static void main(String[] args) {
        SwingUtilities.invokeLater(() -> {
            JFrame frame = new JFrame("Compat Form");
            JPanel panel = new JPanel(new GridLayout(0, 2, 6, 6));
            JTextField name = new JTextField(20);
            name.getAccessibleContext().setAccessibleName("Full name");
            JPasswordField password = new JPasswordField("hush", 20);
            password.getAccessibleContext().setAccessibleName("Password");
            JCheckBox subscribe = new JCheckBox("Subscribe");
            JLabel status = new JLabel("Status: idle");
            JButton delete = new JButton("Delete all");
            delete.addActionListener(e -> status.setText("Status: deleted"));
            panel.add(new JLabel("Full name"));
            panel.add(name);
            panel.add(new JLabel("Password"));
            panel.add(password);
            panel.add(subscribe);
            panel.add(new JLabel());
            // Named only by the label that points to them (setLabelFor).
            JTextField city = new JTextField("Lisbon", 20);
            JLabel cityLabel = new JLabel("City");
            cityLabel.setLabelFor(city);
            panel.add(cityLabel);
            panel.add(city);
            JComboBox<String> colour = new JComboBox<>(new String[] {"Red", "Green", "Blue"});
            colour.setSelectedIndex(1);
            JLabel colourLabel = new JLabel("Colour");
            colourLabel.setLabelFor(colour);
            panel.add(colourLabel);
            panel.add(colour);
            panel.add(delete);
            panel.add(status);
            frame.setContentPane(panel);
            frame.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
            frame.setSize(440, 280);
            frame.setLocation(0, 0);
            frame.setVisible(true);
        });
    }
}
