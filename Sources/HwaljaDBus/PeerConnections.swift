import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Private, peer-to-peer connections to a service beside its bus connection: a socket in a
/// directory of its own (mode 0700), each connection one client under a made-up name
/// (`:peer.N`, which no bus gives), served by the same handler on the same queue as the bus.
///
/// It is the service's ``MessageSink``: what is addressed to a peer's name goes on that peer's
/// connection, everything else on the bus. A peer closing its connection is a client leaving the
/// bus. Each connection is watched by a ``BusDispatcher`` of its own, so a peer that stops
/// reading or never finishes authenticating holds up nobody else. Confined to `queue`.
package final class PeerConnections: MessageSink, @unchecked Sendable {
    /// The most peers at once; more are refused (closed at once).
    package static let maxPeers = 128
    /// How a peer's name starts: a bus's unique names are `:1.N`, never this.
    package static let namePrefix = ":peer."

    /// Where peers connect, with the server's guid.
    package let address: String
    private let bus: BusConnection
    private let queue: DispatchQueue
    private let server: BusServer
    private let directory: String
    private let source: any DispatchSourceRead
    private var peers: [String: (connection: BusConnection, dispatcher: BusDispatcher)] = [:]
    private var written: Set<String> = []
    private var nextPeer = 1
    /// Serials of what goes to peers, apart from the bus connection's own (counted from 1), so a
    /// reply's serial names one message whichever connection it came on.
    private var nextSerial: UInt32 = 0x8000_0000
    private var refusedOnce = false

    /// Every message from a peer, its sender set to the peer's name.
    package var handler: (BusMessage) -> Bool = { _ in false }
    /// Runs after each batch of a peer's messages was handled and answered (see ``BusDispatcher``).
    package var afterMessages: () -> Void = {}
    /// A peer closed its connection.
    package var peerLeft: (String) -> Void = { _ in }
    package var log: (String) -> Void = { _ in }

    /// Listens in a new directory `program-XXXXXX` under `$XDG_RUNTIME_DIR` (else `/tmp`).
    package init(program: String, bus: BusConnection, queue: DispatchQueue) throws(BusError) {
        let base = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        Self.removeStale(program: program, in: base)
        var template = Array("\(base)/\(program)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {  // mode 0700, made afresh: nobody else's, no link
            throw .failed("cannot make a directory in \(base): \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        do {
            server = try BusServer(listeningAt: "unix:path=\(directory)/engine")
        } catch {
            rmdir(directory)
            throw error
        }
        guard let descriptor = server.fileDescriptor else {
            server.close()
            rmdir(directory)
            throw .failed("the peer socket has nothing to watch")
        }
        address = server.address
        self.bus = bus
        self.queue = queue
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        server.setConnectionHandler { [unowned self] connection in accept(connection) }
        source.setEventHandler { [unowned self] in server.acceptPending() }
    }

    /// Starts taking connections, once ``handler``, ``afterMessages`` and ``peerLeft`` are set.
    package func start() {
        source.resume()
    }

    /// Removes what a `program` that was killed left in `base`: directories `program-XXXXXX` of this
    /// user's whose socket nobody listens on any more (one still listened on is another's, running).
    static func removeStale(program: String, in base: String) {
        for entry in entries(of: base)
        where entry.hasPrefix("\(program)-") && entry.utf8.count == program.utf8.count + 7 {
            let directory = "\(base)/\(entry)"
            var status = stat()
            guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
                continue
            }
            let socketPath = "\(directory)/engine"
            if isListenedOn(socketPath) { continue }
            unlink(socketPath)
            rmdir(directory)  // only if nothing else is in it
        }
    }

    /// The names in directory `path` (none if it cannot be read), without Foundation: the package's
    /// one binary links no Foundation (InstalledPackageTests; with it the .deb grew past 4 MB).
    private static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a process accepts connections on the Unix socket at `path`.
    private static func isListenedOn(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return true }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return true }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return connected == 0 || errno != ECONNREFUSED && errno != ENOENT
    }

    /// Stops listening and removes the socket and its directory (before the program exits).
    package func close() {
        source.cancel()
        server.close()
        rmdir(directory)
    }

    /// Sends `message` on the connection its destination names (see ``MessageSink``).
    @discardableResult
    package func send(_ message: BusMessage) -> UInt32 {
        guard let destination = message.destination, destination.hasPrefix(Self.namePrefix) else {
            return bus.send(message)
        }
        guard let peer = peers[destination] else { return 0 }  // gone: nobody to tell
        let serial = nextSerial
        nextSerial = nextSerial == UInt32.max ? 0x8000_0000 : nextSerial + 1
        message.prepareForPeer(serial: serial)
        peer.connection.send(message)
        written.insert(destination)
        return serial
    }

    /// What this process still holds unwritten for peer `client`; `nil` for a bus client.
    package func unwrittenBytes(to client: String) -> Int? {
        guard client.hasPrefix(Self.namePrefix) else { return nil }
        return peers[client]?.connection.unwrittenBytes ?? 0
    }

    /// Writes what was sent to peers outside their own dispatch (a timer's signals). On the queue.
    package func sendQueued() {
        for name in written { peers[name]?.dispatcher.sendQueued() }
        written.removeAll(keepingCapacity: true)
    }

    /// The same from inside a handler (``BusDispatcher/writeSoon()``): written once it returns.
    package func writeSoon() {
        for name in written { peers[name]?.dispatcher.writeSoon() }
        written.removeAll(keepingCapacity: true)
    }

    private func accept(_ connection: BusConnection) {
        guard peers.count < Self.maxPeers else {
            if !refusedOnce { log("refused a peer connection: \(Self.maxPeers) already open") }
            refusedOnce = true
            return  // not kept: libdbus closes it
        }
        let name = "\(Self.namePrefix)\(nextPeer)"
        nextPeer += 1
        connection.setHandler { [unowned self] message in
            message.setSender(name)  // whatever the peer wrote there
            if message.kind == .methodCall, message.interface == "org.freedesktop.DBus", message.hasMember("Hello") {
                // Libraries made for buses (sd-bus, GDBus) say Hello first: the peer's name is its unique name.
                if let reply = try? message.methodReturn([.string(name)]) { send(reply) }
                return true
            }
            return handler(message)
        }
        do {
            let dispatcher = try BusDispatcher(connection: connection, queue: queue, afterMessages: afterMessages) {
                [weak self] in self?.closed(name)
            }
            peers[name] = (connection, dispatcher)
        } catch {
            log("cannot serve a peer connection: \(error.message)")
        }
    }

    private func closed(_ name: String) {
        guard peers.removeValue(forKey: name) != nil else { return }
        written.remove(name)
        refusedOnce = false
        peerLeft(name)
    }
}
