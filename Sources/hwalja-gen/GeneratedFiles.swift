import Foundation
import HwaljaCore
import HwaljaTable

/// The files the generator writes for one layout, held in memory: the binary table and the JSON.
struct GeneratedFiles {
    let layout: KeyboardLayout
    let table: TransitionTable
    let binary: [UInt8]
    let json: String

    init(table: TransitionTable) {
        layout = table.keyboard
        self.table = table
        binary = TableFile.encode(table)
        json = HwaljaJSON.export(table)
    }

    /// Bytes of the binary file.
    var binaryBytes: Int { binary.count }

    func write(toDirectory directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let files = [(layout.tableFileName, Data(binary)), (layout.jsonFileName, Data(json.utf8))]
        for (name, data) in files {
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
        let binaryPath = "\(directory)/\(layout.tableFileName)"
        guard let committed = FileManager.default.contents(atPath: binaryPath) else {
            return "\(Excerpt.path(binaryPath)) is missing"
        }
        if [UInt8](committed) != binary {
            let old: TransitionTable
            do {
                old = try layout.decodeTable([UInt8](committed))
            } catch {
                return "\(Excerpt.path(binaryPath)): \(error)"
            }
            return "\(Excerpt.path(binaryPath)): "
                + Self.firstDifference(
                    old: old.transitions, new: table.transitions, oldPairs: old.livePairs.count,
                    newPairs: table.livePairs.count)
        }
        let jsonPath = "\(directory)/\(layout.jsonFileName)"
        guard let committedJSON = FileManager.default.contents(atPath: jsonPath) else {
            return "\(Excerpt.path(jsonPath)) is missing"
        }
        let oldLines = String(decoding: committedJSON, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let newLines = json.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(oldLines, newLines).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            let has = line.element.0.trimmingCharacters(in: .whitespaces)
            let gives = line.element.1.trimmingCharacters(in: .whitespaces)
            return
                "\(Excerpt.path(jsonPath)) line \(line.offset + 1): has \(Excerpt.quoted(has, mark: "`")), generator gives \(Excerpt.quoted(gives, mark: "`"))"
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
