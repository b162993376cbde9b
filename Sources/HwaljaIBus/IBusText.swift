import HwaljaDBus

/// IBus's serialised types, built exactly as libibus sends them (docs/ibus.md, "The protocol"):
/// a malformed IBusText makes ibus-daemon abort, so these are the only builders the engine uses.
package enum IBusText {
    /// `IBusText` `(sa{sv}sv)` holding `text`, with an underline over all of it if `underlined`,
    /// wrapped in the variant the signals carry.
    package static func variant(_ text: String, underlined: Bool = false) -> BusValue {
        let length = UInt32(text.unicodeScalars.count)  // IBus counts characters, not bytes
        let attributes: [BusValue] =
            underlined && length > 0
            ? [
                .variant(
                    .structure([
                        .string("IBusAttribute"), emptyAttachments, .uint32(1), .uint32(1), .uint32(0), .uint32(length)
                    ]))
            ]
            : []
        let attributeList = BusValue.structure([
            .string("IBusAttrList"), emptyAttachments, .array(elementSignature: "v", attributes)
        ])
        return .variant(.structure([.string("IBusText"), emptyAttachments, .string(text), .variant(attributeList)]))
    }

    /// The text of an `IBusText` as the signals carry it (in its variant), or `nil` if `value` is none.
    package static func text(of value: BusValue) -> String? {
        guard case .variant(.structure(let fields)) = value, fields.count == 4, fields[0] == .string("IBusText"),
            case .string(let text) = fields[2]
        else { return nil }
        return text
    }

    /// `IBusLookupTable` `(sa{sv}uubbiavav)` of `candidates` in one row, no cursor shown, default
    /// labels (1, 2, 3 …), wrapped in the variant `UpdateLookupTable` carries.
    package static func lookupTable(_ candidates: [String]) -> BusValue {
        .variant(
            .structure([
                .string("IBusLookupTable"), emptyAttachments,
                .uint32(UInt32(max(1, candidates.count))),  // page size: all of them on one page
                .uint32(0), .boolean(false), .boolean(false),  // cursor at the first, not shown; no wrapping
                .int32(0),  // IBUS_ORIENTATION_HORIZONTAL: a row, as a phone's suggestion bar
                .array(elementSignature: "v", candidates.map { variant($0) }),
                .array(elementSignature: "v", [])
            ]))
    }

    /// `IBusLookupTable` of one page of the conversion key's list: `candidates` in a column,
    /// labelled 1, 2, 3 … by the panel, the cursor shown on `cursor`.
    package static func lookupTable(page candidates: [String], cursor: Int) -> BusValue {
        .variant(
            .structure([
                .string("IBusLookupTable"), emptyAttachments,
                .uint32(UInt32(max(1, candidates.count))),  // the page: a frontend sends one at a time
                .uint32(UInt32(clamping: cursor)), .boolean(true), .boolean(false),  // cursor shown; no wrapping
                .int32(1),  // IBUS_ORIENTATION_VERTICAL: a list, as ibus-hangul shows hanja
                .array(elementSignature: "v", candidates.map { variant($0) }),
                .array(elementSignature: "v", [])
            ]))
    }

    static let emptyAttachments = BusValue.array(elementSignature: "{sv}", [])
}

/// IBus constants the engine uses (`src/ibustypes.h`).
package enum IBusConstants {
    /// `SetCapabilities` bit of a client that can delete text around its cursor
    /// (`IBUS_CAP_SURROUNDING_TEXT`; GTK and Qt set it, terminals and XIM do not).
    package static let surroundingTextCapability: UInt32 = 0x20
    /// `SetCapabilities` bit of a client that processes keys synchronously (IBUS_CAP_SYNC_PROCESS_KEY)
    static let syncProcessKeyCapability: UInt32 = 0x80

    /// `UpdatePreeditText` mode: the client commits the preedit on focus loss or reset.
    package static let preeditCommitMode: UInt32 = 1
}
