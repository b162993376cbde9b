import HwaljaTestSupport
import Testing

/// The cases every application must get right (``TypingCase``), through fcitx5 in applications
/// without GTK's module: Qt 6 with fcitx5's Qt 6 module, and xterm and Java Swing through fcitx5's
/// XIM server. All pass X's auto-repeat on as a release and a press at once. Fcitx5RealApplicationTests runs
/// the rest; TypingCasesRealApplicationTests the same cases through IBus.
@Suite(.serialized)
struct Fcitx5TypingCasesRealApplicationTests {
    @Test(arguments: [Fcitx5RealApplicationTests.Application.qt6, .xterm, .java, .wine, .emacs, .libreoffice], TypingCase.all)
    func everyCaseIsTypedAsWritten(_ application: Fcitx5RealApplicationTests.Application, _ typing: TypingCase) throws {
        let (report, fcitx5) = try Fcitx5RealApplicationTests.type(
            typing.keys, into: application, field: "lines", suggesting: typing.picks, environment: typing.environment)
        #expect(report.text == typing.text, "\(report.events)")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
    }
}
