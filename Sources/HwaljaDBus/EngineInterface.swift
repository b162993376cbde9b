/// Names and introspection data of hwalja's bus interface. Other programs are written against
/// these names: change them only with a new interface version (Engine2, Context2).
package enum EngineInterface {
    /// The daemon's well-known bus name.
    package static let busName = "org.hwalja.Engine1"
    /// The key name of the conversion key on `org.hwalja.Context1` (`PressKey("HANJA")`).
    package static let conversionKey = "HANJA"
    /// The engine object.
    package static let enginePath = "/org/hwalja/Engine1"
    /// The engine interface.
    package static let engineInterface = "org.hwalja.Engine1"
    /// The parent of all context objects.
    package static let contextsPath = "/org/hwalja/Engine1/Context"
    /// The context interface: keys by name, for tools.
    package static let contextInterface = "org.hwalja.Context1"
    /// The input-context interface: key events, for input frameworks and on-screen keyboards.
    package static let inputContextInterface = "org.hwalja.InputContext1"

    private static let contextsPrefix = contextsPath + "/"

    /// The object path of context `number`.
    package static func contextPath(_ number: Int) -> String { "\(contextsPath)/\(number)" }

    /// The context number in an object path, or `nil` if the path is not a context's.
    package static func contextNumber(inPath path: String) -> Int? {
        var path = path  // a local copy: withUTF8 may need to make it contiguous
        return path.withUTF8(contextNumber(inPathBytes:))
    }

    /// The context number in the path a message is sent to, read from its bytes (no Swift string
    /// made), or `nil` if the path is not a context's.
    package static func contextNumber(of message: BusMessage) -> Int? {
        message.withPathBytes(contextNumber(inPathBytes:)) ?? nil
    }

    private static func contextNumber(inPathBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix = contextsPrefixBytes
        guard bytes.count > prefix.count, bytes.count - prefix.count <= 18, bytes.starts(with: prefix) else {
            return nil
        }
        let digits = bytes[prefix.count...]
        guard digits.first != UInt8(ascii: "0") else { return nil }
        var number = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
    }

    private static let contextsPrefixBytes = Array(contextsPrefix.utf8)

    /// Bits of `SetCapabilities`: what a client can do with the daemon's answers.
    package enum Capability {
        /// The client deletes characters before its cursor when a `DeleteBeforeCursor` signal says so.
        package static let deleteBeforeCursor: UInt32 = 1
        /// The words the client's user types are learned for word suggestions (never asked by a
        /// tool replaying a log).
        package static let learnWords: UInt32 = 2
        /// The client reads signals: what timers do between calls (long press, held backspace,
        /// auto-next) comes as it happens, and `SuggestionsChanged`. Without it a client gets one
        /// message per call, its reply, and what timers did comes with its next call's reply.
        package static let signals: UInt32 = 4
        /// The client shows whether the conversion key would convert the word being typed (an
        /// on-screen keypad's 漢 key): `ConversionAvailable` says so whenever it changes, to a
        /// client that also reads signals.
        package static let conversionHint: UInt32 = 8
        /// Every bit this daemon knows; others are ignored.
        package static let known: UInt32 = deleteBeforeCursor | learnWords | signals | conversionHint
    }

    /// Error names the daemon replies with.
    package enum ErrorName {
        package static let unknownKey = "org.hwalja.Error.UnknownKey"
        package static let noSuchContext = "org.hwalja.Error.NoSuchContext"
        package static let accessDenied = "org.hwalja.Error.AccessDenied"
        package static let invalidArgs = "org.hwalja.Error.InvalidArgs"
        package static let limitExceeded = "org.hwalja.Error.LimitExceeded"
        package static let unknownLayout = "org.hwalja.Error.UnknownLayout"
        /// The client left too much of what the daemon sent it unread; it is served again once it reads.
        package static let notReading = "org.hwalja.Error.NotReading"
        /// `SetSetting` named no setting.
        package static let unknownSetting = "org.hwalja.Error.UnknownSetting"
        /// `SetSetting`'s value is not one the setting takes.
        package static let invalidSetting = "org.hwalja.Error.InvalidSetting"
    }

    /// hwaljad's interfaces (Engine1, Context1, InputContext1), as installed to `/usr/share/dbus-1/interfaces/org.hwalja.Engine1.xml`
    /// (committed as `packaging/org.hwalja.Engine1.xml`; a test keeps the two equal).
    package static var interfaceFile: String {
        """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <!-- hwalja: the Cheon-Ji-In (천지인) input engine on the bus. Key names are those of
             hwalja-replay: ㅣ ㆍ ㅡ ㄱㅋ ㄴㄹ ㄷㅌ ㅂㅍ ㅅㅎ ㅈㅊ ㅇㅁ (or digits 1-9, 0), PUNCT, NEXT, SPACE, BS, ENTER;
             in a context of another layout, that layout's (as hwalja-replay's layout option names them).
             Errors: org.hwalja.Error.UnknownKey, .NoSuchContext, .AccessDenied, .InvalidArgs, .LimitExceeded,
             .UnknownLayout, .NotReading, .UnknownSetting, .InvalidSetting. -->
        <node>
        \(engine)\(context)\(inputContext)</node>

        """
    }

    /// The engine interface's XML.
    package static let engine = """
          <!-- The engine: makes typing contexts. Object /org/hwalja/Engine1. -->
          <interface name="org.hwalja.Engine1">
            <!-- A new context owned by the caller; it is freed when the caller leaves the bus, or
                 stops reading what the daemon sends it. A client holds at most max-contexts (64)
                 contexts: past that, org.hwalja.Error.LimitExceeded. Its layout is the settings' (layout
                 in hwalja.conf, cheonjiin by default); called with one string, that layout: cheonjiin,
                 cheonjiin-plus, naratgeul or vega (else org.hwalja.Error.UnknownLayout). -->
            <method name="CreateContext">
              <arg name="context" type="o" direction="out"/>
            </method>
            <!-- A new input context owned by the caller, driven by key events (org.hwalja.InputContext1):
                 for input-framework addons and on-screen keyboards. Same owner rules and limit as
                 CreateContext, counted together; the same optional layout argument. -->
            <method name="CreateInputContext">
              <arg name="context" type="o" direction="out"/>
            </method>
            <!-- Frees a context of the caller's, of either kind. -->
            <method name="DestroyContext">
              <arg name="context" type="o" direction="in"/>
            </method>
            <!-- Where to connect for a private, peer-to-peer connection to this daemon (a D-Bus address,
                 with its guid), "" when it has none. Only the same user may connect; the methods, owner
                 rules, limits and errors are the bus's, each connection one client (it answers Hello
                 with the client's name), freed when it closes. A restarted daemon has a new address. -->
            <method name="GetPeerAddress">
              <arg name="address" type="s" direction="out"/>
            </method>
            <!-- Forgets every word learned for suggestions: this daemon's and the file
                 ($XDG_DATA_HOME/hwalja/learned-words), and hwalja-keypad's recent emoji beside it
                 (recent-emoji); other programs (the IBus engine) forget theirs when they next learn a
                 word or reload. org.freedesktop.DBus.Error.Failed if a file cannot be removed. -->
            <method name="ForgetLearnedWords"/>
            <!-- Every setting of hwalja.conf: its name, value in use, default, kind, what it does, and
                 what it takes. Kinds: choice and options (allowed: the words; options take
                 several, comma-separated, or none), number and milliseconds (allowed: the lowest
                 and highest), milliseconds-or-off (the same, or off), boolean (true, false),
                 preset-or-file (allowed: the presets; or a keymap file's path), path (an absolute
                 path; allowed: none). -->
            <method name="GetSettings">
              <arg name="settings" type="a(sssssas)" direction="out"/>
            </method>
            <!-- Sets one setting: checked (org.hwalja.Error.UnknownSetting, .InvalidSetting, quoting
                 only a short prefix of what was given), written to hwalja.conf (its line changed,
                 the rest of the file as it was; org.freedesktop.DBus.Error.Failed if it cannot be
                 written) and applied as SIGHUP applies the file. Flags given to hwaljad still win
                 over the file. -->
            <method name="SetSetting">
              <arg name="name" type="s" direction="in"/>
              <arg name="value" type="s" direction="in"/>
            </method>
            <!-- The daemon's version. -->
            <property name="Version" type="s" access="read"/>
            <!-- The loaded table: format-version (u), transitions (u), live-pairs (u), checksum (s), path (s);
                 layouts (a{sv}): each layout's table in use by name, {transitions (u), live-pairs (u)}. -->
            <property name="TableInfo" type="a{sv}" access="read"/>
          </interface>

        """

    /// The context interface's XML.
    package static let context = """
          <!-- One place being typed into. Object /org/hwalja/Engine1/Context/N; only its creator may use it.
               One message per call: each key's reply carries what the call did (commit, then preedit;
               consumed false: apply the key yourself), so a client making blocking calls needs
               nothing else. What no reply can carry comes as signals to the owner only, just before
               the reply, in order, and is applied before it: DeleteBeforeCursor (only to a client
               that set DeleteBeforeCursor), KeyNotConsumed (a key a timer declined), and Committed
               for text inserted before either. What timers do between calls (long press, held BS,
               auto-next) and suggestions come as signals only to a client that set Signals; for
               any other, no timer runs: what it would have done is done at the client's next call
               and carried in that reply. Every change comes once.
               A client that leaves over max-unread-kib (1024 KiB) unread is served no more: its
               contexts are freed and each of its calls gets org.hwalja.Error.NotReading until it
               reads again (hwaljad asks the bus how much waits for it, or pings it). -->
          <interface name="org.hwalja.Context1">
            <!-- What the client can do; returns the bits the daemon will use (unknown bits are ignored).
                 1 DeleteBeforeCursor: the client deletes text before its cursor when told, so backspace
                 can undo a keystroke exactly even when that keystroke committed text (하다 BS BS gives 핟:
                 delete 하, show 핟). Without it (the default; terminals, XIM) nothing is ever deleted:
                 text backspace could still undo stays in the preedit, up to 7 characters. May be sent
                 at any time, e.g. on every focus change; text the client already has is never asked back
                 once the bit is cleared.
                 2 LearnWords: the words typed are the user's, learned for suggestions (never ask it
                 when replaying a log; input contexts of key events always learn, except in secret fields).
                 4 Signals: the client reads signals: what timers do (a long press's digit, a held BS's
                 repeats, auto-next) comes as DeleteBeforeCursor, Committed, KeyNotConsumed and
                 PreeditChanged as it happens, and SuggestionsChanged after each change.
                 8 ConversionHint: the client shows whether PressKey("HANJA") would open a list for the
                 word being typed (an on-screen keypad's 漢 key): ConversionAvailable whenever that
                 changes, with Signals set too. Setting it starts reading the hanja files in the
                 background. -->
            <method name="SetCapabilities">
              <arg name="capabilities" type="u" direction="in"/>
              <arg name="accepted" type="u" direction="out"/>
            </method>
            <!-- A key tapped (pressed and released at once). consumed false: apply the key yourself
                 (BS deletes a character, ENTER inserts a newline). "HANJA" is the conversion key: it
                 opens the list of hanja (or symbols, after a lone consonant) for the word being typed
                 (CandidatesChanged; consumed false when there is nothing to convert) and, pressed
                 again, closes it; any other key closes it first and types as usual. -->
            <method name="PressKey">
              <arg name="key" type="s" direction="in"/>
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- A key going down: a letter held past the long-press time types its digit; BS repeats. -->
            <method name="KeyDown">
              <arg name="key" type="s" direction="in"/>
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- A key coming up: a letter released before the long-press time is typed now. -->
            <method name="KeyUp">
              <arg name="key" type="s" direction="in"/>
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- A key coming up that counts as held for the long press, however short the hold (a
                 flick up on a touch keypad): a letter types its digit as a long press does (its
                 letter undone when it showed on the press); any other key comes up as KeyUp. -->
            <method name="KeyUpLongPressed">
              <arg name="key" type="s" direction="in"/>
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- Undoes the last keystroke (a held BS, sent as KeyDown and KeyUp, erases a character per
                 repeat instead); consumed false when nothing is being composed. -->
            <method name="Backspace">
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- Ends the syllable being composed. -->
            <method name="NextCharacter">
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- Commits the preedit and returns it. -->
            <method name="Commit">
              <arg name="commit" type="s" direction="out"/>
            </method>
            <!-- Drops the preedit. -->
            <method name="Reset"/>
            <!-- Picks suggestion index (0: the first of the last SuggestionsChanged, or of the
                 Suggestions property as last read): the word being
                 typed becomes it, with a space after it if pick-adds-space; answered as a key. An index
                 no longer shown (the suggestions changed meanwhile) changes nothing: consumed false. -->
            <method name="AcceptSuggestion">
              <arg name="index" type="u" direction="in"/>
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- Picks candidate index (0: the first) of the conversion key's page shown (PressKey("HANJA"),
                 CandidatesChanged, the Candidates property): the part of the word it converts
                 becomes it, the rest of the word committed after it (학교에서: 學校에서); answered as a
                 key, the list closed (CandidatesChanged, empty). An index not shown changes nothing:
                 consumed false. -->
            <method name="AcceptCandidate">
              <arg name="index" type="u" direction="in"/>
              <arg name="commit" type="s" direction="out"/>
              <arg name="preedit" type="s" direction="out"/>
              <arg name="consumed" type="b" direction="out"/>
            </method>
            <!-- Turns the conversion key's list count pages (negative: back), round from the last to
                 the first; CandidatesChanged sends the new page. Nothing when no list is open. -->
            <method name="TurnCandidatePage">
              <arg name="count" type="i" direction="in"/>
            </method>
            <!-- Closes the conversion key's list, the text as it was (CandidatesChanged, empty). -->
            <method name="CloseCandidates"/>
            <!-- Delete count characters (Unicode scalars) just before the cursor: text this context
                 committed earlier in the word, taken back because backspace undid the keystroke that
                 committed it; the preedit that follows (a reply's, or PreeditChanged) shows it again.
                 Only to a client that set DeleteBeforeCursor, before the text of the same change.
                 Sent to the owner only. -->
            <signal name="DeleteBeforeCursor">
              <arg name="count" type="u"/>
            </signal>
            <!-- Text committed for good: by a timer (long press, auto-next), or by a call before a
                 deletion or declined key of the same call. Sent to the owner only. -->
            <signal name="Committed">
              <arg name="text" type="s"/>
            </signal>
            <!-- The whole new preedit, when a timer changed it (a call's is in its reply). Sent to the
                 owner only. -->
            <signal name="PreeditChanged">
              <arg name="text" type="s"/>
            </signal>
            <!-- A key a timer declined and the client must apply: a held BS repeating with nothing
                 left to compose deletes a character each time. Never the key of a call, whose reply
                 says consumed false instead. Sent to the owner only. -->
            <signal name="KeyNotConsumed">
              <arg name="key" type="s"/>
            </signal>
            <!-- Completions of the word being typed, best first (empty: show none), whenever they
                 change: from the lexicon and the learned words, matched on the keys typed so far.
                 At most the suggestions setting (3), in every layout. Sent to the owner only, after the
                 reply, and only to a client that set Signals (others read the Suggestions property). -->
            <signal name="SuggestionsChanged">
              <arg name="words" type="as"/>
            </signal>
            <!-- A page of the conversion key's list (hanja or symbols): each candidate's text and
                 meaning ("" where none is known), 9 at most, the page (from 0) and the number of pages;
                 empty, 0, 0 when the list closed. Sent to the owner only (on Context1, to a client that
                 set Signals; others read the Candidates property). -->
            <signal name="CandidatesChanged">
              <arg name="candidates" type="a(ss)"/>
              <arg name="page" type="u"/>
              <arg name="pages" type="u"/>
            </signal>
            <!-- Whether PressKey("HANJA") would open a list for the word being typed (hanja, or a lone
                 consonant's symbols), each time that changes (after the reply of the call that changed
                 it, after a timer, or once the hanja files are read); false at first. Sent to the owner
                 only, and only to a client that set ConversionHint and Signals. -->
            <signal name="ConversionAvailable">
              <arg name="available" type="b"/>
            </signal>
            <!-- The text being composed. -->
            <property name="Preedit" type="s" access="read"/>
            <!-- The suggestions for the word being typed (as the last SuggestionsChanged; for a client
                 without Signals, looked up when read): AcceptSuggestion's indexes are into this list. -->
            <property name="Suggestions" type="as" access="read"/>
            <!-- The conversion key's page shown, as the last CandidatesChanged: AcceptCandidate's
                 indexes are into it. -->
            <property name="Candidates" type="(a(ss)uu)" access="read"/>
          </interface>

        """

    /// The input-context interface's XML.
    package static let inputContext = """
          <!-- One field typed into by key events, as an input framework delivers them. Object
               /org/hwalja/Engine1/Context/N made by CreateInputContext; only its creator may use it.
               The daemon maps keysyms to keys (SetKeymap), finishes the syllable and hands back
               shortcuts and keys it does not use, stays out of password, PIN and number fields, and
               runs the long press and backspace repeat itself. What the client does is sent as
               signals before the reply, in order: apply each exactly once. The reply says only
               whether the key was used; when it was not, the client applies the key itself (a key the
               daemon hands back later, a backspace repeating past the preedit, comes as ForwardKeyEvent). -->
          <interface name="org.hwalja.InputContext1">
            <!-- A key event. keysym: X11 keysym; keycode: the framework's (fcitx5: X keycode), or 0;
                 a held backspace forwarded carries its press's. state: X11/IBus modifier
                 bits, release = 1 << 30. handled false: the application applies the key.
                 release, for a press: how the key's release will be answered. 0: not known, call and
                 wait (always for a release, and for a letter key with letters-on = release); 1: handled,
                 2: not handled. With 1 or 2 the client may answer the release itself at once, and still
                 sends it (the release ends the long press and the backspace repeat) without waiting,
                 best as a call that wants no reply. -->
            <method name="ProcessKeyEvent">
              <arg name="keysym" type="u" direction="in"/>
              <arg name="keycode" type="u" direction="in"/>
              <arg name="state" type="u" direction="in"/>
              <arg name="handled" type="b" direction="out"/>
              <arg name="release" type="u" direction="out"/>
            </method>
            <!-- The field gained focus. -->
            <method name="FocusIn"/>
            <!-- The field lost focus: the syllable being composed is committed (CommitText), once. -->
            <method name="FocusOut"/>
            <!-- The application moved the cursor or changed the text: as FocusOut. -->
            <method name="Reset"/>
            <!-- The field's purpose and hints, by GTK/IBus numbers (IBusInputPurpose: 8 password,
                 9 PIN, 2 digits, 3 number, 4 phone pass keys through and are never recorded; a
                 syllable being composed when the field turns into one is committed). -->
            <method name="SetContentType">
              <arg name="purpose" type="u" direction="in"/>
              <arg name="hints" type="u" direction="in"/>
            </method>
            <!-- The text around the cursor. A client that sends it can delete text around its cursor:
                 from then on backspace may ask it to (DeleteSurroundingText) to undo a keystroke
                 exactly; a client that never sends it (a terminal) keeps undoable text in the preedit.
                 The conversion key converts the selection or the word before the cursor from the
                 last report: send it whenever the text or cursor changed, and after FocusIn. -->
            <method name="SetSurroundingText">
              <arg name="text" type="s" direction="in"/>
              <arg name="cursor" type="u" direction="in"/>
              <arg name="anchor" type="u" direction="in"/>
            </method>
            <!-- Which keysyms type which keys: "phone" (digits by phone layout, the default) or
                 "keypad-position" (the keypad's top row 7 8 9 is ㅣ ㆍ ㅡ). -->
            <method name="SetKeymap">
              <arg name="name" type="s" direction="in"/>
            </method>
            <!-- Picks suggestion index (0: the first of the last SuggestionsChanged), as a click on it:
                 the word being typed becomes it (CommitText, UpdatePreedit), with a space after it if
                 pick-adds-space. handled false: the index is no longer shown; nothing changed. -->
            <method name="AcceptSuggestion">
              <arg name="index" type="u" direction="in"/>
              <arg name="handled" type="b" direction="out"/>
            </method>
            <!-- Picks candidate index of the conversion key's page shown (F9 or Hangul_Hanja opens it;
                 CandidatesChanged), as a click on it: what it converts is replaced (CommitText, and
                 DeleteSurroundingText for text before the cursor or a selection). handled false: no
                 such candidate shown; nothing changed. -->
            <method name="AcceptCandidate">
              <arg name="index" type="u" direction="in"/>
              <arg name="handled" type="b" direction="out"/>
            </method>
            <!-- Turns the conversion key's list count pages (negative: back), round from the last to
                 the first; CandidatesChanged sends the new page. Nothing when no list is open. -->
            <method name="TurnCandidatePage">
              <arg name="count" type="i" direction="in"/>
            </method>
            <!-- Closes the conversion key's list, the text as it was (CandidatesChanged, empty). -->
            <method name="CloseCandidates"/>
            <!-- Insert text at the cursor. -->
            <signal name="CommitText">
              <arg name="text" type="s"/>
            </signal>
            <!-- Show this preedit at the cursor (empty: hide it); its cursor after cursor characters. -->
            <signal name="UpdatePreedit">
              <arg name="text" type="s"/>
              <arg name="cursor" type="u"/>
            </signal>
            <!-- Delete count characters (Unicode scalars) at offset from the cursor (negative: before it). -->
            <signal name="DeleteSurroundingText">
              <arg name="offset" type="i"/>
              <arg name="count" type="u"/>
            </signal>
            <!-- Apply this key event as if the input method were not there (a held backspace going on
                 deleting in the application). -->
            <signal name="ForwardKeyEvent">
              <arg name="keysym" type="u"/>
              <arg name="keycode" type="u"/>
              <arg name="state" type="u"/>
            </signal>
            <!-- Completions of the word being typed, best first (empty: show none), whenever they
                 change; never in secret fields. As org.hwalja.Context1's. -->
            <signal name="SuggestionsChanged">
              <arg name="words" type="as"/>
            </signal>
            <!-- A page of the conversion key's list (hanja or symbols): each candidate's text and
                 meaning ("" where none is known), 9 at most, the page (from 0) and the number of pages;
                 empty, 0, 0 when the list closed. As org.hwalja.Context1's. -->
            <signal name="CandidatesChanged">
              <arg name="candidates" type="a(ss)"/>
              <arg name="page" type="u"/>
              <arg name="pages" type="u"/>
            </signal>
            <!-- The suggestions shown now (as the last SuggestionsChanged). -->
            <property name="Suggestions" type="as" access="read"/>
            <!-- The conversion key's page shown now (as the last CandidatesChanged). -->
            <property name="Candidates" type="(a(ss)uu)" access="read"/>
          </interface>

        """

    static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>

        """

    /// The introspection XML for `path`, given the live context numbers and which of them take
    /// key events, or `nil` if no object is there.
    package static func introspection(
        ofPath path: String, contexts: [Int], takingKeyEvents: (Int) -> Bool = { _ in false }
    ) -> String? {
        let header = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

            """
        let parents = ["/": "org", "/org": "hwalja", "/org/hwalja": "Engine1"]
        if let child = parents[path] { return header + "<node>\n  <node name=\"\(child)\"/>\n</node>\n" }
        if path == enginePath {
            return header + "<node>\n" + engine + standardInterfaces + "  <node name=\"Context\"/>\n</node>\n"
        }
        if path == contextsPath {
            return header + "<node>\n" + contexts.map { "  <node name=\"\($0)\"/>\n" }.joined() + "</node>\n"
        }
        if let number = contextNumber(inPath: path), contexts.contains(number) {
            return header + "<node>\n" + (takingKeyEvents(number) ? inputContext : context) + standardInterfaces
                + "</node>\n"
        }
        return nil
    }
}
