import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// hwaljad's private socket (`GetPeerAddress`): clients typing with no dbus-daemon in between,
/// each connection a client of its own with the bus's owner rules, freed when it closes (#13).
struct PeerConnectionTests {
    static func peerAddress(_ daemon: PrivateDaemon) throws -> String {
        let client = try EngineClient(bus: .address(daemon.bus.address), timeoutMilliseconds: 5_000)
        return try client.call(EngineInterface.enginePath, EngineInterface.engineInterface, "GetPeerAddress").first?
            .stringValue ?? ""
    }

    static func inputContext(_ client: EngineClient) throws -> String {
        try client.call(EngineInterface.enginePath, EngineInterface.engineInterface, "CreateInputContext").first?
            .stringValue ?? ""
    }

    /// A press and release of the digit `key` on input context `path`.
    static func tap(_ key: Character, on path: String, _ client: EngineClient) throws {
        for state: UInt32 in [0, 1 << 30] {
            try client.call(
                path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                [.uint32(UInt32(key.asciiValue ?? 0)), .uint32(0), .uint32(state)])
        }
    }

    @Test func aGLibClientTypesOverThePeerSocket() throws {
        let daemon = try PrivateDaemon()
        let outcome = try runCommand(
            packageRoot.appendingPathComponent("tools/input-context-client.py").path,
            ["--peer", daemon.bus.address]
                + "0 1 2 5 KP_Add 5 2 2 1 0 space space 8 8 1 2 8 2 1 1 0 2 2 3 period Return".split(separator: " ")
                .map(String.init))
        try #require(outcome.status == 0, "input-context-client.py --peer failed: \(outcome.stderr)")
        let result = try JSONDecoder().decode(InputContextClientTests.Result.self, from: Data(outcome.stdout.utf8))
        #expect(result.text == "안녕 하세요.\n")
        #expect(result.preedit == "")
    }

    @Test func aPeersContextIsItsOwnAndIsFreedWhenItsConnectionCloses() throws {
        let daemon = try PrivateDaemon()
        let address = try Self.peerAddress(daemon)
        #expect(address.hasPrefix("unix:path=") && address.contains(",guid="))
        var owner: EngineClient? = try EngineClient(bus: .address(address), timeoutMilliseconds: 5_000)
        let path = try Self.inputContext(try #require(owner))
        try Self.tap("4", on: path, try #require(owner))

        let otherPeer = try EngineClient(bus: .address(address), timeoutMilliseconds: 5_000)
        let onTheBus = try EngineClient(bus: .address(daemon.bus.address), timeoutMilliseconds: 5_000)
        for intruder in [otherPeer, onTheBus] {
            #expect {
                try Self.tap("1", on: path, intruder)
            } throws: { error in
                (error as? BusError)?.name == "org.hwalja.Error.AccessDenied"
            }
        }
        try Self.tap("1", on: path, try #require(owner))  // still the owner's, unharmed

        owner = nil  // closes the connection
        let deadline = Deadline(seconds: 5)
        var freed = false
        while !freed && !deadline.hasPassed {
            do {
                try Self.tap("1", on: path, otherPeer)
            } catch {
                freed = (error as? BusError)?.name == "org.hwalja.Error.NoSuchContext"
            }
            if !freed { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(freed, "the closed peer's context is still there")
        #expect(daemon.daemon.isRunning)
    }

    @Test func aKilledDaemonsSocketIsRemovedByTheNextAndARunningOnesIsKept() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hwalja-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let killed = try PrivateDaemon(environment: environment)
        let running = try PrivateDaemon(environment: environment)
        let directories = { Set(try FileManager.default.contentsOfDirectory(atPath: runtime.path)) }
        let before = try directories()
        #expect(before.count == 2 && before.allSatisfy { $0.hasPrefix("hwaljad-") }, "\(before)")
        let killedDirectory = try #require(
            URL(
                string: "file://"
                    + String(try Self.peerAddress(killed).dropFirst("unix:path=".count).prefix { $0 != "," }))
        )
        .deletingLastPathComponent().lastPathComponent
        killed.daemon.stop(signal: SIGKILL)
        let next = try PrivateDaemon(environment: environment)
        let after = try directories()
        #expect(!after.contains(killedDirectory), "\(after)")
        #expect(after.count == 2)
        #expect(
            try Self.inputContext(
                try EngineClient(bus: .address(try Self.peerAddress(running)), timeoutMilliseconds: 5_000)
            ).hasPrefix("/org/"))
        _ = next
    }

    @Test func anotherUserCannotConnect() throws {
        // Two locks: the socket's directory is the daemon user's alone (mode 0700), and libdbus
        // admits only the daemon's own user. The second is tried by opening the first, as root.
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let daemon = try PrivateDaemon()
        let address = try Self.peerAddress(daemon)
        let socket = String(address.dropFirst("unix:path=".count).prefix { $0 != "," })
        let directory = (socket as NSString).deletingLastPathComponent
        let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let asNobody = [
            "--reuid", "65534", "--regid", "65534", "--clear-groups",
            packageRoot.appendingPathComponent("tools/input-context-client.py").path, "--peer-address", address, "4"
        ]
        let shut = try runCommand("/usr/bin/setpriv", asNobody, seconds: 20)
        #expect(shut.status != 0 && shut.stderr.contains("Permission denied"), "\(shut.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: socket)
        let refused = try runCommand("/usr/bin/setpriv", asNobody, seconds: 20)
        #expect(refused.status != 0 && !refused.stdout.contains("text"), "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("closed") || refused.stderr.contains("uthentication"), "\(refused.stderr)")
        let owner = try EngineClient(bus: .address(address), timeoutMilliseconds: 5_000)  // the user still can
        #expect(try Self.inputContext(owner).hasPrefix("/org/hwalja/Engine1/Context/"))
    }
}
