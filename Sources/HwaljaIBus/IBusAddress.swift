import HwaljaRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// Finds ibus-daemon's own bus, as libibus's `ibus_get_address` does: `$IBUS_ADDRESS`, else the
/// address file (`$IBUS_ADDRESS_FILE`, else `$XDG_CONFIG_HOME/ibus/bus/<machine-id>-<host>-<display>`)
/// whose daemon PID is alive.
package enum IBusAddress {
    /// Why no address was found.
    package struct NotFound: Error, CustomStringConvertible {
        package var description: String
    }

    /// The address to connect to.
    package static func find(environment: [String: String] = SystemFiles.environment()) throws(NotFound) -> String {
        if let address = environment["IBUS_ADDRESS"], !address.isEmpty { return address }
        let path = try addressFile(environment: environment)
        guard let data = SystemFiles.read(path) else {
            throw NotFound(description: "no IBUS_ADDRESS and no address file at \(path): is ibus-daemon running?")
        }
        var address: String?
        var pid: Int32?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("IBUS_ADDRESS=") { address = String(line.dropFirst("IBUS_ADDRESS=".count)) }
            if line.hasPrefix("IBUS_DAEMON_PID=") { pid = Int32(line.dropFirst("IBUS_DAEMON_PID=".count)) }
        }
        guard let address, let pid, kill(pid, 0) == 0 else {
            throw NotFound(description: "\(path) names no running ibus-daemon")
        }
        return address
    }

    /// The address file's path.
    static func addressFile(environment: [String: String]) throws(NotFound) -> String {
        if let file = environment["IBUS_ADDRESS_FILE"], !file.isEmpty { return file }
        let machineID = ["/var/lib/dbus/machine-id", "/etc/machine-id"].lazy
            .compactMap(SystemFiles.read)
            .map { String(decoding: $0, as: UTF8.self).filter { !$0.isWhitespace } }
            .first { !$0.isEmpty }
        guard let machineID else {
            throw NotFound(description: "no machine id in /var/lib/dbus/machine-id or /etc/machine-id")
        }
        let host: String
        let display: String
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            host = "unix"
            display = wayland
        } else if let x = environment["DISPLAY"], let colon = x.lastIndex(of: ":") {
            host = x[..<colon].isEmpty ? "unix" : String(x[..<colon])
            display = String(x[x.index(after: colon)...].split(separator: ".").first ?? "0")
        } else {
            host = "unix"
            display = "0"
        }
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? "") + "/.config")
        return "\(config)/ibus/bus/\(machineID)-\(host)-\(display)"
    }
}
