// A Java Swing text area typed into by tools/java-app.py: AWT takes its input method through XIM,
// as JetBrains IDEs and every Swing application on X11 do. Run from source (java TextArea.java
// FOLDER): it writes FOLDER/focused once the area has the keyboard, records every change to the
// area's text, and on F12 (after SETTLE, for late answers from the input method) writes
// FOLDER/report, the text and then the changes, and exits.
//
// The report: the text on one line, then one line per change, "+" or "-" and the text inserted or
// removed; backslashes and line breaks escaped (\\, \n).

import java.awt.AWTEvent;
import java.awt.Toolkit;
import java.awt.event.FocusAdapter;
import java.awt.event.FocusEvent;
import java.awt.event.KeyEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JFrame;
import javax.swing.JScrollPane;
import javax.swing.JTextArea;
import javax.swing.SwingUtilities;
import javax.swing.Timer;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import javax.swing.text.BadLocationException;

public class TextArea {
    static final int SETTLE_MS = 300;

    public static void main(String[] arguments) {
        Path folder = Path.of(arguments[0]);
        SwingUtilities.invokeLater(() -> show(folder));
    }

    static String escaped(String text) {
        return text.replace("\\", "\\\\").replace("\n", "\\n");
    }

    static void show(Path folder) {
        JFrame frame = new JFrame("hwalja-test");
        JTextArea area = new JTextArea();
        List<String> changes = new ArrayList<>();
        StringBuilder before = new StringBuilder();  // the text before the change: what a removal took
        area.getDocument().addDocumentListener(new DocumentListener() {
            public void insertUpdate(DocumentEvent event) {
                try {
                    String inserted = area.getText(event.getOffset(), event.getLength());
                    before.insert(event.getOffset(), inserted);
                    changes.add("+" + escaped(inserted));
                } catch (BadLocationException error) {
                    throw new IllegalStateException(error);
                }
            }

            public void removeUpdate(DocumentEvent event) {
                int end = event.getOffset() + event.getLength();
                changes.add("-" + escaped(before.substring(event.getOffset(), end)));
                before.delete(event.getOffset(), end);
            }

            public void changedUpdate(DocumentEvent event) {}
        });
        area.addFocusListener(new FocusAdapter() {
            public void focusGained(FocusEvent event) {
                write(folder.resolve("focused"), "");
            }
        });
        Toolkit.getDefaultToolkit().addAWTEventListener(event -> {
            KeyEvent key = (KeyEvent) event;
            if (key.getID() == KeyEvent.KEY_PRESSED && key.getKeyCode() == KeyEvent.VK_F12) {
                key.consume();
                Timer timer = new Timer(SETTLE_MS, done -> {
                    String text = area.getText();
                    write(folder.resolve("report"), escaped(text) + "\n" + String.join("\n", changes) + "\n");
                    System.exit(0);
                });
                timer.setRepeats(false);
                timer.start();
            }
        }, AWTEvent.KEY_EVENT_MASK);
        frame.add(new JScrollPane(area));
        frame.setExtendedState(JFrame.MAXIMIZED_BOTH);
        frame.setSize(Toolkit.getDefaultToolkit().getScreenSize());
        frame.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
        frame.setVisible(true);
        area.requestFocusInWindow();
    }

    static void write(Path path, String text) {
        try {
            Path part = path.resolveSibling(path.getFileName() + ".part");
            Files.writeString(part, text, StandardCharsets.UTF_8);
            Files.move(part, path, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException error) {
            throw new java.io.UncheckedIOException(error);
        }
    }
}
