import CGtk
import CWaylandProtocols

/// What a Wayland compositor offers (its globals), read once on `display` with a round trip,
/// and the means to bind them. The registry goes when this does: no listener of it is left to be
/// called later (a monitor plugged in announces a global) with an object that is gone.
final class WaylandGlobals {
    private let registry: OpaquePointer
    private var offered: [(name: UInt32, interface: String, version: UInt32)] = []
    private let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)

    /// Reads the globals of `display`; `nil` if it gives no registry.
    init?(display: OpaquePointer) {
        guard let registry = wl_display_get_registry(display) else { return nil }
        self.registry = registry
        listener.initialize(
            to: wl_registry_listener(
                global: { me, _, name, interface, version in
                    guard let me, let interface else { return }
                    Unmanaged<WaylandGlobals>.fromOpaque(me).takeUnretainedValue().offered.append(
                        (name, String(cString: interface), version))
                },
                global_remove: { _, _, _ in }))
        wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
    }

    deinit {
        wl_registry_destroy(registry)
        listener.deallocate()
    }

    /// Binds the first global of `interface` at `version`, if one is offered at that version or later.
    func bind(_ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        let name = String(cString: interface.pointee.name)
        guard let global = offered.first(where: { $0.interface == name && $0.version >= version }) else { return nil }
        return OpaquePointer(wl_registry_bind(registry, global.name, interface, version))
    }
}
