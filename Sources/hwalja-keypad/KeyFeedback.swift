import HwaljaDBus
import HwaljaRuntime
import HwaljaTyping

/// A short vibration or click for each key that goes down, as a phone's keyboard gives: asked of
/// feedbackd (`org.sigxcpu.Feedback` on the session bus, Phosh's service for haptic, audio and
/// LED feedback), which plays what the user's feedback profile says for an on-screen keyboard's
/// key. Where feedbackd does not run (most desktops), nothing: the
/// call is sent and forgotten, never waited for, and wakes no service.
///
/// The `keypad-feedback` setting turns it off; the settings file is looked at again, without
/// being read, on every key, and read when it changed.
final class KeyFeedback {
    /// feedbackd's name, object and interface.
    static let busName = "org.sigxcpu.Feedback"
    static let path = "/org/sigxcpu/Feedback"
    /// The event the freedesktop feedback naming spec gives a key of an on-screen keyboard.
    static let keyPressed = "key-pressed"
    /// Who asks, as feedbackd's per-application profiles name it.
    static let applicationID = "org.hwalja.Keypad"

    private let connection: BusConnection?
    private let settingsFile: FileWatch
    private var enabled: Bool

    /// Feedback through the session bus, if there is one (else none), as the settings file says.
    init() {
        connection = BusConnection.Bus.existingSession.flatMap { bus in
            guard let connection = try? BusConnection(bus: bus) else { return nil }
            // Errors a bus may still send for a call no one took are read and dropped.
            connection.setHandler { _ in true }
            watchInMainLoop(connection) { warn("the session bus closed the connection for key feedback") }
            return connection
        }
        settingsFile = FileWatch(path: ConfigFile.defaultPath)
        enabled = Self.readSetting()
    }

    /// A key went down: feedbackd is asked for the key's feedback, unless the setting is off.
    func keyWentDown() {
        if settingsFile.changed() { enabled = Self.readSetting() }
        guard enabled, let connection else { return }
        let call = BusMessage.methodCall(
            destination: Self.busName, path: Self.path, interface: Self.busName, member: "TriggerFeedback")
        let noHints = BusValue.array(elementSignature: "{sv}", [])
        guard (try? call.append([.string(Self.applicationID), .string(Self.keyPressed), noHints, .int32(-1)])) != nil
        else { return }
        call.expectNoReply()
        connection.send(call)
        connection.flush()
    }

    /// `keypad-feedback` in the user's settings file (on, when the file is missing or unreadable).
    private static func readSetting() -> Bool {
        (try? ConfigFile.load(nil))?.settings.keypadFeedback ?? true
    }
}
