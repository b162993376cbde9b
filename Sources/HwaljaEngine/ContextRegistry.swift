/// The typing contexts of a daemon, each owned by the bus client that created it.
public struct ContextRegistry<Context>: Sendable where Context: Sendable {
    /// Why a call on a context was refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// No context has this number (never created, or destroyed).
        case noSuchContext(Int)
        /// The context belongs to another client.
        case accessDenied(Int, owner: String)
    }

    // Owners apart from contexts: checking a caller never copies a context. Inlinable so that the
    // daemon gets code specialised for its context type, without generic metadata look-ups per call.
    @usableFromInline var owners: [Int: String] = [:]
    @usableFromInline var contexts: [Int: Context] = [:]
    @usableFromInline var nextNumber = 1

    @inlinable public init() {}

    /// The number of live contexts.
    @inlinable public var count: Int { contexts.count }

    /// Adds a context owned by `owner` and returns its number (numbers are never reused).
    @inlinable public mutating func add(_ context: Context, owner: String) -> Int {
        let number = nextNumber
        nextNumber += 1
        owners[number] = owner
        contexts[number] = context
        return number
    }

    /// Throws unless context `number` exists and `caller` owns it.
    @inlinable public func check(_ number: Int, caller: String) throws(Refusal) {
        guard let owner = owners[number] else { throw .noSuchContext(number) }
        guard owner == caller else { throw .accessDenied(number, owner: owner) }
    }

    /// Runs `body` on context `number`, in place, if `caller` owns it.
    @inlinable public mutating func with<T>(_ number: Int, caller: String, _ body: (inout Context) -> T) throws(Refusal) -> T {
        try check(number, caller: caller)
        return body(&contexts[number]!)
    }

    /// Runs `body` on context `number`, in place, whoever owns it (for timers), or returns `nil` if it is gone.
    @inlinable public mutating func withAny<T>(_ number: Int, _ body: (inout Context) -> T) -> T? {
        guard contexts[number] != nil else { return nil }
        return body(&contexts[number]!)
    }

    /// Removes context `number` if `caller` owns it.
    @inlinable public mutating func remove(_ number: Int, caller: String) throws(Refusal) {
        try check(number, caller: caller)
        owners[number] = nil
        contexts[number] = nil
    }

    /// Removes every context of `owner` (a client that left the bus) and returns their numbers.
    @inlinable public mutating func removeAll(ownedBy owner: String) -> [Int] {
        let numbers = owners.filter { $0.value == owner }.map(\.key).sorted()
        for number in numbers {
            owners[number] = nil
            contexts[number] = nil
        }
        return numbers
    }

    /// The numbers of all contexts, sorted.
    @inlinable public var numbers: [Int] { contexts.keys.sorted() }

    /// Replaces every context with `transform` of it (a table reload).
    @inlinable public mutating func update(_ transform: (inout Context) -> Void) {
        for number in contexts.keys { transform(&contexts[number]!) }
    }
}
