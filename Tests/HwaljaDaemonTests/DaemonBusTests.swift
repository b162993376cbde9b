import Foundation
import HwaljaCore
import HwaljaDBus
import HwaljaTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// hwaljad on a private bus, driven by the project's client and by clients no one here wrote
/// (gdbus and dbus-send from GLib and dbus, GLib's client from Python).
struct DaemonBusTests {
    /// Parses the JSON line tools/gi-client.py prints.
    struct GIResult: Decodable {
        var path: String
        var results: [[Entry]]
        var signals: [[String]]
        /// Replies (`reply`, method, its values) and signals (`signal`, member, argument) in the order they came.
        var events: [[String]]

        enum Entry: Decodable, Equatable {
            case text(String), flag(Bool)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    self = .flag(flag)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }
    }

    static func giClient(_ daemon: PrivateDaemon, _ arguments: [String]) throws -> GIResult {
        let outcome = try runCommand(
            packageRoot.appendingPathComponent("tools/gi-client.py").path, [daemon.bus.address] + arguments)
        try #require(outcome.status == 0, "gi-client.py failed: \(outcome.stderr)")
        return try JSONDecoder().decode(GIResult.self, from: Data(outcome.stdout.utf8))
    }

    @Test func theProjectsClientTypesAWordWithOneMessagePerKey() throws {
        let daemon = try PrivateDaemon()
        let client = try EngineClient(bus: .address(daemon.bus.address))
        final class Received: @unchecked Sendable { var signals: [String] = [] }
        let received = Received()
        client.onSignal = { member, _, arguments in
            received.signals.append("\(member) \(arguments.first?.stringValue ?? "")")
        }
        let path = try client.createContext()
        var committed = ""
        var last: EngineClient.KeyResult?
        for key in "ㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅅㅎ ㆍ ㅣ ㅣ ㅇㅁ ㆍ ㆍ ㅡ".split(separator: " ") {
            let result = try client.key("PressKey", String(key), on: path)
            committed += result.commit
            last = result
        }
        #expect(committed + (last?.preedit ?? "") == "안녕하세요")
        // Commit returns the whole preedit: this client has not said it can delete (SetCapabilities),
        // so what backspace could still undo stays there (the no-retract fallback).
        #expect(try client.call(path, EngineInterface.contextInterface, "Commit") == [.string(last?.preedit ?? "?")])
        #expect(last?.preedit.hasSuffix("요") == true)
        // Each reply carried what its key did: a client that did not ask for signals gets none.
        client.processSignals(waitingMilliseconds: 200)
        #expect(received.signals == [])
        try client.destroyContext(path)
    }

    @Test func glibsClientTypesAndSeesErrorsWithoutLosingItsContext() throws {
        let daemon = try PrivateDaemon()
        let result = try Self.giClient(daemon, ["0", "1", "2", "5", "X", "NEXT()", "BS()", "ENTER"])
        #expect(result.results[3] == [.text(""), .text("안"), .flag(true)])
        #expect(result.results[4].first == .text("error"))
        #expect(result.results[4][1] == .text("org.hwalja.Error.UnknownKey"))
        #expect(result.results[5] == [.text("안"), .text(""), .flag(true)])  // the context survived the bad key
        #expect(result.results[6] == [.text(""), .text(""), .flag(false)])  // nothing composing: the client deletes
        #expect(result.results[7] == [.text(""), .text(""), .flag(false)])  // ENTER is the client's
        // One message per call: the replies carried everything, and no signal came.
        #expect(result.signals == [])
    }

