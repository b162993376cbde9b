import CDBus

/// A D-Bus error: a name such as `org.hwalja.Error.UnknownKey` and a human message.
///
/// Thrown by the glue when libdbus reports a failure, and sent back as an error reply when a
/// method call is refused. Not libdbus's C `DBusError`, which only ever lives inside ``withDBusError(_:)``.
package struct BusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error name.
    package var name: String
    /// What went wrong, for people.
    package var message: String

    package init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    package var description: String { "\(name): \(message)" }

    /// `org.freedesktop.DBus.Error.InvalidArgs`, for the standard interfaces (`org.freedesktop.DBus.Properties`)
    /// and IBus's; hwalja's own interfaces answer ``EngineInterface/ErrorName/invalidArgs``.
    package static func invalidArgs(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownMethod`: the object has no such method; `message` says what it has.
    package static func unknownMethod(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }

    /// `org.freedesktop.DBus.Error.Failed`, for failures without a better name.
    package static func failed(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }
}

/// Runs `body` with an initialised C `DBusError`, frees it, and throws it as a ``BusError`` if set.
func withDBusError<T>(_ body: (UnsafeMutablePointer<DBusError>) -> T) throws(BusError) -> T {
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let result = body(&error)
    if dbus_error_is_set(&error) != 0 {
        throw BusError(
            name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
            message: error.message.map { String(cString: $0) } ?? "unknown libdbus error"
        )
    }
    return result
}
