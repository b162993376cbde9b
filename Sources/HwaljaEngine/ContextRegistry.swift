/// The typing contexts of a daemon, each owned by the bus client that created it.
public struct ContextRegistry<Context>: Sendable where Context: Sendable {
    /// Why a call on a context was refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// No context has this number (never created, or destroyed).
        case noSuchContext(Int)
        /// The context belongs to another client.
        case accessDenied(Int, owner: String)
    }

    private var contexts: [Int: (owner: String, context: Context)] = [:]
    private var nextNumber = 1

    public init() {}

    /// The number of live contexts.
    public var count: Int { contexts.count }

    /// Adds a context owned by `owner` and returns its number (numbers are never reused).
    public mutating func add(_ context: Context, owner: String) -> Int {
        let number = nextNumber
        nextNumber += 1
        contexts[number] = (owner, context)
        return number
    }

    /// Runs `body` on context `number`, in place, if `caller` owns it.
    public mutating func with<T>(_ number: Int, caller: String, _ body: (inout Context) -> T) throws(Refusal) -> T {
        guard let owner = contexts[number]?.owner else { throw .noSuchContext(number) }
        guard owner == caller else { throw .accessDenied(number, owner: owner) }
        return body(&contexts[number]!.context)
    }

    /// Runs `body` on context `number`, in place, whoever owns it (for timers), or returns `nil` if it is gone.
    public mutating func withAny<T>(_ number: Int, _ body: (inout Context) -> T) -> T? {
        guard contexts[number] != nil else { return nil }
        return body(&contexts[number]!.context)
    }

    /// Removes context `number` if `caller` owns it.
    public mutating func remove(_ number: Int, caller: String) throws(Refusal) {
        guard let entry = contexts[number] else { throw .noSuchContext(number) }
        guard entry.owner == caller else { throw .accessDenied(number, owner: entry.owner) }
        contexts[number] = nil
    }

    /// Removes every context of `owner` (a client that left the bus) and returns their numbers.
    public mutating func removeAll(ownedBy owner: String) -> [Int] {
        let numbers = contexts.filter { $0.value.owner == owner }.map(\.key).sorted()
        for number in numbers { contexts[number] = nil }
        return numbers
    }

    /// The client that owns context `number`, if it exists.
    public func owner(of number: Int) -> String? { contexts[number]?.owner }

    /// The numbers of all contexts, sorted.
    public var numbers: [Int] { contexts.keys.sorted() }

    /// Replaces every context with `transform` of it (a table reload).
    public mutating func update(_ transform: (inout Context) -> Void) {
        for number in contexts.keys { transform(&contexts[number]!.context) }
    }
}