    @Test func glibsClientThatAskedForSignalsSeesWhatTimersDoInOrder() throws {
        let daemon = try PrivateDaemon(["--long-press", "300", "--repeat-interval", "100"])
        // 가, then ㄴ held into its digit; then 나 and BS held: undo once, then erase per repeat,
        // into the application's text (KeyNotConsumed) once the preedit is empty.
        let result = try Self.giClient(
            daemon,
            ["--signals", "4", "1", "2", "DOWN:5", "WAIT:600", "UP:5", "5", "1", "2", "DOWN:BS", "WAIT:650", "UP:BS"])
        let timers = result.events.filter { $0.first == "signal" && $0[1] != "SuggestionsChanged" }.map {
            $0.dropFirst().joined(separator: " ")
        }
        // Repeats at 300, 400, 500 and 600 ms: the first erases 니, the rest delete in the application.
        #expect(
            Array(timers.prefix(5)) == [
                "Committed 가5", "PreeditChanged ", "PreeditChanged ", "KeyNotConsumed BS", "KeyNotConsumed BS"
            ], "\(result.events)")
        #expect(timers.dropFirst(3).allSatisfy { $0 == "KeyNotConsumed BS" } && timers.count <= 7, "\(result.events)")
        // The digit came between the key going down and its release, while the client waited.
        let order = result.events.map { $0.prefix(3).joined(separator: " ") }
        let down = try #require(order.firstIndex(of: "reply KeyDown "))
        let digit = try #require(order.firstIndex(of: "signal Committed 가5"))
        let up = try #require(order.firstIndex(of: "reply KeyUp "))
        #expect(down < digit && digit < up)
    }

    @Test func gdbusIntrospectsTheCommittedInterfaces() throws {
        let daemon = try PrivateDaemon()
        let engine = try runCommand(
            "gdbus",
            [
                "introspect", "--address", daemon.bus.address, "--dest", "org.hwalja.Engine1", "--object-path",
                "/org/hwalja/Engine1", "--xml"
            ])
        #expect(engine.status == 0)
        #expect(engine.stdout.contains(EngineInterface.engine.trimmingCharacters(in: .newlines)))
        let committed = try String(
            contentsOf: packageRoot.appendingPathComponent("packaging/org.hwalja.Engine1.xml"), encoding: .utf8)
        #expect(
            committed == EngineInterface.interfaceFile,
            "packaging/org.hwalja.Engine1.xml is stale: hwaljad --print-interfaces > it")
        let printed = try runProcess(product("hwaljad"), ["--print-interfaces"])
        #expect(printed.stdout == committed)
    }

    /// Every introspection document hwaljad answers, and the committed interface file, is
    /// well-formed XML (a missing closing tag once slipped through the comparison above).
    @Test func theIntrospectionDataIsWellFormedXML() throws {
        var documents = [EngineInterface.interfaceFile]
        for path in [
            "/", EngineInterface.enginePath, EngineInterface.contextsPath, EngineInterface.contextPath(1),
            EngineInterface.contextPath(2)
        ] {
            documents.append(
                try #require(
                    EngineInterface.introspection(ofPath: path, contexts: [1, 2], takingKeyEvents: { $0 == 2 })))
        }
        for document in documents {
            let parser = XMLParser(data: Data(document.utf8))
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? ""): \(document.prefix(200))…")
        }
    }

    @Test func gdbusReadsTheProperties() throws {
        let daemon = try PrivateDaemon()
        let version = try runCommand(
            "gdbus",
            [
                "call", "--address", daemon.bus.address, "--dest", "org.hwalja.Engine1", "--object-path",
                "/org/hwalja/Engine1", "--method", "org.freedesktop.DBus.Properties.Get", "org.hwalja.Engine1",
                "Version"
            ])
        #expect(version.stdout.contains("<'0.1.0'>"))
        let info = try runCommand(
            "gdbus",
            [
                "call", "--address", daemon.bus.address, "--dest", "org.hwalja.Engine1", "--object-path",
                "/org/hwalja/Engine1", "--method", "org.freedesktop.DBus.Properties.Get", "org.hwalja.Engine1",
                "TableInfo"
            ])
        #expect(info.stdout.contains("'format-version': <uint32 2>"))
        #expect(info.stdout.contains("'transitions': <uint32 "))
        #expect(info.stdout.contains("'checksum': <'"))
        for layout in KeyboardLayout.allCases {  // every layout's table, by name
            let table = try #require(committedTables[layout])
            #expect(
                info.stdout.contains(
                    "'\(layout.name)': <{'live-pairs': <uint32 \(table.livePairCount)>, 'transitions': <uint32 \(table.transitionCount)>}>"
                ),
                "\(info.stdout)"
            )
        }
    }

    @Test func wrongArgumentsGetInvalidArgsAndTheDaemonGoesOn() throws {
        let daemon = try PrivateDaemon()
        let wrong = try runCommand(
            "dbus-send",
            [
                "--bus=\(daemon.bus.address)", "--print-reply", "--dest=org.hwalja.Engine1", "/org/hwalja/Engine1",
                "org.hwalja.Engine1.CreateContext", "int32:5"
            ])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("org.hwalja.Error.InvalidArgs"))
        #expect(wrong.stderr.contains("CreateContext takes () or (s), got (i)"))
        let destroy = try runCommand(
            "dbus-send",
            [
                "--bus=\(daemon.bus.address)", "--print-reply", "--dest=org.hwalja.Engine1", "/org/hwalja/Engine1",
                "org.hwalja.Engine1.DestroyContext", "string:/org/hwalja/Engine1/Context/1"
            ])
        #expect(destroy.stderr.contains("org.hwalja.Error.InvalidArgs"))
        let still = try runCommand(
            "gdbus",
            [
                "call", "--address", daemon.bus.address, "--dest", "org.hwalja.Engine1", "--object-path",
                "/org/hwalja/Engine1", "--method", "org.hwalja.Engine1.CreateContext"
            ])
        #expect(still.stdout.contains("/org/hwalja/Engine1/Context/"))
    }

    @Test func anotherClientCannotDriveOrDestroyAContext() throws {
        let daemon = try PrivateDaemon()
        let owner = try EngineClient(bus: .address(daemon.bus.address))
        let path = try owner.createContext()
        _ = try owner.key("PressKey", "ㄱㅋ", on: path)
        let intruder = try runCommand(
            "dbus-send",
            [
                "--bus=\(daemon.bus.address)", "--print-reply", "--dest=org.hwalja.Engine1", path,
                "org.hwalja.Context1.PressKey", "string:ㅣ"
            ])
        #expect(intruder.stderr.contains("org.hwalja.Error.AccessDenied"))
        let destroy = try runCommand(
            "gdbus",
            [
                "call", "--address", daemon.bus.address, "--dest", "org.hwalja.Engine1", "--object-path",
                "/org/hwalja/Engine1", "--method", "org.hwalja.Engine1.DestroyContext", path
            ])
        #expect(destroy.stderr.contains("org.hwalja.Error.AccessDenied"))
        #expect(try owner.key("PressKey", "ㅣ", on: path).preedit == "기")  // untouched by the intruder
        let missing = try runCommand(
            "dbus-send",
            [
                "--bus=\(daemon.bus.address)", "--print-reply", "--dest=org.hwalja.Engine1",
                "/org/hwalja/Engine1/Context/999", "org.hwalja.Context1.PressKey", "string:ㅣ"
            ])
        #expect(missing.stderr.contains("org.hwalja.Error.NoSuchContext"))
    }

    @Test func aClientThatVanishesMidWordLosesItsContextOnly() throws {
        let daemon = try PrivateDaemon()
        let survivor = try EngineClient(bus: .address(daemon.bus.address))
        let kept = try survivor.createContext()
        _ = try survivor.key("PressKey", "ㅅㅎ", on: kept)
        let leaver = try Self.giClient(daemon, ["--leave", "0", "1", "2"])
        #expect(leaver.results.last == [.text(""), .text("아"), .flag(true)])
        // The bus tells the daemon the client left; its context goes (NoSuchContext, no longer
        // AccessDenied), the other stays. Introspection shows each client its own contexts only.
        let deadline = Deadline(seconds: 5)
        var answer: BusError?
        repeat {
            do { try survivor.destroyContext(leaver.path) } catch { answer = error }
        } while answer?.name != "org.hwalja.Error.NoSuchContext" && !deadline.hasPassed
        #expect(answer?.name == "org.hwalja.Error.NoSuchContext")
        let children = try survivor.call(
            EngineInterface.contextsPath, "org.freedesktop.DBus.Introspectable", "Introspect")
        #expect(children.first?.stringValue?.contains("node name=\"\(kept.split(separator: "/").last!)\"") == true)
        #expect(try survivor.key("PressKey", "ㅣ", on: kept).preedit == "시")
    }

    @Test func replayThroughTheDaemonMatchesReplayInProcess() throws {
        let daemon = try PrivateDaemon()
        let log = packageRoot.appendingPathComponent("tools/demo.keys").path
        let inProcess = try runProcess(product("hwalja-replay"), [log])
        let throughBus = try runProcess(product("hwalja-replay"), ["--bus", daemon.bus.address, log])
        #expect(throughBus.status == 0, "\(throughBus.stderr)")
        #expect(throughBus.stdout == inProcess.stdout)
        #expect(inProcess.stdout == "안녕하세요. 감사합니다\n")
    }
}
