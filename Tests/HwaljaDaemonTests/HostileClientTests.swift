import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// hwaljad against clients that forge, flood, hoard or never read, on real private buses: the
/// daemon stays up, answers with named errors, and every other client keeps typing correctly.
struct HostileClientTests {
    static let typed = "ㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅅㅎ ㆍ ㅣ ㅣ ㅇㅁ ㆍ ㆍ ㅡ"

    /// A fresh, well-behaved client types 안녕하세요 on a context of its own.
    static func typesCorrectly(_ daemon: PrivateDaemon, replyTime: (Duration) -> Void = { _ in }) throws -> String {
        let client = try EngineClient(bus: .address(daemon.bus.address), timeoutMilliseconds: 5_000)
        let path = try client.createContext()
        var text = ""
        var preedit = ""
        for key in typed.split(separator: " ") {
            let start = ContinuousClock.now
            let result = try client.key("PressKey", String(key), on: path)
            replyTime(.now - start)
            text += result.commit
            preedit = result.preedit
        }
        try client.destroyContext(path)
        return text + preedit
    }

    /// The unique name of the owner of `name`.
    static func owner(of name: String, on connection: BusConnection) throws -> String {
        let ask = BusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetNameOwner")
        try ask.append([.string(name)])
        return try connection.call(ask).arguments().first?.stringValue ?? ""
    }

    /// A signal addressed to one connection, as anyone on the bus may send.
    static func forgedSignal(
        to destination: String, path: String, interface: String, member: String, _ arguments: [BusValue]
    ) throws -> BusMessage {
        let signal = BusMessage.signal(path: path, interface: interface, member: member)
        signal.setDestination(destination)
        try signal.append(arguments)
        return signal
    }

