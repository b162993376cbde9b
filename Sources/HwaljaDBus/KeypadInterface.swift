/// `org.hwalja.Keypad1`: hwalja-keypad's row of suggestions where an input framework types its
/// keys (X11, KDE Plasma). The keypad owns ``busName`` on the session bus while it shows; the
/// framework that composes (IBus's engine, fcitx5's addon, or hwaljad for its InputContext1
/// clients) tells it the focused field's suggestions with ``showSuggestions`` and hears which one
/// is tapped from the ``suggestionChosen`` signal; so with 漢 and the conversion key's list
/// (``showConversion``, ``showCandidates``). On wlroots compositors the keypad is the input method and has
/// hwaljad's suggestions itself.
package enum KeypadInterface {
    package static let busName = "org.hwalja.Keypad"
    package static let path = "/org/hwalja/Keypad"
    package static let interface = "org.hwalja.Keypad1"
    /// `ShowSuggestions(as words)`: the focused field's suggestions, best first, in place of
    /// those shown; none empties the row. Sent with no reply wanted.
    package static let showSuggestions = "ShowSuggestions"
    /// `FieldFocused(b focused)`: whether a field hwalja types into has the focus, so that the
    /// keypad may type a flicked key's digit there (it takes the keystroke back with BackSpace,
    /// which anywhere else could delete a file manager's folder). Sent with no reply wanted.
    package static let fieldFocused = "FieldFocused"
    /// `SuggestionChosen(u index, s word)`: the suggestion at `index` of the last
    /// `ShowSuggestions`, which was `word`, was tapped. Sent to that call's sender alone.
    package static let suggestionChosen = "SuggestionChosen"
    /// `ShowConversion(b available)`: whether the focused field's word converts to hanja (or a
    /// lone consonant to symbols): 漢 shows at the end of the row. Sent with no reply wanted.
    package static let showConversion = "ShowConversion"
    /// `ConversionChosen()`: 漢 was tapped. Sent to the sender of the last `ShowConversion` alone,
    /// which opens its list as its conversion key does.
    package static let conversionChosen = "ConversionChosen"
    /// `ShowCandidates(a(ss) candidates, u page, u pages)`: the focused field's list is open on
    /// this page (each candidate its text and meaning, ``CandidatesSignal``), shown in the keys'
    /// place; no candidates, 0, 0: it closed. Sent with no reply wanted.
    package static let showCandidates = "ShowCandidates"
    /// `CandidateChosen(u index, s text)`: the candidate at `index` of the page last shown, which
    /// was `text`, was tapped. Sent to the sender of the last `ShowCandidates` alone, as are the two below.
    package static let candidateChosen = "CandidateChosen"
    /// `CandidatePageTurned(i count)`: ‹ (-1) or › (1) was tapped.
    package static let candidatePageTurned = "CandidatePageTurned"
    /// `CandidatesClosed()`: ✕ was tapped; the list is to close, the text left as it was.
    package static let candidatesClosed = "CandidatesClosed"

    /// A tap on the keypad for the focused field: a suggestion (``suggestionChosen``), 漢
    /// (``conversionChosen``), or the list (``CandidateTap``).
    package enum Tap: Sendable, Equatable {
        /// The suggestion at `index` of those shown, which was `word`.
        case suggestion(index: Int, word: String)
        /// 漢: the field's list is to open, as its conversion key opens it.
        case conversion
        /// A candidate, a page turn or ✕ on the list.
        case candidate(CandidateTap)
    }

    /// A tap on the keypad's list: ``candidateChosen``, ``candidatePageTurned`` or ``candidatesClosed``.
    package enum CandidateTap: Sendable, Equatable {
        /// The candidate at `index` of the page shown, which was `text`.
        case pick(index: Int, text: String)
        /// The page turned by `count` (‹ -1, › 1).
        case turn(Int)
        /// ✕: the list closes, the text left as it was.
        case close
    }

    package static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="\(interface)">
            <!-- The focused field's suggestions, best first, in place of those shown (none: an empty row). -->
            <method name="\(showSuggestions)"><arg name="words" type="as" direction="in"/></method>
            <!-- Whether a field hwalja types into has the focus. -->
            <method name="\(fieldFocused)"><arg name="focused" type="b" direction="in"/></method>
            <!-- The suggestion at index of the last ShowSuggestions, which was word, was tapped (sent to its sender alone). -->
            <signal name="\(suggestionChosen)"><arg name="index" type="u"/><arg name="word" type="s"/></signal>
            <!-- Whether the focused field's word converts to hanja (or a lone consonant to symbols): 漢 shows. -->
            <method name="\(showConversion)"><arg name="available" type="b" direction="in"/></method>
            <!-- 漢 was tapped (sent to the sender of the last ShowConversion alone). -->
            <signal name="\(conversionChosen)"/>
            <!-- The focused field's list is open on this page (none, 0, 0: it closed). -->
            <method name="\(showCandidates)">
              <arg name="candidates" type="a(ss)" direction="in"/>
              <arg name="page" type="u" direction="in"/>
              <arg name="pages" type="u" direction="in"/>
            </method>
            <!-- The candidate at index of the page last shown, which was text, was tapped (these three go to the sender of the last ShowCandidates alone). -->
            <signal name="\(candidateChosen)"><arg name="index" type="u"/><arg name="text" type="s"/></signal>
            <!-- The list's page was turned by count (-1 or 1). -->
            <signal name="\(candidatePageTurned)"><arg name="count" type="i"/></signal>
            <!-- The list is to close, the text left as it was. -->
            <signal name="\(candidatesClosed)"/>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg type="s" direction="out"/></method>
          </interface>
        </node>

        """
}
