import CGtk
import HwaljaDBus

/// The on-screen keyboard's D-Bus face in Phosh (`sm.puri.OSK0` at `/sm/puri/OSK0` on the
/// session bus, as squeekboard has it): Phosh's keyboard button calls `SetVisible`, and reads
/// `Visible` to show it pressed; Phosh greys the button while no one owns the name. The keypad
/// still shows and hides itself as fields come and go; this only lets the shell ask.
///
/// Served on a connection of its own, read in GTK's main loop.
final class OnScreenKeyboardService {
    static let busName = "sm.puri.OSK0"
    static let path = "/sm/puri/OSK0"
    static let interface = "sm.puri.OSK0"

    /// Called with what `SetVisible` asks.
    var onSetVisible: ((Bool) -> Void)?

    private let connection: BusConnection
    private var visible = false

    /// Takes the name on the session bus; throws if the bus cannot be reached or another
    /// keyboard (squeekboard) has the name.
    init() throws(BusError) {
        weak var me: OnScreenKeyboardService?
        connection = try ownOnSessionBus(Self.busName) { message in me?.handle(message) ?? false }
        me = self
    }

    /// Says whether the keypad shows (`PropertiesChanged` when that changes).
    func setVisible(_ shown: Bool) {
        guard shown != visible else { return }
        visible = shown
        let changed = BusMessage.signal(
            path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged")
        try? changed.append([
            .string(Self.interface),
            .array(elementSignature: "{sv}", [.dictEntry(.string("Visible"), .variant(.boolean(shown)))]),
            .array(elementSignature: "s", [])
        ])
        connection.send(changed)
        connection.flush()
    }

    private func handle(_ message: BusMessage) -> Bool {
        guard message.kind == .methodCall else { return false }
        let arguments = (try? message.arguments()) ?? []
        let reply: BusMessage?
        switch (message.interface, message.member, arguments.first) {
        case (Self.interface, "SetVisible", .boolean(let shown)?):
            onSetVisible?(shown)
            reply = try? message.methodReturn()
        case ("org.freedesktop.DBus.Properties", "Get", .string(Self.interface)?)
        where arguments.count == 2 && arguments[1] == .string("Visible"):
            reply = try? message.methodReturn([.variant(.boolean(visible))])
        case ("org.freedesktop.DBus.Properties", "GetAll", .string(Self.interface)?):
            reply = try? message.methodReturn([
                .array(elementSignature: "{sv}", [.dictEntry(.string("Visible"), .variant(.boolean(visible)))])
            ])
        case ("org.freedesktop.DBus.Introspectable", "Introspect", _):
            reply = try? message.methodReturn([.string(Self.introspection)])
        default:
            reply = message.errorReply(.unknownMethod("\(Self.path) has SetVisible(b) and the property Visible"))
        }
        answer(message, with: reply, on: connection)
        return true
    }

    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="sm.puri.OSK0">
            <method name="SetVisible"><arg name="visible" type="b" direction="in"/></method>
            <property name="Visible" type="b" access="read"/>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
            <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
            <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg type="s" direction="out"/></method>
          </interface>
        </node>
        """
}
