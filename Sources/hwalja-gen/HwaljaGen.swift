import ArgumentParser
import Foundation
import HwaljaCore
import HwaljaRules
import HwaljaTable

/// `hwalja-gen`: regenerates every layout's transition table under `Tables/` from its rules.
@main
struct HwaljaGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja-gen",
        abstract: "Generate every layout's transition table (binary and Hwalja-style JSON).",
        discussion: """
            For each layout (\(KeyboardLayout.nameSummary)), traces every precomposed syllable \
            (U+AC00–U+D7A3) and every intermediate state to the states and keys that reach it, and \
            writes its table (\(KeyboardLayout.allCases.map(\.tableFileName).joined(separator: ", "))) \
            and JSON. The output is byte-for-byte deterministic.
            """,
        version: hwaljaVersion
    )

    @Option(name: .shortAndLong, help: "Directory holding the generated table files.")
    var directory = "Tables"

    @Flag(help: "Regenerate in memory and fail, naming the first difference, if the files on disk are stale.")
    var check = false

    @Option(
        help:
            "Also write (with --check: check) each layout's keypad picture, keypad-NAME.svg, in this directory (docs/images)."
    )
    var pictures: String?

    @Flag(help: "Print states, transitions, bytes and the number of reachable syllables.")
    var stats = false

    @Option(help: "Only this layout (\(KeyboardLayout.nameSummary)); all of them if not given.")
    var layout: String?

    mutating func run() throws {
        var layouts = KeyboardLayout.allCases
        if let layout {
            guard let chosen = KeyboardLayout(name: layout) else { throw GenError.unknownLayout(layout) }
            layouts = [chosen]
        }
        for layout in layouts {
            let generator = TableGenerator(layout: layout)
            let files = GeneratedFiles(table: generator.table)
            if stats { printStatistics(generator, files) }
            if check {
                if let difference = try files.firstDifference(inDirectory: directory) {
                    throw GenError.stale(difference)
                }
                print("\(layout.name): \(directory) is up to date (\(generator.statistics.transitions) transitions)")
            } else if !stats {
                try files.write(toDirectory: directory)
                print(
                    "\(layout.name): wrote \(files.binaryBytes) bytes to \(directory)/\(layout.tableFileName), \(files.json.utf8.count) bytes to \(directory)/\(layout.jsonFileName)"
                )
            }
            if let pictures { try picture(of: layout, in: pictures) }
        }
    }

    /// Writes `layout`'s keypad picture into `directory`, or with `check` fails if the one there differs.
    private func picture(of layout: KeyboardLayout, in directory: String) throws {
        let picture = KeypadPicture(layout: layout)
        let path = "\(directory)/\(picture.fileName)"
        if check {
            guard FileManager.default.contents(atPath: path) == Data(picture.svg.utf8) else {
                throw GenError.stalePicture(path: path, directory: directory)
            }
            print("\(layout.name): \(path) is up to date")
            return
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            try Data(picture.svg.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw GenError.unwritable(path: path, reason: error.localizedDescription)
        }
        print("\(layout.name): wrote \(path)")
    }

    private func printStatistics(_ generator: TableGenerator, _ files: GeneratedFiles) {
        let statistics = generator.statistics
        let reachable = generator.table.reachableSyllables().count
        print("layout:              \(files.layout.name)")
        print("states:              \(statistics.states)")
        print("transitions:         \(statistics.transitions)")
        print("live pairs:          \(statistics.livePairs)")
        print("binary bytes:        \(files.binaryBytes)")
        print("json bytes:          \(files.json.utf8.count)")
        print("syllables reachable: \(reachable) of \(Hangul.syllableCount)")
    }
}

/// Failures of `hwalja-gen`, one sentence each.
enum GenError: Error, CustomStringConvertible {
    case stale(String)
    case stalePicture(path: String, directory: String)
    case unwritable(path: String, reason: String)
    case unknownLayout(String)

    var description: String {
        switch self {
        case .stale(let difference):
            "generated table is stale: \(difference); run `swift run hwalja-gen` and commit Tables/"
        case .stalePicture(let path, let directory):
            "\(Excerpt.path(path)) is missing or differs from what the layout draws; run `swift run hwalja-gen --pictures \(Excerpt.path(directory))` and commit it"
        case .unwritable(let path, let reason): "cannot write \(Excerpt.path(path)): \(Excerpt.shortened(reason))"
        case .unknownLayout(let name):
            "no layout \(Excerpt.quoted(name, mark: "`")) (layouts: \(KeyboardLayout.nameSummary))"
        }
    }
}
