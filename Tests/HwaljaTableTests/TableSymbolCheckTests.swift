import HwaljaCore
import HwaljaTable
import HwaljaTestSupport
import Testing

/// A table whose checksum was recomputed after tampering: every symbol is checked at load, so no
/// symbol outside the alphabet (U+0000 cut strings over the bus) reaches a composer.
struct TableSymbolCheckTests {
    /// The committed table's bytes and where its parts start.
    struct Tampered {
        static let original = TableFile.encode(committedTable)
        var bytes = Tampered.original
        let entries = committedTable.layout.packedKeys.count
        var keysOffset: Int { TableFile.headerSize + 4 * ((1 << committedTable.layout.bucketBits) + 1) }
        var replacementsOffset: Int { keysOffset + 4 * entries }

        /// The first entry, in file order, for which `matches` holds of its packed key and replacement.
        func entry(where matches: (UInt32, UInt64) -> Bool) -> Int {
            let layout = committedTable.layout
            return layout.packedKeys.indices.first { matches(layout.packedKeys[$0], layout.replacements[$0]) }!
        }

        mutating func setReplacementSymbol(_ position: Int, of entry: Int, to symbol: UInt16) {
            let offset = replacementsOffset + 6 * entry + 2 * position
            bytes[offset] = UInt8(truncatingIfNeeded: symbol)
            bytes[offset + 1] = UInt8(truncatingIfNeeded: symbol >> 8)
        }

        mutating func setPackedKey(of entry: Int, to packed: UInt32) {
            for index in 0..<4 { bytes[keysOffset + 4 * entry + index] = UInt8(truncatingIfNeeded: packed >> (8 * UInt32(index))) }
        }

