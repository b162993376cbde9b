import HwaljaTestSupport
import Testing

/// The cases every application must get right (``TypingCase``), through IBus in applications
/// without GTK's IBus module: Qt 6, KDE Plasma 6's toolkit, and xterm and a Java Swing text area,
/// which take their input method through XIM as Wine and Emacs do (tools/terminal-app.py,
/// tools/java-app.py). All pass X's auto-repeat on as a
/// release and a press at once, and IBus's XIM server applies a key answered as not used before
/// the text sent with it. RealApplicationTests runs the rest.
@Suite(.serialized)
struct TypingCasesRealApplicationTests {
    @Test(arguments: [RealApplicationTests.Application.qt6, .xterm, .kitty, .java, .wine, .emacs, .libreoffice], TypingCase.all)
    func everyCaseIsTypedAsWritten(_ application: RealApplicationTests.Application, _ typing: TypingCase) throws {
        let (report, ibus) = try RealApplicationTests.type(typing.keys, into: application, field: "lines", environment: typing.environment)
        if let race = application.raceAtEightMilliseconds, typing.keyDelay != nil {
            // At 8 ms a key these clients may reorder what IBus sends, for ibus-hangul more often
            // than for hwalja (docs/applications.md); fcitx5 gets them right.
            withKnownIssue(Comment(rawValue: race), isIntermittent: true) {
                #expect(report.text == typing.text, "\(report.events)")
            }
            return
        }
        #expect(report.text == typing.text, "\(report.events)")
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }
}
