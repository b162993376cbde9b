import HwaljaDBus

/// A ``MessageSink`` that keeps what a service sends, for running its handler in process.
package final class MessageLog: MessageSink, @unchecked Sendable {
    /// Everything sent, in order.
    package private(set) var messages: [BusMessage] = []
    private var serial: UInt32 = 0

    package init() {}

    @discardableResult
    package func send(_ message: BusMessage) -> UInt32 {
        messages.append(message)
        serial += 1
        return serial
    }

    /// Takes the messages sent so far, leaving the log empty.
    package func take() -> [BusMessage] {
        defer { messages.removeAll() }
        return messages
    }
}