        /// The bytes with the header's checksum recomputed over the tampered payload.
        var resealed: [UInt8] {
            var copy = bytes
            let checksum = Checksum.of(Array(copy[TableFile.headerSize...]))
            for index in 0..<8 { copy[24 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(index))) }
            return copy
        }
    }

    static func isTransition(_ packed: UInt32) -> Bool { packed >> 28 != 0 }
    static func symbolCount(_ replacement: UInt64) -> Int { TransitionTable.unpack(replacement).count }

    static func expectRefused(_ bytes: [UInt8], naming problem: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: TableError.inconsistent(problem), sourceLocation: sourceLocation) { try TableFile.decode(bytes) }
    }

    @Test(arguments: [UInt16(0x0000), 11292, 0x3FFF])
    func aReplacementSymbolOutsideTheAlphabetIsRefused(symbol: UInt16) {
        var table = Tampered()
        let entry = table.entry { Self.isTransition($0) && Self.symbolCount($1) == 1 }
        table.setReplacementSymbol(0, of: entry, to: symbol)
        let problem = symbol == 0 ? "entry \(entry): empty replacement" : "entry \(entry): replacement symbol \(symbol) outside 1...11291"
        Self.expectRefused(table.resealed, naming: problem)
    }

    @Test func zeroPaddingOnlyAtTheEndOfAReplacement() {
        var table = Tampered()
        let entry = table.entry { Self.isTransition($0) && Self.symbolCount($1) == 2 }
        table.setReplacementSymbol(0, of: entry, to: 0)
        Self.expectRefused(table.resealed, naming: "entry \(entry): replacement symbol 2 follows its 0 padding")
    }

    @Test(arguments: [UInt32(11292), 0x3FFF])
    func aTailSymbolOutsideTheAlphabetIsRefused(symbol: UInt32) {
        var table = Tampered()
        let entry = table.entry { packed, _ in Self.isTransition(packed) && packed & 0x3FFF != 0 }
        let packed = committedTable.layout.packedKeys[entry]
        table.setPackedKey(of: entry, to: packed & ~0x3FFF | symbol)
        Self.expectRefused(table.resealed, naming: "entry \(entry): tail symbol \(symbol) outside 0...11291")
    }

    @Test func aTwoSymbolTailCannotEndInZero() {
        var table = Tampered()
        let entry = table.entry { packed, _ in Self.isTransition(packed) && (packed >> 14) & 0x3FFF != 0 }
        table.setPackedKey(of: entry, to: committedTable.layout.packedKeys[entry] & ~0x3FFF)
        Self.expectRefused(table.resealed, naming: "entry \(entry): tail symbol 1 is 0 but symbol 2 is not (a tail is 0, 1 or 2 symbols, right-aligned)")
    }

    @Test func liveMarkersHaveTwoSymbolsAndNoReplacement() {
        var table = Tampered()
        let marker = table.entry { packed, _ in !Self.isTransition(packed) }
        table.setReplacementSymbol(0, of: marker, to: 1)
        Self.expectRefused(table.resealed, naming: "entry \(marker): live-pair marker with a replacement")

        table = Tampered()
        table.setPackedKey(of: marker, to: committedTable.layout.packedKeys[marker] & 0x3FFF)
        Self.expectRefused(table.resealed, naming: "entry \(marker): live-pair marker without two tail symbols")

        table = Tampered()
        table.setPackedKey(of: marker, to: committedTable.layout.packedKeys[marker] | 0x3FFF)
        Self.expectRefused(table.resealed, naming: "entry \(marker): tail symbol 16383 outside 1...11291")
    }

    /// Random symbols written into random entries: each resealed table is either refused naming an
    /// entry, or loads with every symbol a real scalar — the quick check and the one that names
    /// the entry never disagree.
    @Test func randomTamperingIsRefusedOrHarmless() throws {
        var random = SeededGenerator(seed: 10)
        let interesting: [UInt16] = [0, 1, 11290, 11291, 11292, 0x3FFF, 0x4000, 0xFFFF]
        for _ in 0..<50 {
            var table = Tampered()
            let entry = Int.random(in: 0..<table.entries, using: &random)
            let symbol = Bool.random(using: &random) ? interesting.randomElement(using: &random)! : UInt16.random(in: 0...0x3FFF, using: &random)
            if Bool.random(using: &random) {
                table.setReplacementSymbol(Int.random(in: 0..<3, using: &random), of: entry, to: symbol)
            } else {
                let shift = UInt32([0, 14].randomElement(using: &random)!)
                let packed = committedTable.layout.packedKeys[entry] & ~(0x3FFF << shift) | UInt32(symbol & 0x3FFF) << shift
                table.setPackedKey(of: entry, to: packed)
            }
            switch Result(catching: { () throws(TableError) in try TableFile.decode(table.resealed) }) {
            case .success(let loaded):  // the tampered entry, where the file put it, holds real scalars only
                let packed = loaded.layout.packedKeys[entry]
                let symbols = [UInt16((packed >> 14) & 0x3FFF), UInt16(packed & 0x3FFF)] + TransitionTable.unpack(loaded.layout.replacements[entry])
                #expect(symbols.allSatisfy { $0 == 0 || TableSymbol.scalar(for: $0) != 0 }, "entry \(entry): \(symbols)")
                #expect(packed >> 28 == 0 || !TransitionTable.unpack(loaded.layout.replacements[entry]).isEmpty)
            case .failure(let error):
                #expect("\(error)".hasPrefix("table is inconsistent: entry \(entry): "), "\(error)")
            }
        }
    }

    @Test func aKeyOutsideTheKeypadIsRefused() throws {
        var table = Tampered()
        let entry = table.entry { packed, _ in Self.isTransition(packed) }
        table.setPackedKey(of: entry, to: committedTable.layout.packedKeys[entry] & 0x0FFF_FFFF | 12 << 28)
        // Four bits fit key 12, so the file reads; 천지인 has eleven keys, so its table refuses it.
        let decoded = try TableFile.decode(table.resealed)
        #expect(decoded.reading(as: .cheonjiin) == nil)
        #expect(decoded.reading(as: .naratgeul) != nil)
    }

    @Test func theCommittedTableAndTheTinyOnePass() throws {
        #expect(try TableFile.decode(Tampered().resealed).layout == committedTable.layout)
        #expect(try TableFile.decode(TableFile.encode(TableFileTests.tiny)).layout == TableFileTests.tiny.layout)
    }
}
