/// A D-Bus value of the types hwalja's interfaces use.
package indirect enum BusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case signature(String)
    case boolean(Bool)
    case byte(UInt8)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    /// An array; `elementSignature` is needed because an empty array still has a type.
    case array(elementSignature: String, [BusValue])
    /// A dictionary entry (only inside an array).
    case dictEntry(BusValue, BusValue)
    case structure([BusValue])
    case variant(BusValue)

    /// The value's D-Bus type signature.
    package var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .boolean: "b"
        case .byte: "y"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// An `a{sv}` dictionary from string keys to variants, keys sorted.
    package static func stringVariantDictionary(_ entries: [String: BusValue]) -> BusValue {
        .array(
            elementSignature: "{sv}",
            entries.keys.sorted().map { .dictEntry(.string($0), .variant(entries[$0]!)) }
        )
    }

    /// An `as` array of strings.
    package static func stringArray(_ strings: [String]) -> BusValue {
        .array(elementSignature: "s", strings.map { .string($0) })
    }

    /// The number inside `.uint32`, else `nil`.
    package var uint32Value: UInt32? {
        if case .uint32(let value) = self { value } else { nil }
    }

    /// The string inside `.string` or `.objectPath`, else `nil`.
    package var stringValue: String? {
        switch self {
        case .string(let value), .objectPath(let value): value
        default: nil
        }
    }
}
