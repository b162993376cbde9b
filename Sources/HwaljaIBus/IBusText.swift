import HwaljaDBus

/// IBus's serialised types, built exactly as libibus sends them (see ../shared/docs/ibus-protocol.md §5):
/// a malformed IBusText makes ibus-daemon abort, so these are the only builders the engine uses.
public enum IBusText {
    /// `IBusText` `(sa{sv}sv)` holding `text`, with an underline over all of it if `underlined`,
    /// wrapped in the variant the signals carry.
    public static func variant(_ text: String, underlined: Bool = false) -> BusValue {
        let length = UInt32(text.unicodeScalars.count)  // IBus counts characters, not bytes
        let attributes: [BusValue] =
            underlined && length > 0
            ? [.variant(.structure([.string("IBusAttribute"), emptyAttachments, .uint32(1), .uint32(1), .uint32(0), .uint32(length)]))]
            : []
        let attributeList = BusValue.structure([.string("IBusAttrList"), emptyAttachments, .array(elementSignature: "v", attributes)])
        return .variant(.structure([.string("IBusText"), emptyAttachments, .string(text), .variant(attributeList)]))
    }

    static let emptyAttachments = BusValue.array(elementSignature: "{sv}", [])
}

/// IBus constants the engine uses (`src/ibustypes.h`).
public enum IBusConstants {
    /// Modifier bits of `ProcessKeyEvent`'s state.
    public static let shift: UInt32 = 1 << 0
    public static let lock: UInt32 = 1 << 1
    public static let control: UInt32 = 1 << 2
    public static let alt: UInt32 = 1 << 3
    public static let numLock: UInt32 = 1 << 4
    public static let mod4: UInt32 = 1 << 6
    public static let superMask: UInt32 = 1 << 26
    public static let hyper: UInt32 = 1 << 27
    public static let meta: UInt32 = 1 << 28
    public static let release: UInt32 = 1 << 30
    /// Modifiers that make a key a shortcut for the application, not input for the engine.
    public static let shortcutModifiers = control | alt | mod4 | superMask | hyper | meta

    /// `SetCapabilities` bit of a client that can delete text around its cursor
    /// (`IBUS_CAP_SURROUNDING_TEXT`; GTK and Qt set it, terminals and XIM do not).
    public static let surroundingTextCapability: UInt32 = 0x20

    /// `UpdatePreeditText` mode: the client commits the preedit on focus loss or reset.
    public static let preeditCommitMode: UInt32 = 1

    /// Input purposes (`IBusInputPurpose`) for which the engine stays out of the way and records nothing.
    public static let passthroughPurposes: Set<UInt32> = [
        2,  // DIGITS
        3,  // NUMBER
        4,  // PHONE
        8,  // PASSWORD
        9,  // PIN
    ]
    /// Purposes whose text is secret: never recorded, whatever the flags.
    public static let secretPurposes: Set<UInt32> = [8, 9]
}
