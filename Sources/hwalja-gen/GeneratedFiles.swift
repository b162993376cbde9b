import Foundation
import HwaljaCore
import HwaljaTable

/// The two files the generator writes, held in memory.
struct GeneratedFiles {
    static let binaryName = "hwalja.table"
    static let jsonName = "hwalja.json"

    let table: TransitionTable
    let binary: [UInt8]
    let json: String

    init(table: TransitionTable) {
        self.table = table
        binary = TableFile.encode(table)
        json = HwaljaJSON.export(table)
    }

    func write(toDirectory directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, data) in [(Self.binaryName, Data(binary)), (Self.jsonName, Data(json.utf8))] {
            let path = "\(directory)/\(name)"
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw GenError.unwritable(path: path, reason: error.localizedDescription)
            }
        }
    }

    /// A sentence naming the first way the files in `directory` differ from these, or `nil` if they
    /// match; it quotes at most a short prefix of a path or a line (``Excerpt``).
    func firstDifference(inDirectory directory: String) throws -> String? {
        let binaryPath = "\(directory)/\(Self.binaryName)"
        guard let committed = FileManager.default.contents(atPath: binaryPath) else { return "\(Excerpt.path(binaryPath)) is missing" }
        if [UInt8](committed) != binary {
            let old: TransitionTable
            do {
                old = try TableFile.decode([UInt8](committed))
            } catch {
                return "\(Excerpt.path(binaryPath)): \(error)"
            }
            return "\(Excerpt.path(binaryPath)): " + Self.firstDifference(old: old.transitions, new: table.transitions, oldPairs: old.livePairs.count, newPairs: table.livePairs.count)
        }
        let jsonPath = "\(directory)/\(Self.jsonName)"
        guard let committedJSON = FileManager.default.contents(atPath: jsonPath) else { return "\(Excerpt.path(jsonPath)) is missing" }
        let oldLines = String(decoding: committedJSON, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = json.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(oldLines, newLines).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            let has = line.element.0.trimmingCharacters(in: .whitespaces)
            let gives = line.element.1.trimmingCharacters(in: .whitespaces)
            return "\(Excerpt.path(jsonPath)) line \(line.offset + 1): has \(Excerpt.quoted(has, mark: "`")), generator gives \(Excerpt.quoted(gives, mark: "`"))"
        }
        if oldLines.count != newLines.count {
            return "\(Excerpt.path(jsonPath)) has \(oldLines.count) lines, generator gives \(newLines.count)"
        }
        return nil
    }

    private static func firstDifference(old: [Transition], new: [Transition], oldPairs: Int, newPairs: Int) -> String {
        for (committed, generated) in zip(old, new) where committed != generated {
            return "has \(committed), generator gives \(generated)"
        }
        if old.count != new.count {
            let extra = old.count > new.count ? "has extra \(old[new.count])" : "lacks \(new[old.count])"
            return "\(extra) (\(old.count) transitions, generator gives \(new.count))"
        }
        if oldPairs != newPairs { return "has \(oldPairs) live pairs, generator gives \(newPairs)" }
        return "bytes differ though the transitions match (layout or header)"
    }
}
