import Foundation
import HwaljaTestSupport
import Testing

/// The C of the Wayland protocols hwalja-keypad speaks is generated from their declarations
/// (Sources/CWaylandProtocols/protocol) and committed: it must be what the declarations give.
struct WaylandProtocolTests {
    @Test func theCommittedCIsWhatTheDeclarationsGive() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wayland-scanner") else {
            throw TestSetupError("wayland-scanner is missing (libwayland-bin: tools/install-deps)")
        }
        let generated = try TemporaryFolder()
        let outcome = try runCommand(
            packageRoot.appendingPathComponent("tools/generate-wayland-protocols").path, [generated.url.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let target = packageRoot.appendingPathComponent("Sources/CWaylandProtocols")
        let declarations = try FileManager.default.contentsOfDirectory(
            atPath: target.appendingPathComponent("protocol").path
        )
        .filter { $0.hasSuffix(".xml") }.map { String($0.dropLast(4)) }
        #expect(declarations.count == 3, "\(declarations)")
        let files = declarations.flatMap { ["\($0)-protocol.c", "include/\($0)-client-protocol.h"] }
        for file in files {
            // The first line names wayland-scanner's version, which may differ from the one that made them.
            let committed = try String(contentsOf: target.appendingPathComponent(file), encoding: .utf8).split(
                separator: "\n"
            ).dropFirst()
            let fresh = try String(contentsOf: generated.url.appendingPathComponent(file), encoding: .utf8).split(
                separator: "\n"
            ).dropFirst()
            #expect(committed == fresh, "\(file) differs from what tools/generate-wayland-protocols makes: run it")
        }
    }
}
