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
            Transition(key: .digeutTieut, tail: ["갈", "ㄷ"], replacement: ["갍"]),
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
        // Header: magic, version 1, header size 32, 4 entries, 0 bucket bits (one bucket), alphabet 11291.
        #expect(Array(bytes[0..<8]) == Array("HWALJATB".utf8))
        #expect(Array(bytes[8..<24]) == [1, 0, 32, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0x1B, 0x2C, 0, 0])
        // One bucket: starts [0, 4]; then 4 packed keys and 4 replacements of 3 × UInt16.
        #expect(bytes.count == 32 + 2 * 4 + 4 * 4 + 4 * 6)
        #expect(Array(bytes[32..<40]) == [0, 0, 0, 0, 4, 0, 0, 0])
        // ㄱㅋ (key 4) with empty tail: 4 << 28; replacement ㄱ = U+3131 = symbol 11173 (0x2BA5).
        let keys = (0..<4).map { index in (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[40 + 4 * index + $1]) << (8 * $1) } }
        #expect(keys.contains(4 << 28))
        // 갈 is syllable 0xAC08 - 0xAC00 + 1 = 0x219 + 1... computed from Unicode, not from the encoder:
        let gal = UInt32(0xAC08 - 0xAC00 + 1)  // 갈 = U+AC08
        let digeut = UInt32(0x3137 - 0x3131 + 11173)  // ㄷ = U+3137
        #expect(keys.contains(6 << 28 | gal << 14 | digeut))
        #expect(keys.contains(gal << 14 | digeut))  // the live-pair marker, key field 0
        #expect(Checksum.of(Array(bytes[32...])) == bytes[24..<32].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    @Test func refusesBadMagic() {
        var bytes = TableFile.encode(Self.tiny)
        bytes[0] = UInt8(ascii: "X")
        #expect(throws: TableError.badMagic) { try TableFile.decode(bytes) }
        #expect(throws: TableError.badMagic) { try TableFile.decode(Array("{\"ㅣ\": {}}".utf8)) }
    }

    @Test func refusesAnotherVersion() {
        var bytes = TableFile.encode(Self.tiny)
        bytes[8] = 2
        #expect(throws: TableError.unsupportedVersion(found: 2, supported: 1)) { try TableFile.decode(bytes) }
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
        let bytes = TableFile.encode(Self.tiny) + [0]
        #expect(throws: TableError.trailingBytes(expected: 80, found: 81)) { try TableFile.decode(bytes) }
    }

    @Test func refusesAnyFlippedPayloadByte() {
        let bytes = TableFile.encode(committedTable)
        for offset in stride(from: 32, to: bytes.count, by: 997) {
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
        bytes[36] = 3  // the last bucket start no longer spans the 4 entries
        let payload = Array(bytes[32...])
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
            .badMagic, .unsupportedVersion(found: 9, supported: 1), .truncated(at: 12, needed: 32),
            .trailingBytes(expected: 80, found: 81), .checksumMismatch(expected: 1, found: 2), .inconsistent("x"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains("hwalja-gen"))
        }
        #expect(TableError.truncated(at: 12, needed: 32).description.contains("offset 12"))
    }
}
