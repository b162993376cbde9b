import Foundation

/// What a real application's harness reports (tools/app_session.py) as the last line of its
/// standard output, in JSON.
package struct ApplicationReport: Decodable, Sendable {
    /// The field's text.
    package var text: String
    /// Changes to it, in order: `["insert", text]`, `["delete", text]`, `["preedit", text]`, and
    /// toolkit events (`["activate"]`).
    package var events: [[String]]
    /// The text field after a password or form field.
    package var next: String?

    /// The texts deleted, in order.
    package var deletions: [String] { events.filter { $0.first == "delete" }.map { $0.count > 1 ? $0[1] : "" } }

    /// The report on the last line of a harness's standard output.
    package init(harnessOutput output: String) throws {
        let line = output.split(separator: "\n").last.map(String.init) ?? ""
        self = try JSONDecoder().decode(Self.self, from: Data(line.utf8))
    }
}
