import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// A few thousand random calls and signals at hwaljad, from a fixed seed: every call is answered
/// (a reply or an error with a known name, never silence), and the daemon goes on serving.
struct DaemonFuzzTests {
    static let knownErrors: Set<String> = [
        "org.hwalja.Error.UnknownKey", "org.hwalja.Error.NoSuchContext", "org.hwalja.Error.AccessDenied",
        "org.hwalja.Error.InvalidArgs", "org.hwalja.Error.LimitExceeded", "org.hwalja.Error.UnknownLayout",
        "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownMethod",
        "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownInterface",
        "org.freedesktop.DBus.Error.PropertyReadOnly"
    ]

    /// Draws calls from what a confused or hostile client might send: real and made-up paths,
    /// interfaces and members, arguments of every basic type and some containers, huge strings.
    struct CallMaker {
        var random: SeededGenerator
        let ownContexts: [String]

        mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &random)] }

        mutating func string() -> String {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return pick(["ㄱㅋ", "ㅣ", "ㆍ", "BS", "NEXT", "SPACE", "PUNCT", "ENTER", "0", "9"])
            case 1: return ""
            case 2:
                return String(
                    repeating: pick(["ㄱ", "x", "\u{1100}\u{119E}", "\u{0301}"]),
                    count: Int.random(in: 1...70_000, using: &random))
            case 3:
                return pick([
                    "org.hwalja.Engine1", "org.hwalja.Context1", "Preedit", "Version", "TableInfo", "\u{FFFD}", "가"
                ])
            default:
                return String(
                    (0..<Int.random(in: 1...12, using: &random)).map { _ in
                        Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &random)))
                    })
            }
        }

        mutating func value() -> BusValue {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1, 2: return .string(string())
            case 3:
                return .objectPath(
                    pick(ownContexts + ["/", "/org/hwalja/Engine1/Context/1", "/org/hwalja/Engine1/Context/0", "/x/y"]))
            case 4: return .int32(Int32.random(in: .min ... .max, using: &random))
            case 5: return .boolean(Bool.random(using: &random))
            case 6: return .uint64(UInt64.random(in: 0 ... .max, using: &random))
            case 7:
                return .array(
                    elementSignature: "s", (0..<Int.random(in: 0...3, using: &random)).map { _ in .string(string()) })
            case 8: return .variant(.string(string()))
            default: return .stringVariantDictionary(["k": .int32(1)])
            }
        }

        mutating func call() -> BusMessage {
            let path = pick(
                ownContexts + ownContexts + [
                    "/", "/org", "/org/hwalja", "/org/hwalja/Engine1", "/org/hwalja/Engine1/Context",
                    "/org/hwalja/Engine1/Context/1", "/org/hwalja/Engine1/Context/99999999999999999999",
                    "/org/hwalja/Engine1/Context/007"
                ])
            let methods: [(String?, String, String)] = [  // interface, member, the signature it takes
                ("org.hwalja.Context1", "PressKey", "s"), ("org.hwalja.Context1", "KeyDown", "s"),
                ("org.hwalja.Context1", "KeyUp", "s"),
                ("org.hwalja.Context1", "Backspace", ""), ("org.hwalja.Context1", "NextCharacter", ""),
                ("org.hwalja.Context1", "Commit", ""),
                ("org.hwalja.Context1", "Reset", ""), ("org.hwalja.Context1", "SetCapabilities", "u"),
                ("org.hwalja.Engine1", "CreateContext", ""), ("org.hwalja.Engine1", "DestroyContext", "o"),
                ("org.freedesktop.DBus.Properties", "Get", "ss"), ("org.freedesktop.DBus.Properties", "GetAll", "s"),
                ("org.freedesktop.DBus.Properties", "Set", "ssv"),
                ("org.freedesktop.DBus.Introspectable", "Introspect", ""),
                ("org.freedesktop.DBus.Peer", "Ping", ""), (nil, "PressKey", "s"), ("org.example.Nope", "Nope", "")
            ]
            var (interface, member, signature) = pick(methods)
            // a mismatched interface now and then
            if Int.random(in: 0..<4, using: &random) == 0 { interface = pick(methods).0 }
            let message = BusMessage.methodCall(
                destination: "org.hwalja.Engine1", path: path, interface: interface, member: member)
            if Bool.random(using: &random) {  // the right shape, random contents
                try? message.append(
                    signature.map { code -> BusValue in
                        switch code {
                        case "s": .string(string())
                        case "o": value()
                        case "u": .uint32(UInt32.random(in: 0...UInt32.max, using: &random))
                        default: .variant(value())
                        }
                    })
            } else {
                try? message.append((0..<pick([0, 1, 1, 1, 2, 3])).map { _ in value() })
            }
            return message
        }
    }

    @Test func randomCallsAreAllAnsweredAndTheDaemonGoesOn() throws {
        let daemon = try PrivateDaemon()
        let fuzzer = try EngineClient(bus: .address(daemon.bus.address), timeoutMilliseconds: 5_000)
        let contexts = try (0..<3).map { _ in try fuzzer.createContext() }
        var maker = CallMaker(random: SeededGenerator(seed: 0x6877_616C_6A61), ownContexts: contexts)
        var replies = 0
        var errors: [String: Int] = [:]
        for index in 0..<3_000 {
            if index % 100 == 0 {  // now and then a forged bus signal, addressed to the daemon
                let signal = BusMessage.signal(
                    path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                    member: maker.pick(["NameLost", "NameOwnerChanged", "NameAcquired"]))
                signal.setDestination(try HostileClientTests.owner(of: "org.hwalja.Engine1", on: fuzzer.connection))
                try signal.append([
                    .string(maker.pick(["org.hwalja.Engine1", fuzzer.connection.uniqueName])),
                    .string(fuzzer.connection.uniqueName), .string("")
                ])
                fuzzer.connection.send(signal)
            }
            do {
                _ = try fuzzer.connection.call(maker.call(), timeoutMilliseconds: 5_000)
                replies += 1
            } catch {
                errors[error.name, default: 0] += 1
            }
        }
        print("fuzz: 3,000 calls, \(replies) replies, errors \(errors.sorted { $0.key < $1.key })")
        #expect(Set(errors.keys).isSubset(of: Self.knownErrors), "unexpected errors: \(errors)")
        #expect(replies + errors.values.reduce(0, +) == 3_000)
        #expect(daemon.daemon.isRunning)
        #expect(try HostileClientTests.typesCorrectly(daemon) == "안녕하세요")
    }
}
