import ArgumentParser
import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaTable

/// `hwalja-lexicon`: generates the suggestion lexicon under `Tables/` from the word list under
/// `Tables/sources/` and the transition table.
@main
struct HwaljaLexiconGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja-lexicon",
        abstract: "Generate the word-suggestion lexicon (Tables/hwalja.lexicon) from a ranked word list.",
        discussion: """
            Reads WORD COUNT lines, most frequent first, keeps the words of precomposed Hangul \
            syllables, spells each with the keys of the transition table, and writes the words' keys \
            and scores in key order. The output is byte-for-byte deterministic.
            """,
        version: hwaljaVersion
    )

    @Option(help: "The ranked word list: one `word count` a line.")
    var words = "Tables/sources/ko-50k-opensubtitles-2018.txt"

    @Option(help: "The transition table the words are spelled with.")
    var table = "Tables/hwalja.table"

    @Option(name: .shortAndLong, help: "The lexicon file to write or check.")
    var output = "Tables/hwalja.lexicon"

    @Flag(help: "Generate in memory and fail if the file on disk differs.")
    var check = false

    @Flag(help: "Print words read, kept and skipped, and bytes.")
    var stats = false

    mutating func run() throws {
        guard let tableBytes = FileManager.default.contents(atPath: table) else {
            throw LexiconGenError.unreadable(table)
        }
        // another layout's table is refused, not read as 천지인's
        let spelling = KeySpelling(table: try KeyboardLayout.cheonjiin.decodeTable([UInt8](tableBytes)))
        guard let list = FileManager.default.contents(atPath: words) else { throw LexiconGenError.unreadable(words) }
        var entries: [LexiconEntry] = []
        var lines = 0
        var notHangul = 0
        var unspellable = 0
        for line in String(decoding: list, as: UTF8.self).split(separator: "\n") {
            lines += 1
            let fields = line.split(separator: " ")
            guard fields.count == 2, let count = Int(fields[1]) else { throw LexiconGenError.badLine(lines) }
            let word = String(fields[0])
            guard word.unicodeScalars.allSatisfy({ Hangul.isSyllable($0.value) }) else {
                notHangul += 1
                continue
            }
            guard let keys = spelling.keys(forWord: word) else {
                unspellable += 1
                continue
            }
            entries.append(LexiconEntry(keys: keys, score: LexiconEntry.score(count: count)))
        }
        let bytes = LexiconFile.encode(entries)
        if stats {
            print("lines:        \(lines)")
            print("not Hangul:   \(notHangul)")
            print("unspellable:  \(unspellable)")
            print("words:        \(entries.count)")
            print("bytes:        \(bytes.count)")
        }
        if check {
            guard let committed = FileManager.default.contents(atPath: output), [UInt8](committed) == bytes else {
                throw LexiconGenError.stale(output)
            }
            print("\(output) is up to date (\(entries.count) words)")
        } else if !stats {
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw LexiconGenError.unwritable(output)
            }
            print("wrote \(bytes.count) bytes (\(entries.count) words) to \(output)")
        }
    }
}

/// Failures of `hwalja-lexicon`, one sentence each.
enum LexiconGenError: Error, CustomStringConvertible {
    case unreadable(String)
    case unwritable(String)
    case badLine(Int)
    case stale(String)

    var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(Excerpt.path(path))"
        case .unwritable(let path): "cannot write \(Excerpt.path(path))"
        case .badLine(let line): "word list line \(line) is not `word count`"
        case .stale(let path): "\(Excerpt.path(path)) is stale or missing: run `swift run hwalja-lexicon` and commit it"
        }
    }
}
