import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// hwalja-keypad's own interface, `org.hwalja.Keypad1`, as any program on the session bus may call
/// it: the keypad under Xvfb on a private bus, called over a plain libdbus connection. Wrong
/// arguments, a page of more than nine or past the last get a named error, and the keypad goes on
/// serving. Named so that
/// `--skip RealApplicationTests` leaves it out (it needs Xvfb).
struct KeypadBusRealApplicationTests {
    @Test func wrongArgumentsGetANamedErrorAndTheKeypadGoesOn() throws {
        let bus = try PrivateBus()
        let server = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/Xvfb"), ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
        )
        defer { _ = server.stop() }
        try server.waitUntil("display from Xvfb", hint: " (install xvfb: tools/install-deps)") {
            server.stdoutSoFar.hasSuffix("\n")
        }
        let display = ":" + server.stdoutSoFar.trimmingCharacters(in: .whitespacesAndNewlines)
        let keypad = try BackgroundProcess(
            keypadProgram, [],
            environment: bus.environment.merging(["DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"]) {
                $1
            })
        defer { _ = keypad.stop() }
        try keypad.waitUntil("\(KeypadInterface.busName) on the bus") { bus.hasOwner(KeypadInterface.busName) }
        let caller = try BusConnection(bus: .address(bus.address))
        func call(_ member: String, _ values: [BusValue]) throws(BusError) -> BusMessage {
            let message = BusMessage.methodCall(
                destination: KeypadInterface.busName, path: KeypadInterface.path,
                interface: KeypadInterface.interface, member: member)
            try message.append(values)
            return try caller.call(message, timeoutMilliseconds: 10_000)
        }
        for (member, values) in [
            (KeypadInterface.showCandidates, [BusValue.string("韓國")]),
            (KeypadInterface.showCandidates, [.array(elementSignature: "(ss)", []), .uint32(0)]),
            (KeypadInterface.showSuggestions, [.boolean(true)]),
            (KeypadInterface.showConversion, [.string("yes")])
        ] {
            do {
                _ = try call(member, values)
                Issue.record("\(member) with wrong arguments was answered as if right")
            } catch {
                #expect(error.name == EngineInterface.ErrorName.invalidArgs, "\(member): \(error)")
                #expect(error.message.hasPrefix(member), "the error says what \(member) takes: \(error.message)")
            }
        }
        do {
            _ = try call("Explode", [])
            Issue.record("an unknown method was answered")
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.UnknownMethod", "\(error)")
        }
        let page = CandidatesSignal(texts: ["韓國", "寒國"], meanings: ["대한민국", "찰 한, 나라 국"], page: 0, pages: 12)
        #expect(try call(KeypadInterface.showCandidates, page.values).kind == .methodReturn)
        // More than a page's nine, or a page past the last: refused, as wrong arguments.
        let tooMany = CandidatesSignal(
            texts: Array(repeating: "韓", count: 10_000), meanings: Array(repeating: "한국 한", count: 10_000), page: 0,
            pages: 1)
        let pastTheLast = CandidatesSignal(texts: ["韓國"], meanings: [""], page: 5, pages: 2)
        for page in [tooMany, pastTheLast] {
            do {
                _ = try call(KeypadInterface.showCandidates, page.values)
                Issue.record("a page of \(page.texts.count), \(page.page) of \(page.pages), was taken")
            } catch {
                #expect(error.name == EngineInterface.ErrorName.invalidArgs, "\(error)")
            }
        }
        #expect(try call(KeypadInterface.showCandidates, CandidatesSignal.closed.values).kind == .methodReturn)
        #expect(keypad.isRunning)
    }
}
