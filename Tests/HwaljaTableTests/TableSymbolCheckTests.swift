import HwaljaCore
import HwaljaTable
import HwaljaTestSupport
import Testing

/// A table whose checksum was recomputed after tampering: every replacement symbol is checked at
/// load, so no symbol outside the alphabet (U+0000 cut strings over the bus) reaches a composer.
struct TableSymbolCheckTests {
    /// The committed table's bytes and where its parts start (format version 2).
    struct Tampered {
        static let original = TableFile.encode(committedTable)
        static let layout = committedTable.layout
        var bytes = Tampered.original
        static let words = TransitionTable.Layout.wordsPerSet
        static let defaultsOffset = TableFile.headerSize
        static let bitsOffset = defaultsOffset + 8 * layout.keyCount
        static let patternsOffset = bitsOffset + 8 * layout.bits.count

        mutating func setWord(at offset: Int, to value: UInt64) {
            for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }

        mutating func setPattern(_ index: Int, to value: UInt64) {
            setWord(at: Self.patternsOffset + 8 * index, to: value)
        }
        mutating func setDefault(ofKey key: Int, to value: UInt64) {
            setWord(at: Self.defaultsOffset + 8 * key, to: value)
        }
        mutating func setBits(set: Int, word: Int, to value: UInt64) {
            setWord(at: Self.bitsOffset + 8 * (set * Self.words + word), to: value)
        }

        /// The bytes with the header's checksum recomputed over the tampered payload.
        var resealed: [UInt8] {
            var copy = bytes
            let checksum = Checksum.of(Array(copy[TableFile.headerSize...]))
            for index in 0..<8 { copy[24 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(index))) }
            return copy
        }
    }

    /// Transition 0 in rank order: key ㅣ's lowest one-scalar tail, and its pattern.
    static var firstTransition: (tail: Int, pattern: Int) {
        let layout = Tampered.layout
        let word = (0..<Tampered.words).first { layout.bits[1 * Tampered.words + $0] != 0 }!
        return (word * 64 + layout.bits[Tampered.words + word].trailingZeroBitCount, Int(layout.values[0]))
    }

    static func expectRefused(
        _ bytes: [UInt8], naming problem: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: TableError.inconsistent(problem), sourceLocation: sourceLocation) {
            try TableFile.decode(bytes)
        }
    }

    @Test(arguments: [0, 11292, 0x3FFF])
    func aReplacementSymbolOutsideTheAlphabetIsRefused(symbol: Int) {
        var table = Tampered()
        let (tail, pattern) = Self.firstTransition
        let original = Tampered.layout.patterns[pattern]
        table.setPattern(pattern, to: original & ~0xFFFF | UInt64((symbol - tail) & 0xFFFF))
        Self.expectRefused(
            table.resealed,
            naming: "transition 0 (key 1, tail symbol \(tail)): replacement symbol \(symbol) outside 1...11291")
    }

    @Test func aPatternsLaterSymbolsAreInTheAlphabetAndPaddedAtTheEndOnly() {
        let patterns = Tampered.layout.patterns
        let three = patterns.firstIndex { $0 >> 32 != 0 }!
        var table = Tampered()
        table.setPattern(three, to: patterns[three] & ~0xFFFF_0000)
        Self.expectRefused(table.resealed, naming: "pattern \(three): replacement symbol 3 follows its 0 padding")

        table = Tampered()
        table.setPattern(three, to: patterns[three] & ~0xFFFF_0000 | 11292 << 16)
        Self.expectRefused(table.resealed, naming: "pattern \(three): replacement symbol 11292 outside 1...11291")

        table = Tampered()
        table.setPattern(three, to: patterns[three] | 1 << 48)
        Self.expectRefused(table.resealed, naming: "pattern \(three): replacement longer than three symbols")
    }

    @Test func defaultsAreRealReplacementsAndKeyZeroHasNone() {
        var table = Tampered()
        table.setDefault(ofKey: 4, to: 11292)
        Self.expectRefused(table.resealed, naming: "default of key 4: replacement symbol 11292 outside 1...11291")

        table = Tampered()
        table.setDefault(ofKey: 0, to: 1)
        Self.expectRefused(table.resealed, naming: "key 0 (live pairs) has a default replacement")
    }

    @Test(arguments: [0, 11292, 0x3FFF])
    func aTailSymbolOutsideTheAlphabetIsRefused(symbol: Int) {
        var table = Tampered()
        let word = symbol / 64
        if word < Tampered.words {
            table.setBits(
                set: 2, word: word, to: Tampered.layout.bits[2 * Tampered.words + word] | 1 << UInt64(symbol % 64))
        } else {  // beyond the set: into the next set's first word, which is symbol 0 there
            table.setBits(set: 3, word: 0, to: Tampered.layout.bits[3 * Tampered.words] | 1)
        }
        Self.expectRefused(table.resealed, naming: "a set holds symbol 0 or a symbol above 11291")
    }

    @Test func liveMarkersHaveTwoSymbols() {
        var table = Tampered()
        table.setBits(set: 0, word: 1, to: 1)
        Self.expectRefused(table.resealed, naming: "key 0 has one-scalar tails")
    }

    /// Random words written into random places of the payload: each resealed table is either
    /// refused as inconsistent, or loads with every transition's symbols real scalars.
    @Test func randomTamperingIsRefusedOrHarmless() throws {
        var random = SeededGenerator(seed: 10)
        let interesting: [UInt64] = [0, 1, 11290, 11291, 11292, 0x3FFF, 0xFFFF, 1 << 16 | 11292, UInt64.max]
        let payload = Tampered.original.count - TableFile.headerSize
        var loaded = 0
        for _ in 0..<50 {
            var table = Tampered()
            let offset = TableFile.headerSize + Int.random(in: 0..<(payload - 8), using: &random)
            let value =
                Bool.random(using: &random)
                ? interesting.randomElement(using: &random)! : UInt64.random(in: 0...UInt64.max, using: &random)
            table.setWord(at: offset, to: value)
            switch Result(catching: { () throws(TableError) in try TableFile.decode(table.resealed) }) {
            case .success(let table):
                loaded += 1
                for transition in table.transitions {
                    let scalars = transition.tail + transition.replacement
                    #expect(scalars.allSatisfy { TableSymbol.symbol(for: $0.value) != 0 }, "\(transition)")
                }
            case .failure(let error):
                #expect("\(error)".hasPrefix("table is inconsistent: "), "\(error)")
            }
        }
        #expect(loaded < 50)
    }

    @Test func aTableIsReadOnlyAsALayoutWithItsKeyCount() throws {
        // Key numbers are per layout: the committed 천지인 table has 11 keys and key 0, 12 slots.
        let decoded = try TableFile.decode(TableFile.encode(committedTable))
        #expect(decoded.layout.keyCount == 12)
        #expect(decoded.reading(as: .cheonjiin) != nil)
        #expect(decoded.reading(as: .naratgeul) == nil)  // 12 keys, 13 slots
        #expect(decoded.reading(as: .cheonjiinPlus) == nil)  // 17 keys, 18 slots
    }

    @Test func theCommittedTableAndTheTinyOnePass() throws {
        #expect(try TableFile.decode(Tampered().resealed).layout == committedTable.layout)
        #expect(try TableFile.decode(TableFile.encode(TableFileTests.tiny)).layout == TableFileTests.tiny.layout)
    }
}