    /// A round trip to the daemon from `connection`: everything it sent before has been handled.
    static func roundTrip(_ connection: BusConnection) throws {
        let ping = BusMessage.methodCall(
            destination: "org.hwalja.Engine1", path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")
        _ = try connection.call(ping, timeoutMilliseconds: 5_000)
    }

    @Test func aForgedNameLostDoesNotStopTheDaemon() throws {
        let daemon = try PrivateDaemon()
        let attacker = try BusConnection(bus: .address(daemon.bus.address))
        let hwaljad = try Self.owner(of: "org.hwalja.Engine1", on: attacker)
        attacker.send(
            try Self.forgedSignal(
                to: hwaljad, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameLost",
                [.string("org.hwalja.Engine1")]))
        try Self.roundTrip(attacker)
        #expect(daemon.daemon.isRunning)
        #expect(!daemon.daemon.stderrSoFar.contains("another daemon took"))
        #expect(try Self.typesCorrectly(daemon) == "안녕하세요")
    }

    @Test func aForgedNameOwnerChangedDoesNotFreeAnotherClientsContexts() throws {
        let daemon = try PrivateDaemon()
        let victim = try EngineClient(bus: .address(daemon.bus.address))
        let path = try victim.createContext()
        _ = try victim.key("PressKey", "ㄱㅋ", on: path)
        let attacker = try BusConnection(bus: .address(daemon.bus.address))
        let hwaljad = try Self.owner(of: "org.hwalja.Engine1", on: attacker)
        let name = victim.connection.uniqueName
        attacker.send(
            try Self.forgedSignal(
                to: hwaljad, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameOwnerChanged", [.string(name), .string(name), .string("")]))
        try Self.roundTrip(attacker)
        #expect(try victim.key("PressKey", "ㅣ", on: path).preedit == "기")
    }

    @Test func aForgedSignalDoesNotInjectTextIntoAClient() throws {
        let daemon = try PrivateDaemon(["--long-press", "50"])
        let victim = try EngineClient(bus: .address(daemon.bus.address))
        final class Received: @unchecked Sendable { var texts: [String] = [] }
        let received = Received()
        victim.onSignal = { _, _, arguments in received.texts.append(arguments.first?.stringValue ?? "") }
        let path = try victim.createContext()
        try victim.setCapabilities(EngineInterface.Capability.signals, on: path)
        _ = try victim.key("PressKey", "ㄱㅋ", on: path)
        let attacker = try BusConnection(bus: .address(daemon.bus.address))
        attacker.send(
            try Self.forgedSignal(
                to: victim.connection.uniqueName, path: path, interface: "org.hwalja.Context1", member: "Committed",
                [.string("주입된글")]))
        attacker.send(
            try Self.forgedSignal(
                to: victim.connection.uniqueName, path: path, interface: "org.hwalja.Context1",
                member: "KeyNotConsumed", [.string("BS")]))
        attacker.flush()
        victim.processSignals(waitingMilliseconds: 500)
        _ = try victim.key("KeyDown", "ㅣ", on: path)  // held past the long press: a timer commits ㄱ1
        Thread.sleep(forTimeInterval: 0.3)
        victim.processSignals(waitingMilliseconds: 500)
        #expect(!received.texts.contains("주입된글"))
        #expect(!received.texts.contains("BS"))
        #expect(received.texts.contains("ㄱ1"))  // the daemon's own signals still arrive
    }

    @Test func aHugeKeyNameGetsAShortErrorAndTheDaemonGoesOn() throws {
        // The tight bus allows 1 MiB messages: an error repeating the key would be larger.
        let daemon = try PrivateDaemon(bus: try PrivateBus(config: "Tests/fixtures/tight-bus.conf"))
        let client = try EngineClient(bus: .address(daemon.bus.address), timeoutMilliseconds: 5_000)
        let path = try client.createContext()
        let huge = String(repeating: "ㄱ", count: 340_000)  // about 1 MB of UTF-8
        #expect {
            _ = try client.key("PressKey", huge, on: path)
        } throws: { error in
            let error = error as? BusError
            return error?.name == "org.hwalja.Error.UnknownKey" && (error?.message.utf8.count ?? .max) < 400
                && error?.message.contains("ㄱㄱㄱ") == true
        }
        let longPath = "/" + Array(repeating: "x", count: 100_000).joined(separator: "/")
        #expect {
            try client.destroyContext(longPath)
        } throws: { error in
            (error as? BusError)?.name == "org.hwalja.Error.NoSuchContext"
                && ((error as? BusError)?.message.utf8.count ?? .max) < 400
        }
        #expect(daemon.daemon.isRunning)
        #expect(try client.key("PressKey", "ㄱㅋ", on: path).preedit == "ㄱ")
        #expect(try Self.typesCorrectly(daemon) == "안녕하세요")
    }

    @Test func eachClientHoldsAtMost64ContextsAndTheRestGetLimitExceeded() throws {
        let daemon = try PrivateDaemon()
        let hoarder = try EngineClient(bus: .address(daemon.bus.address))
        let paths = try (0..<64).map { _ in try hoarder.createContext() }
        #expect {
            _ = try hoarder.createContext()
        } throws: { error in
            (error as? BusError)?.name == "org.hwalja.Error.LimitExceeded"
        }
        #expect(try Self.typesCorrectly(daemon) == "안녕하세요")  // another client is not limited by it
        try hoarder.destroyContext(paths[0])
        _ = try hoarder.createContext()  // room again

        let few = try PrivateDaemon(["--max-contexts", "2"])
        let client = try EngineClient(bus: .address(few.bus.address))
        _ = try client.createContext()
        _ = try client.createContext()
        #expect(throws: BusError.self) { _ = try client.createContext() }
    }

