import HwaljaCore

/// What an application holds of one context's typing, kept from the daemon's signals alone,
/// each applied once and in order (as the interface file says a client must): the text before
/// the cursor and the preedit shown after it.
public struct ContextText: Sendable, Equatable {
    /// The application's text before the cursor.
    public private(set) var committed = ""
    /// The preedit, shown at the cursor.
    public private(set) var preedit = ""
    /// How many `DeleteBeforeCursor` signals arrived.
    public private(set) var deletions = 0

    public init() {}

    /// The text with the preedit shown at its end.
    public var shown: String { committed + preedit }

    /// Applies one `org.hwalja.Context1` signal; returns `false` for a member it does not know.
    @discardableResult
    public mutating func apply(_ member: String, _ arguments: [BusValue]) -> Bool {
        switch (member, arguments.first) {
        case ("DeleteBeforeCursor", .uint32(let count)?):
            // Counted in Unicode scalars: conjoining jamo make one Character of several.
            committed.unicodeScalars.removeLast(min(Int(count), committed.unicodeScalars.count))
            deletions += 1
        case ("Committed", .string(let text)?):
            committed += text
        case ("PreeditChanged", .string(let text)?):
            preedit = text
        case ("KeyNotConsumed", .string(Key.backspace.name)?):
            if !committed.isEmpty { committed.removeLast() }
        case ("KeyNotConsumed", .string(Key.enter.name)?):
            committed += "\n"
        default:
            return member == "KeyNotConsumed"
        }
        return true
    }
}
