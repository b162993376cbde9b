import Foundation
import HwaljaTestSupport
import Testing

/// docs/protocol.md's client, run as the page shows it: the first ```python block, against this
/// build's hwaljad on a private bus, with Debian's python3-dbus.
struct ProtocolDocTests {
    /// The first fenced Python block of `markdown`.
    static func pythonBlock(in markdown: String) -> String? {
        guard let start = markdown.range(of: "```python\n"),
            let end = markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex)
        else { return nil }
        return String(markdown[start.upperBound..<end.lowerBound]) + "\n"
    }

    @Test func theProtocolPagesClientTypesWhatThePageSays() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        let client = try #require(Self.pythonBlock(in: page), "docs/protocol.md has no ```python block")
        let folder = try TemporaryFolder("hwalja-protocol-doc")
        let script = folder.url.appendingPathComponent("client.py")
        try client.write(to: script, atomically: true, encoding: .utf8)
        let daemon = try PrivateDaemon()
        let outcome = try runCommand("python3", [script.path], environment: daemon.bus.environment, seconds: 30)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "안녕 \norg.hwalja.Error.UnknownKey\n")
        // What the page says it prints.
        #expect(page.contains("It prints `안녕 ` and `org.hwalja.Error.UnknownKey`."))
    }
}
