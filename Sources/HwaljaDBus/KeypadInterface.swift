/// `org.hwalja.Keypad1`: hwalja-keypad's row of suggestions where an input framework types its
/// keys (X11, KDE Plasma). The keypad owns ``busName`` on the session bus while it shows; the
/// framework that composes (IBus's engine, fcitx5's addon, or hwaljad for its InputContext1
/// clients) tells it the focused field's suggestions with ``showSuggestions`` and hears which one
/// is tapped from the ``suggestionChosen`` signal. On wlroots compositors the keypad is the input method and has
/// hwaljad's suggestions itself.
public enum KeypadInterface {
    public static let busName = "org.hwalja.Keypad"
    public static let path = "/org/hwalja/Keypad"
    public static let interface = "org.hwalja.Keypad1"
    /// `ShowSuggestions(as words)`: the focused field's suggestions, best first, in place of
    /// those shown; none empties the row. Sent with no reply wanted.
    public static let showSuggestions = "ShowSuggestions"
    /// `FieldFocused(b focused)`: whether a field hwalja types into has the focus, so that the
    /// keypad may type a flicked key's digit there (it takes the keystroke back with BackSpace,
    /// which anywhere else could delete a file manager's folder). Sent with no reply wanted.
    public static let fieldFocused = "FieldFocused"
    /// `SuggestionChosen(u index, s word)`: the suggestion at `index` of the last
    /// `ShowSuggestions`, which was `word`, was tapped. Sent to that call's sender alone.
    public static let suggestionChosen = "SuggestionChosen"
    /// `ShowConversion(b available)`: whether the focused field's word converts to hanja (or a
    /// lone consonant to symbols): 漢 shows at the end of the row. Sent with no reply wanted.
    public static let showConversion = "ShowConversion"
    /// `ConversionChosen()`: 漢 was tapped. Sent to the sender of the last `ShowConversion` alone,
    /// which opens its list as its conversion key does.
    public static let conversionChosen = "ConversionChosen"

    public static let introspection = """
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
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg type="s" direction="out"/></method>
          </interface>
        </node>

        """
}
