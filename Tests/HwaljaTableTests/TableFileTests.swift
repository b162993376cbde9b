import Foundation
import HwaljaCore
import HwaljaTable
import HwaljaTestSupport
import Testing

/// The binary format: round trip, golden bytes for a tiny table, and one test per refusal.
struct TableFileTests {
    static let tiny = TransitionTable(
        transitions: [
            Transition(key: .giyeokKieuk, tail: [], replacement: ["ㄱ"]),
            Transition(key: .giyeokKieuk, tail: ["ㄱ"], replacement: ["ㅋ"]),
            Transition(key: .digeutTieut, tail: ["갈", "ㄷ"], replacement: ["갍"])
        ],
        livePairs: [("갈", "ㄷ")]
    )

    @Test func committedTableRoundTripsToTheSameBytes() throws {
        let bytes = TableFile.encode(committedTable)
        let decoded = try TableFile.decode(bytes)
        #expect(decoded.layout == committedTable.layout)
        #expect(TableFile.encode(decoded) == bytes)
    }

    @Test func tinyTableHasTheDocumentedLayout() throws {
        let bytes = TableFile.encode(Self.tiny)
        func word(at offset: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        // Header: magic, version 2, header size 40, alphabet 11291, 12 key slots, 177 words a set.
        #expect(Array(bytes[0..<8]) == Array("HWALJATB".utf8))
        #expect(Array(bytes[8..<20]) == [2, 0, 40, 0, 0x1B, 0x2C, 0, 0, 12, 0, 177, 0])
        // 26 sets: 12 of one-scalar tails, 12 of second symbols, and one set of first symbols for
        // each second symbol: ㄷ after 갈 for the live pair (key 0) and for ㄷㅌ (key 6).
        #expect(Array(bytes[20..<24]) == [26, 0, 0, 0])
        // Two patterns (ㄱ → ㅋ and 갈ㄷ → 갍), two transitions besides the default.
        #expect(Array(bytes[32..<40]) == [2, 0, 0, 0, 2, 0, 0, 0])
        #expect(bytes.count == 40 + 8 * 12 + 8 * 26 * 177 + 8 * 2 + 2 * 2)
        // Symbols from Unicode, not from the encoder: 갈 U+AC08 is syllable 9; ㄱ U+3131 is 11173.
        let gal = 0xAC08 - 0xAC00 + 1
        let giyeok = 0x3131 - 0x3131 + 11173
        let digeut = 0x3137 - 0x3131 + 11173
        #expect(word(at: 40 + 8 * 4) == UInt64(giyeok))  // ㄱㅋ's default: ㄱ
        func hasBit(set: Int, _ symbol: Int) -> Bool {
            word(at: 136 + 8 * (set * 177 + symbol / 64)) >> UInt64(symbol % 64) & 1 == 1
        }
        #expect(hasBit(set: 4, giyeok))  // ㄱㅋ after ㄱ
        #expect(hasBit(set: 12, digeut) && hasBit(set: 18, digeut))  // live pair and ㄷㅌ: second symbol ㄷ
        #expect(hasBit(set: 24, gal) && hasBit(set: 25, gal))  // their first symbol 갈
        // Patterns, sorted: 갍 is 갈 + 5, ㅋ U+314B is ㄱ + 26.
        let patterns = 136 + 8 * 26 * 177
        #expect(word(at: patterns) == 5 && word(at: patterns + 8) == 26)
        #expect(Array(bytes[(patterns + 16)...]) == [1, 0, 0, 0])  // ㄱ → ㅋ first (set 4), then 갈ㄷ → 갍
        #expect(Checksum.of(Array(bytes[40...])) == word(at: 24))
    }

    @Test func refusesBadMagic() {
        var bytes = TableFile.encode(Self.tiny)
        bytes[0] = UInt8(ascii: "X")
        #expect(throws: TableError.badMagic) { try TableFile.decode(bytes) }
        #expect(throws: TableError.badMagic) { try TableFile.decode(Array("{\"ㅣ\": {}}".utf8)) }
    }

    @Test func refusesAnotherVersion() {
        var bytes = TableFile.encode(Self.tiny)
        bytes[8] = 3
        #expect(throws: TableError.unsupportedVersion(found: 3, supported: 2)) { try TableFile.decode(bytes) }
    }

    @Test func refusesVersionOneInOneLine() {
        // The start of a version 1 file (format version 1, header size 32, as that version wrote it).
        let versionOne = Array("HWALJATB".utf8) + [1, 0, 32, 0] + [UInt8](repeating: 0, count: 20)
        #expect(throws: TableError.unsupportedVersion(found: 1, supported: 2)) { try TableFile.decode(versionOne) }
        #expect(
            "\(TableError.unsupportedVersion(found: 1, supported: 2))"
                == "unsupported table format version 1 (this build reads version 2); regenerate it with hwalja-gen")
    }

    @Test func theCommittedTableIsAsSmallAsTheCPacking() throws {
        let bytes = try #require(
            FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Tables/hwalja.table").path))
        #expect(bytes.count <= 346_681)
    }

    @Test(arguments: [0, 5, 8, 20, 31, 40, 60])
    func refusesATruncatedFileNamingTheOffset(length: Int) {
        let bytes = Array(TableFile.encode(Self.tiny).prefix(length))
        #expect {
            try TableFile.decode(bytes)
        } throws: { error in
            guard case .truncated(let offset, _) = error as? TableError else { return false }
            return offset == length
        }
    }

    @Test func refusesTrailingBytes() {
        let size = TableFile.encode(Self.tiny).count
        let bytes = TableFile.encode(Self.tiny) + [0]
        #expect(throws: TableError.trailingBytes(expected: size, found: size + 1)) { try TableFile.decode(bytes) }
    }

    @Test func refusesAnyFlippedPayloadByte() {
        let bytes = TableFile.encode(committedTable)
        for offset in stride(from: TableFile.headerSize, to: bytes.count, by: 997) {
            var damaged = bytes
            damaged[offset] ^= 0x40
            #expect {
                try TableFile.decode(damaged)
            } throws: { error in
                if case .checksumMismatch = error as? TableError { return true }
                return false
            }
        }
    }

    @Test func refusesAConsistentChecksumOverInconsistentContents() {
        var bytes = TableFile.encode(Self.tiny)
        bytes[136 + 8 * 12 * 177] |= 2  // a second live-pair symbol (symbol 1) with no set of first symbols
        let payload = Array(bytes[TableFile.headerSize...])
        let checksum = Checksum.of(payload)
        for index in 0..<8 { bytes[24 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(index))) }
        #expect {
            try TableFile.decode(bytes)
        } throws: { error in
            if case .inconsistent = error as? TableError { return true }
            return false
        }
    }

    @Test func errorsReadAsOneLineThatSaysWhatToDo() {
        let errors: [TableError] = [
            .badMagic, .unsupportedVersion(found: 9, supported: 2), .truncated(at: 12, needed: 32),
            .trailingBytes(expected: 80, found: 81), .checksumMismatch(expected: 1, found: 2), .inconsistent("x")
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains("hwalja-gen"))
        }
        #expect(TableError.truncated(at: 12, needed: 32).description.contains("offset 12"))
    }
}