    @Test func memoryReturnsWhenManyClientsContextsGo() throws {
        let daemon = try PrivateDaemon()
        // the lexicon, read after start-up, is in "before"
        try DaemonLifecycleTests.waitFor(daemon, "word suggestions:", seconds: 60)
        _ = try Self.typesCorrectly(daemon)
        let before = try #require(daemon.anonymousKilobytes)
        var hoarders: [EngineClient] = []
        for _ in 0..<40 {
            let hoarder = try EngineClient(bus: .address(daemon.bus.address))
            for _ in 0..<64 { _ = try hoarder.createContext() }
            hoarders.append(hoarder)
        }
        let full = try #require(daemon.anonymousKilobytes)
        hoarders.removeAll()  // 2,560 contexts' clients leave the bus
        var after = full
        let deadline = Deadline(seconds: 20)  // malloc_trim a second after contexts go, and again once idle (3 to 6 s)
        while after > before + (full - before) / 3 && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.1)
            after = daemon.anonymousKilobytes ?? after
        }
        print(
            "hwaljad resident anonymous memory: \(before) KiB, \(full) KiB with 2,560 contexts, \(after) KiB after their clients left"
        )
        #expect(full > before)
        #expect(after <= before + (full - before) / 3, "memory did not return: \(before) → \(full) → \(after) KiB")
        #expect(try Self.typesCorrectly(daemon) == "안녕하세요")
    }

    @Test func introspectionShowsEachClientItsOwnContextsOnly() throws {
        let daemon = try PrivateDaemon()
        let first = try EngineClient(bus: .address(daemon.bus.address))
        let second = try EngineClient(bus: .address(daemon.bus.address))
        let firsts = try (0..<3).map { _ in try first.createContext() }
        let seconds = try second.createContext()
        func children(_ client: EngineClient) throws -> String {
            try client.call(EngineInterface.contextsPath, "org.freedesktop.DBus.Introspectable", "Introspect").first?
                .stringValue ?? ""
        }
        let seenByFirst = try children(first)
        let seenBySecond = try children(second)
        for path in firsts {
            let node = "<node name=\"\(path.split(separator: "/").last!)\"/>"
            #expect(seenByFirst.contains(node))
            #expect(!seenBySecond.contains(node))
        }
        #expect(seenBySecond.contains("<node name=\"\(seconds.split(separator: "/").last!)\"/>"))
        // Another's context looks like no object at all (libdbus's empty answer for unknown paths).
        let foreign =
            try second.call(firsts[0], "org.freedesktop.DBus.Introspectable", "Introspect").first?.stringValue ?? ""
        #expect(!foreign.contains("org.hwalja.Context1"))
        #expect(
            try first.call(firsts[0], "org.freedesktop.DBus.Introspectable", "Introspect").first?.stringValue?.contains(
                "org.hwalja.Context1") == true)
    }

    @Test func clientsThatStopReadingAreCutOffAndEveryoneElseKeepsTyping() throws {
        // On the tight bus the old daemon blocked for good within seconds of this flood: the bus
        // stops reading it once 2 MiB of its messages wait in clients' queues.
        let daemon = try PrivateDaemon(
            ["--repeat-interval", "5", "--max-unread-kib", "256", "--max-contexts", "1000"],
            bus: try PrivateBus(config: "Tests/fixtures/tight-bus.conf"))
        try DaemonLifecycleTests.waitFor(daemon, "word suggestions:", seconds: 60)
        _ = try Self.typesCorrectly(daemon)
        // The anchor: the same client's replies with nobody misbehaving, in the same run.
        var quiet: [Duration] = []
        for _ in 0..<20 { _ = try Self.typesCorrectly(daemon) { quiet.append($0) } }
        let before = try #require(daemon.anonymousKilobytes)
        // Its first call after the flood reads all that waits for it: megabytes, mostly the bus's
        // own refusals of the calls past its 128 pending.
        let flooder = try EngineClient(bus: .address(daemon.bus.address), timeoutMilliseconds: 60_000)
        let path = try flooder.createContext()
        let holder = try EngineClient(bus: .address(daemon.bus.address))
        let held = try (0..<1_000).map { _ in try holder.createContext() }
        // The holder asks for signals (what its held keys' timers do), then neither reads its
        // socket again: the holder holds BS on 1,000 contexts (a KeyNotConsumed each 5 ms each),
        // the flooder sends keys as fast as it can.
        for context in held { try holder.setCapabilities(EngineInterface.Capability.signals, on: context) }
        flooder.connection.limitReadAhead(bytes: 1)
        holder.connection.limitReadAhead(bytes: 1)
        for context in held {
            let down = BusMessage.methodCall(
                destination: "org.hwalja.Engine1", path: context, interface: "org.hwalja.Context1", member: "KeyDown")
            try down.append([.string("BS")])
            holder.connection.send(down)
        }
        holder.connection.drain(timeoutMilliseconds: 5_000)
        let keys = ["ㄱㅋ", "ㅣ", "ㆍ", "ㄴㄹ", "ㅇㅁ", "ㅡ"].map { key in
            let message = BusMessage.methodCall(
                destination: "org.hwalja.Engine1", path: path, interface: "org.hwalja.Context1", member: "PressKey")
            try? message.append([.string(key)])
            return message
        }
        for round in 0..<40_000 {
            flooder.connection.send(keys[round % keys.count].copy())
            if round % 500 == 0 { flooder.connection.drain(timeoutMilliseconds: 5_000) }
        }
        flooder.connection.drain(timeoutMilliseconds: 5_000)
        // Everyone else is still served, and fast, while both go on not reading.
        var replies: [Duration] = []
        for _ in 0..<20 { #expect(try Self.typesCorrectly(daemon) { replies.append($0) } == "안녕하세요") }
        Thread.sleep(forTimeInterval: 1)
        #expect(try Self.typesCorrectly(daemon) { replies.append($0) } == "안녕하세요")
        // How fast is a figure beside its anchor, not an assertion: a key's reply while two clients
        // do not read, and with nobody misbehaving (a reply slower than the client's 5 s fails above).
        func figures(_ durations: [Duration]) -> String {
            let sorted = durations.sorted()
            return "median \(sorted[sorted.count / 2]), p99 \(sorted[sorted.count * 99 / 100]) (\(sorted.count) calls)"
        }
        print(
            "others' replies while two clients do not read: \(figures(replies)); with nobody misbehaving: \(figures(quiet))"
        )
        let during = try #require(daemon.anonymousKilobytes)
        print("hwaljad anonymous memory: \(before) KiB before, \(during) KiB with 1,000 held contexts and a flood")
        #expect(during - before < 16 * 1_024, "hwaljad grew from \(before) to \(during) KiB")
        let stderr = daemon.daemon.stderrSoFar
        #expect(
            stderr.components(separatedBy: "client \(flooder.connection.uniqueName) left over").count == 2, "\(stderr)")
        #expect(
            stderr.components(separatedBy: "client \(holder.connection.uniqueName) left over").count == 2, "\(stderr)")
        // The flooder reads again: its first call reads all that waits and is told why it was not
        // served, never silence: hwaljad's NotReading, or, while its 128 unanswered calls fill the
        // bus's slots for it, the bus's LimitsExceeded. Within a recheck (0.5 s) hwaljad sees it
        // read, answers those calls NotReading, and serves it again: its freed context answers
        // NoSuchContext.
        flooder.connection.limitReadAhead(bytes: 64 << 20)  // a blocking call reads all that waits, up to its reply
        #expect {
            _ = try flooder.key("PressKey", "ㄱㅋ", on: path)
        } throws: { error in
            let error = error as? BusError
            return
                (error?.name == "org.hwalja.Error.NotReading"
                && error?.message.contains("read your connection") == true)
                || error?.name == "org.freedesktop.DBus.Error.LimitsExceeded"
        }
        try DaemonLifecycleTests.waitFor(daemon, "client \(flooder.connection.uniqueName) reads again", seconds: 30)
        #expect {
            _ = try flooder.key("PressKey", "ㄱㅋ", on: path)
        } throws: { error in
            (error as? BusError)?.name == "org.hwalja.Error.NoSuchContext"
        }
        let fresh = try flooder.createContext()
        #expect(try flooder.key("PressKey", "ㄱㅋ", on: fresh).preedit == "ㄱ")
        // And SIGTERM is still acted on at once.
        let outcome = daemon.daemon.stop(signal: SIGTERM, seconds: 5)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("released org.hwalja.Engine1"))
        withExtendedLifetime((flooder, holder)) {}
    }
}
