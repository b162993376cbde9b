import HwaljaTestSupport
import Testing

/// The cases every application must get right (``TypingCase``), through fcitx5: Qt 6 with fcitx5's
/// Qt 6 module; xterm, alacritty, Java Swing, Wine and Emacs through fcitx5's XIM server; kitty
/// through its IBus frontend; GNOME Terminal,
/// LibreOffice Writer and Firefox ESR through its GTK 3 module. Fcitx5RealApplicationTests runs the
/// rest; TypingCasesRealApplicationTests the same cases through IBus.
@Suite(.serialized)
struct Fcitx5TypingCasesRealApplicationTests {
    @Test(
        arguments: [
            Fcitx5RealApplicationTests.Application.qt6, .xterm, .alacritty, .kitty, .gnomeTerminal, .java, .wine,
            .emacs, .libreoffice, .firefox
        ], TypingCase.all)
    func everyCaseIsTypedAsWritten(_ application: Fcitx5RealApplicationTests.Application, _ typing: TypingCase) throws {
        let (report, fcitx5) = try Fcitx5RealApplicationTests.type(
            typing.keys, into: application, field: "lines", suggesting: typing.picks, environment: typing.environment)
        if let race = application.knownRace(in: typing) {
            withKnownIssue(Comment(rawValue: race), isIntermittent: true) {
                #expect(report.text == typing.text, "\(report.events)")
            }
            return
        }
        #expect(report.text == typing.text, "\(report.events)")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
    }
}
