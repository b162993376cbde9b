import HwaljaDBus
import HwaljaSession

/// The keypad's row of suggestions where an input framework types its keys (X11, KDE Plasma):
/// owns `org.hwalja.Keypad` on the session bus, and the framework that composes (IBus's engine,
/// fcitx5's addon, or hwaljad for its InputContext1 clients) tells it the focused field's
/// suggestions (``KeypadInterface``).
/// A tap goes back to it alone as the `SuggestionChosen` signal; so does a tap on 漢, shown while
/// the field's word converts (`ShowConversion`), as `ConversionChosen`: the framework opens its
/// list, in its own candidate window and here (`ShowCandidates`), where a tap on a candidate,
/// ‹ › or ✕ goes back as `CandidateChosen`, `CandidatePageTurned` or `CandidatesClosed`.
///
/// Served on a connection of its own, read in GTK's main loop.
final class SuggestionRowService {
    /// Called with the suggestions to show in place of those shown.
    var onShow: (([String]) -> Void)?
    /// Called with whether a field hwalja types into has the focus.
    var onFieldFocused: ((Bool) -> Void)?
    /// Called with whether the focused field's word converts (漢 shows).
    var onShowConversion: ((Bool) -> Void)?
    /// Called with the page of the field's list to show in the keys' place, `nil` when it closed.
    var onShowCandidates: ((CandidatePage?) -> Void)?
    /// Who said last that a word converts: a tap on 漢 goes to it alone.
    private var conversionBy: String?
    /// The list's page shown, and who sent it: a tap on it goes to it alone.
    private var page: CandidatesSignal = .closed
    private var pageBy: String?

    private let connection: BusConnection
    private var shown: [String] = []
    /// Who sent what is shown: the tap goes to it, and to no one else on the bus.
    private var shownBy: String?

    /// Takes the name on the session bus; throws if the bus cannot be reached or another keypad has the name.
    init() throws(BusError) {
        weak var me: SuggestionRowService?
        connection = try ownOnSessionBus(KeypadInterface.busName) { message in me?.handle(message) ?? false }
        me = self
        // A framework that leaves the bus with its list on show: the keys come back.
        try connection.addMatch(Self.nameLost)
    }

    /// The rule that brings every name's going (`NameOwnerChanged` with no new owner).
    private static let nameLost =
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg2=''"

    /// Tells the framework that the suggestion at `index` was tapped.
    func choose(_ index: Int) {
        guard shown.indices.contains(index), let shownBy else { return }
        let chosen = BusMessage.signal(
            path: KeypadInterface.path, interface: KeypadInterface.interface, member: KeypadInterface.suggestionChosen)
        guard (try? chosen.append([.uint32(UInt32(index)), .string(shown[index])])) != nil else { return }
        chosen.setDestination(shownBy)
        connection.send(chosen)
        connection.flush()
    }

    /// Tells the framework that 漢 was tapped.
    func chooseConversion() {
        guard let conversionBy else { return }
        let chosen = BusMessage.signal(
            path: KeypadInterface.path, interface: KeypadInterface.interface, member: KeypadInterface.conversionChosen)
        chosen.setDestination(conversionBy)
        connection.send(chosen)
        connection.flush()
    }

    /// Tells the framework that the candidate at `index` of the page shown was tapped.
    func pickCandidate(_ index: Int) {
        guard page.texts.indices.contains(index) else { return }
        signalList(KeypadInterface.candidateChosen, [.uint32(UInt32(index)), .string(page.texts[index])])
    }

    /// Tells the framework that ‹ (-1) or › (1) was tapped.
    func turnCandidatePage(_ count: Int) {
        signalList(KeypadInterface.candidatePageTurned, [.int32(Int32(clamping: count))])
    }

    /// Tells the framework that ✕ was tapped.
    func closeCandidates() {
        signalList(KeypadInterface.candidatesClosed, [])
    }

    private func signalList(_ member: String, _ values: [BusValue]) {
        guard let pageBy, !page.texts.isEmpty else { return }
        let signal = BusMessage.signal(path: KeypadInterface.path, interface: KeypadInterface.interface, member: member)
        guard (try? signal.append(values)) != nil else { return }
        signal.setDestination(pageBy)
        connection.send(signal)
        connection.flush()
    }

    private func handle(_ message: BusMessage) -> Bool {
        if message.kind == .signal, message.member == "NameOwnerChanged", message.sender == "org.freedesktop.DBus" {
            if let pageBy, (try? message.arguments().first?.stringValue) == pageBy {
                page = .closed
                self.pageBy = nil
                onShowCandidates?(nil)
            }
            return true
        }
        guard message.kind == .methodCall else { return false }
        let reply: BusMessage?
        switch (message.interface, message.member) {
        case (KeypadInterface.interface, KeypadInterface.showSuggestions):
            guard message.signature == "as", case .array(_, let values)? = try? message.arguments().first else {
                reply = message.errorReply(
                    BusError(
                        name: EngineInterface.ErrorName.invalidArgs,
                        message: "\(KeypadInterface.showSuggestions) takes (as)"))
                break
            }
            shown = values.compactMap(\.stringValue)
            shownBy = message.sender
            onShow?(shown)
            reply = try? message.methodReturn()
        case (KeypadInterface.interface, let member)
        where member == KeypadInterface.fieldFocused || member == KeypadInterface.showConversion:
            guard message.signature == "b", case .boolean(let value)? = try? message.arguments().first else {
                reply = message.errorReply(
                    BusError(name: EngineInterface.ErrorName.invalidArgs, message: "\(member ?? "") takes (b)"))
                break
            }
            if member == KeypadInterface.fieldFocused {
                onFieldFocused?(value)
            } else {
                conversionBy = message.sender
                onShowConversion?(value)
            }
            reply = try? message.methodReturn()
        case (KeypadInterface.interface, KeypadInterface.showCandidates):
            guard message.signature == "a(ss)uu",
                let shown = CandidatesSignal(values: (try? message.arguments()) ?? []),
                shown.texts.count <= CandidatePage.capacity, shown.texts.isEmpty || shown.page < shown.pages
            else {
                reply = message.errorReply(
                    BusError(
                        name: EngineInterface.ErrorName.invalidArgs,
                        message:
                            "\(KeypadInterface.showCandidates) takes (a(ss)uu): at most \(CandidatePage.capacity) candidates, a page below the pages"
                    ))
                break
            }
            // A closed list from another sender than the page's (a field that lost the focus
            // late) leaves the page shown.
            if !shown.texts.isEmpty || pageBy == nil || pageBy == message.sender {
                page = shown
                pageBy = shown.texts.isEmpty ? nil : message.sender
                onShowCandidates?(CandidatePage(shown))
            }
            reply = try? message.methodReturn()
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            reply = try? message.methodReturn([.string(KeypadInterface.introspection)])
        default:
            reply = message.errorReply(
                .unknownMethod(
                    "\(KeypadInterface.path) has \(KeypadInterface.showSuggestions)(as), \(KeypadInterface.fieldFocused)(b), \(KeypadInterface.showConversion)(b) and \(KeypadInterface.showCandidates)(a(ss)uu)"
                ))
        }
        answer(message, with: reply, on: connection)
        return true
    }
}
