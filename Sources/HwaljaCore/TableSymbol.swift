/// The compact alphabet the transition table is written in: every scalar a transition can read
/// or write, numbered 1...``count`` so that two of them and a key fit in 32 bits.
///
/// | symbols | scalars |
/// |---|---|
/// | 0 | none (padding, empty tail) |
/// | 1–11172 | precomposed syllables U+AC00–U+D7A3 |
/// | 11173–11266 | compatibility jamo U+3131–U+318E (ㄱ … ㆎ, including ㆍ U+318D) |
/// | 11267–11285 | conjoining choseong U+1100–U+1112 (ᄀ … ᄒ) |
/// | 11286, 11287 | conjoining jungseong ᆞ U+119E and ᆢ U+11A2 (the ㆍ and ᆢ strokes) |
/// | 11288–11291 | `.` `,` `?` `!` |
///
/// This numbering is part of the table format (versions 1 and 2); changing it needs a new format version.
public enum TableSymbol {
    /// The highest symbol number (11291).
    public static let count: UInt16 = 11291

    static let compatibilityBase: UInt16 = 11173
    static let choseongBase: UInt16 = 11267
    static let araea: UInt16 = 11286
    static let ssangAraea: UInt16 = 11287
    static let punctuationBase: UInt16 = 11288
    static let punctuation: [UInt32] = [0x2E, 0x2C, 0x3F, 0x21]

    /// The symbol for a scalar, or 0 if the table's alphabet does not contain it.
    @inlinable
    public static func symbol(for scalar: UInt32) -> UInt16 {
        if scalar >= 0xAC00 {
            return scalar <= 0xD7A3 ? UInt16(truncatingIfNeeded: scalar - 0xAC00 + 1) : 0
        }
        return symbolOutsideSyllables(scalar)
    }

    @usableFromInline
    static func symbolOutsideSyllables(_ scalar: UInt32) -> UInt16 {
        switch scalar {
        case 0x3131...0x318E: return compatibilityBase + UInt16(scalar - 0x3131)
        case 0x1100...0x1112: return choseongBase + UInt16(scalar - 0x1100)
        case 0x119E: return araea
        case 0x11A2: return ssangAraea
        case 0x2E: return punctuationBase
        case 0x2C: return punctuationBase + 1
        case 0x3F: return punctuationBase + 2
        case 0x21: return punctuationBase + 3
        default: return 0
        }
    }

    /// The scalar value of a symbol (1...``count``); 0 for symbol 0 or anything out of range.
    @inlinable
    public static func scalar(for symbol: UInt16) -> UInt32 {
        if symbol >= 1 && symbol <= 11172 { return 0xAC00 + UInt32(symbol) - 1 }
        return scalarOutsideSyllables(symbol)
    }

    @usableFromInline
    static func scalarOutsideSyllables(_ symbol: UInt16) -> UInt32 {
        switch symbol {
        case compatibilityBase..<choseongBase: return 0x3131 + UInt32(symbol - compatibilityBase)
        case choseongBase..<araea: return 0x1100 + UInt32(symbol - choseongBase)
        case araea: return 0x119E
        case ssangAraea: return 0x11A2
        case punctuationBase...count: return punctuation[Int(symbol - punctuationBase)]
        default: return 0
        }
    }
}
