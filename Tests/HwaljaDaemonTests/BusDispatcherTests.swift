import Dispatch
import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// The dispatcher on a real bus: it must never wait on the socket while messages libdbus has
/// already read sit in its queue (issue #12).
struct BusDispatcherTests {
    @Test func aMessageReadDuringABlockingCallIsDispatchedWithoutMoreTraffic() throws {
        let bus = try PrivateBus()
        let server = try BusConnection(bus: .address(bus.address))
        let peer = try BusConnection(bus: .address(bus.address))

        let hello = BusMessage.signal(path: "/org/hwalja/Test", interface: "org.hwalja.Test", member: "Hello")
        hello.setDestination(server.uniqueName)
        peer.send(hello)
        _ = try peer.call(Self.getId())  // the bus has routed Hello to the server before it answers this
        // The server's own blocking call reads Hello from its socket while it waits for its reply:
        // Hello is now in libdbus's queue, and the socket is empty.
        _ = try server.call(Self.getId())
        #expect(server.hasMessagesToDispatch)

        let received = DispatchSemaphore(value: 0)
        server.setHandler { message in
            if message.member == "Hello" { received.signal() }
            return true
        }
        let dispatcher = try BusDispatcher(connection: server, queue: DispatchQueue(label: "test.dispatcher")) {}
        defer { dispatcher.cancel() }
        #expect(
            received.wait(timeout: .now() + 5) == .success,
            "Hello waited in libdbus's queue while the dispatcher polled an empty socket")
    }

    /// `afterMessages` runs once the call was handled and its reply written, not before.
    @Test func afterMessagesRunsOnceTheReplyIsWritten() throws {
        let bus = try PrivateBus()
        let server = try BusConnection(bus: .address(bus.address))
        let client = try BusConnection(bus: .address(bus.address))
        let queue = DispatchQueue(label: "test.dispatcher")
        nonisolated(unsafe) var handled = 0
        nonisolated(unsafe) var seen: [(handled: Int, outputPending: Bool)] = []  // on `queue`
        server.setHandler { message in
            guard message.kind == .methodCall, message.member == "Answer", let reply = try? message.methodReturn([])
            else { return false }
            handled += 1
            server.send(reply)
            return true
        }
        let dispatcher = try BusDispatcher(
            connection: server, queue: queue,
            afterMessages: {
                seen.append((handled, server.hasOutputPending))
            }
        ) {}
        defer { dispatcher.cancel() }

        let call = BusMessage.methodCall(
            destination: server.uniqueName, path: "/", interface: "org.hwalja.Test", member: "Answer")
        _ = try client.call(call)
        let afterCall = queue.sync { seen }
        let ran = try #require(
            afterCall.first { $0.handled == 1 }, "afterMessages did not run after the call was handled: \(afterCall)")
        #expect(!ran.outputPending, "afterMessages ran before the reply was written")
        #expect(afterCall.allSatisfy { $0.handled <= 1 })
    }

    static func getId() -> BusMessage {
        BusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetId")
    }
}
