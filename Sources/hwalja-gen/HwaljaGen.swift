import ArgumentParser
import Foundation
import HwaljaCore
import HwaljaRules
import HwaljaTable

/// `hwalja-gen`: regenerates the transition table under `Tables/` from the Cheon-Ji-In rules.
@main
struct HwaljaGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja-gen",
        abstract: "Generate the Cheon-Ji-In transition table (binary and Hwalja-style JSON).",
        discussion: """
            Traces every precomposed syllable (U+AC00–U+D7A3) and every intermediate state to the \
            states and keys that reach it, and writes \(GeneratedFiles.binaryName) and \
            \(GeneratedFiles.jsonName). The output is byte-for-byte deterministic.
            """
    )

    @Option(name: .shortAndLong, help: "Directory holding the generated table files.")
    var directory = "Tables"

    @Flag(help: "Regenerate in memory and fail, naming the first difference, if the files on disk are stale.")
    var check = false

    @Flag(help: "Print states, transitions, bytes and the number of reachable syllables.")
    var stats = false

    mutating func run() throws {
        let generator = TableGenerator()
        let files = GeneratedFiles(table: generator.table)
        if stats { printStatistics(generator, files) }
        if check {
            if let difference = try files.firstDifference(inDirectory: directory) {
                throw GenError.stale(difference)
            }
            print("\(directory) is up to date (\(generator.statistics.transitions) transitions)")
        } else if !stats {
            try files.write(toDirectory: directory)
            print("wrote \(files.binary.count) bytes to \(directory)/\(GeneratedFiles.binaryName), \(files.json.utf8.count) bytes to \(directory)/\(GeneratedFiles.jsonName)")
        }
    }

    private func printStatistics(_ generator: TableGenerator, _ files: GeneratedFiles) {
        let statistics = generator.statistics
        let reachable = generator.table.reachableSyllables().count
        print("states:              \(statistics.states)")
        print("transitions:         \(statistics.transitions)")
        print("live pairs:          \(statistics.livePairs)")
        print("binary bytes:        \(files.binary.count)")
        print("json bytes:          \(files.json.utf8.count)")
        print("syllables reachable: \(reachable) of \(Hangul.syllableCount)")
    }
}

/// Failures of `hwalja-gen`, one sentence each.
enum GenError: Error, CustomStringConvertible {
    case stale(String)
    case unwritable(path: String, reason: String)

    var description: String {
        switch self {
        case .stale(let difference): "generated table is stale: \(difference); run `swift run hwalja-gen` and commit Tables/"
        case .unwritable(let path, let reason): "cannot write \(Excerpt.path(path)): \(Excerpt.shortened(reason))"
        }
    }
}
