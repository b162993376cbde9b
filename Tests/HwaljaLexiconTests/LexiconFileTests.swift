import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaTable
import HwaljaTestSupport
import Testing

/// The lexicon's bytes: what is written is read back, and damage is refused with a named error.
struct LexiconFileTests {
    static let entries = [
        LexiconEntry(keys: SamsungSpelling.keys(forWord: "안녕"), score: 200),
        LexiconEntry(keys: SamsungSpelling.keys(forWord: "안녕하세요"), score: 190),
        LexiconEntry(keys: SamsungSpelling.keys(forWord: "감사합니다"), score: 180)
    ]

    @Test func entriesComeBackInKeyOrder() throws {
        let lexicon = try LexiconFile.decode(LexiconFile.encode(Self.entries))
        #expect(lexicon.count == 3)
        #expect(lexicon.entries == Self.entries.sorted())
    }

    @Test func theCommittedLexiconHoldsTheWordListsHangulWords() throws {
        let data = try #require(
            FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Tables/hwalja.lexicon").path))
        let lexicon = try LexiconFile.decode([UInt8](data))
        // ko-50k-opensubtitles-2018.txt: 50,000 words, 687 of them not all Hangul syllables.
        #expect(lexicon.count == 49_313)
        #expect(data.count <= 300_000)
    }

    @Test func damageIsRefusedByName() {
        let bytes = LexiconFile.encode(Self.entries)
        #expect(throws: LexiconError.tooShort(10)) { try LexiconFile.decode(Array(bytes.prefix(10))) }
        var wrongMagic = bytes
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(throws: LexiconError.notALexicon) { try LexiconFile.decode(wrongMagic) }
        var newer = bytes
        newer[4] = 2
        #expect(throws: LexiconError.unsupportedVersion(2)) { try LexiconFile.decode(newer) }
        #expect(throws: LexiconError.lengthMismatch(declared: bytes.count - 24, actual: bytes.count - 25)) {
            try LexiconFile.decode(Array(bytes.dropLast()))
        }
        var flipped = bytes
        flipped[LexiconFile.headerSize + 3] ^= 0xFF
        #expect(throws: LexiconError.checksumMismatch) { try LexiconFile.decode(flipped) }
    }

    @Test func aResealedBadEntryIsStillRefused() {
        var bytes = LexiconFile.encode(Self.entries)
        bytes[LexiconFile.headerSize + 2] = 0xF0  // the first entry's first key: code 15 (Return) is no word's key
        Self.reseal(&bytes)
        #expect(throws: LexiconError.badEntry(index: 0, reason: "key code 15")) { try LexiconFile.decode(bytes) }
        let errorText = String(describing: LexiconError.badEntry(index: 0, reason: "key code 15"))
        #expect(errorText.contains("regenerate"))
    }

    /// Writes the payload's checksum into the header again, as a tamperer would.
    static func reseal(_ bytes: inout [UInt8]) {
        let checksum = Array(bytes[LexiconFile.headerSize...]).withUnsafeBytes { Checksum.of($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(16..<24, with: $0) }
    }
}
