import HwaljaDBus
import HwaljaSession

extension EngineService {
    /// What the program running an ``EngineService`` gives it, all at `init` and every part
    /// named: how what it sends is written, what happens when contexts go or the bus name is lost,
    /// its log, and the parts of the program its methods reach (the peer socket, suggestions,
    /// learned words, the settings file). hwaljad gives each; tests and benchmarks give ``none``.
    package struct Program {
        /// Writes what was sent outside a bus dispatch (timers).
        package var afterTimer: () -> Void
        /// Has what was sent from inside a handler, for another connection than the one being
        /// dispatched, written once the handler returns (a keypad's tap, whose signals go to a peer).
        package var writeSoon: () -> Void
        /// Runs after contexts went, to give memory back (hwaljad: `malloc_trim`, at most once a second).
        package var contextsFreed: () -> Void
        /// Runs when another daemon took the bus name (`--replace`): hwaljad exits.
        package var nameLost: () -> Void
        /// Prints one line about the service (never about what is typed).
        package var log: (String) -> Void
        /// Where clients may connect to the daemon directly (`GetPeerAddress`); "" for none.
        package var peerAddress: String
        /// Word suggestions for every context, if any (`Suggestions`, `SuggestionsChanged`, `AcceptSuggestion`).
        package var wordSuggestions: WordSuggestions?
        /// Hanja and symbols for the conversion key (`PressKey("HANJA")`, F9 on `InputContext1`), if any.
        package var hanja: HanjaConversions?
        /// Forgets every learned word, kept ones too (`ForgetLearnedWords`); returns what went
        /// wrong removing what was kept, if anything did.
        package var forgetLearnedWords: () -> String?
        /// Writes a setting, already checked, to the settings file and applies the file
        /// (`SetSetting`); returns what went wrong writing it, if anything did.
        package var writeSetting: (_ name: String, _ value: String) -> String?

        package init(
            afterTimer: @escaping () -> Void, writeSoon: @escaping () -> Void, contextsFreed: @escaping () -> Void,
            nameLost: @escaping () -> Void, log: @escaping (String) -> Void, peerAddress: String,
            wordSuggestions: WordSuggestions?, hanja: HanjaConversions?, forgetLearnedWords: @escaping () -> String?,
            writeSetting: @escaping (_ name: String, _ value: String) -> String?
        ) {
            self.afterTimer = afterTimer
            self.writeSoon = writeSoon
            self.contextsFreed = contextsFreed
            self.nameLost = nameLost
            self.log = log
            self.peerAddress = peerAddress
            self.wordSuggestions = wordSuggestions
            self.hanja = hanja
            self.forgetLearnedWords = forgetLearnedWords
            self.writeSetting = writeSetting
        }

        /// A program that gives nothing: nothing written outside dispatch, no log, no peer socket,
        /// no suggestions or hanja, no settings file. `wordSuggestions` and `hanja` if given.
        package static func none(wordSuggestions: WordSuggestions? = nil, hanja: HanjaConversions? = nil) -> Program {
            Program(
                afterTimer: {}, writeSoon: {}, contextsFreed: {}, nameLost: {}, log: { _ in }, peerAddress: "",
                wordSuggestions: wordSuggestions, hanja: hanja, forgetLearnedWords: { nil },
                writeSetting: { _, _ in "this daemon has no settings file" })
        }
    }
}
