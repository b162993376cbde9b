/// The typing contexts of a daemon, each owned by the bus client that created it.
///
/// Each owner may hold at most ``limitPerOwner`` contexts, so one client cannot exhaust the
/// daemon's memory; the storage shrinks again when contexts go. Every look-up an owner makes costs
/// the same however many contexts other owners hold.
package struct ContextRegistry<Context>: Sendable where Context: Sendable {
    /// Why a call on a context was refused.
    package enum Refusal: Error, Equatable, Sendable {
        /// No context has this number (never created, or destroyed).
        case noSuchContext(Int)
        /// The context belongs to another client.
        case accessDenied(Int, owner: String)
        /// The owner already holds ``ContextRegistry/limitPerOwner`` contexts.
        case limitExceeded(owner: String, limit: Int)
    }

    /// The most contexts one owner may hold at once.
    package var limitPerOwner: Int

    // Owners apart from contexts: checking a caller never copies a context. Inlinable so that the
    // daemon gets code specialised for its context type, without generic metadata look-ups per call.
    @usableFromInline var owners: [Int: String] = [:]
    /// Each context in a box of its own: a dictionary holds its values inline with up to twice as
    /// many slots as values, which for a context of a few hundred bytes cost more than the context.
    @usableFromInline var contexts: [Int: Box] = [:]
    /// Each owner's context numbers, in creation order (so sorted: numbers only grow).
    @usableFromInline var byOwner: [String: [Int]] = [:]
    @usableFromInline var nextNumber = 1

    /// An empty registry allowing `limitPerOwner` contexts per owner.
    @inlinable package init(limitPerOwner: Int = 64) {
        self.limitPerOwner = limitPerOwner
    }

    /// The number of live contexts.
    @inlinable package var count: Int { contexts.count }

    /// Adds a context owned by `owner` and returns its number (numbers are never reused).
    ///
    /// - Throws: ``Refusal/limitExceeded(owner:limit:)`` when `owner` already holds ``limitPerOwner``.
    @inlinable package mutating func add(_ context: Context, owner: String) throws(Refusal) -> Int {
        let held = byOwner[owner, default: []]
        guard held.count < limitPerOwner else { throw .limitExceeded(owner: owner, limit: limitPerOwner) }
        let number = nextNumber
        nextNumber += 1
        owners[number] = owner
        contexts[number] = Box(context)
        byOwner[owner, default: []].append(number)
        return number
    }

    /// Throws unless context `number` exists and `caller` owns it.
    @inlinable package func check(_ number: Int, caller: String) throws(Refusal) {
        guard let owner = owners[number] else { throw .noSuchContext(number) }
        guard owner == caller else { throw .accessDenied(number, owner: owner) }
    }

    /// Runs `body` on context `number`, in place, if `caller` owns it.
    @inlinable package mutating func with<T>(_ number: Int, caller: String, _ body: (inout Context) -> T)
        throws(Refusal)
        -> T
    {
        try check(number, caller: caller)
        return modify(number, body)
    }

    /// Runs `body` on context `number`, in place, whoever owns it (for timers), or returns `nil` if it is gone.
    @inlinable package mutating func withAny<T>(_ number: Int, _ body: (inout Context) -> T) -> T? {
        guard let index = contexts.index(forKey: number) else { return nil }
        return Self.modify(&contexts.values[index], body)
    }

    /// What `body` reads of context `number`, whoever owns it, or `nil` if it is gone: one look-up, no copy.
    @inlinable package func read<T>(_ number: Int, _ body: (Context) -> T) -> T? {
        contexts[number].map { $0.read(body) }
    }

    /// What `body` reads of context `number` if `caller` owns it, changing nothing.
    @inlinable package func read<T>(_ number: Int, caller: String, _ body: (Context) -> T) throws(Refusal) -> T {
        try check(number, caller: caller)
        return contexts[number]!.read(body)  // an owner is only ever recorded beside its context
    }

    /// Runs `body` on the context in box `number`, which exists.
    @inlinable mutating func modify<T>(_ number: Int, _ body: (inout Context) -> T) -> T {
        Self.modify(&contexts[number]!, body)
    }

    /// Runs `body` on the context in `box` (reached in place: one look-up), copying the box first
    /// if another copy of the registry shares it (the registry is a value).
    @inlinable static func modify<T>(_ box: inout Box, _ body: (inout Context) -> T) -> T {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.context) }
        return body(&box.context)
    }

    /// Removes context `number` if `caller` owns it.
    @inlinable package mutating func remove(_ number: Int, caller: String) throws(Refusal) {
        try check(number, caller: caller)
        owners[number] = nil
        contexts[number] = nil
        byOwner[caller]?.removeAll { $0 == number }
        if byOwner[caller]?.isEmpty == true { byOwner[caller] = nil }
        shrinkIfSparse()
    }

    /// Removes every context of `owner` (a client that left the bus) and returns their numbers.
    @inlinable package mutating func removeAll(ownedBy owner: String) -> [Int] {
        guard let numbers = byOwner.removeValue(forKey: owner) else { return [] }
        for number in numbers {
            owners[number] = nil
            contexts[number] = nil
        }
        shrinkIfSparse()
        return numbers
    }

    /// The numbers of `owner`'s contexts, sorted; costs nothing per context of other owners.
    @inlinable package func numbers(ownedBy owner: String) -> [Int] { byOwner[owner] ?? [] }

    /// The numbers of every context, in no order.
    @inlinable package var numbers: [Int] { Array(contexts.keys) }

    /// The owner of context `number`, if it exists.
    @inlinable package func owner(of number: Int) -> String? { owners[number] }

    /// Whether `owner` holds context `number`.
    @inlinable package func owns(_ owner: String, _ number: Int) -> Bool { owners[number] == owner }

    /// Replaces every context with `transform` of it (a table reload).
    @inlinable package mutating func update(_ transform: (inout Context) -> Void) {
        for number in Array(contexts.keys) { modify(number, transform) }
    }

    /// Dictionaries keep their capacity when emptied: rebuild them once they are mostly empty, so
    /// memory returns when a client's many contexts go.
    @inlinable mutating func shrinkIfSparse() {
        guard contexts.capacity > 64, contexts.count * 4 < contexts.capacity else { return }
        contexts = Dictionary(uniqueKeysWithValues: contexts.map { ($0.key, $0.value) })
        owners = Dictionary(uniqueKeysWithValues: owners.map { ($0.key, $0.value) })
        byOwner = Dictionary(uniqueKeysWithValues: byOwner.map { ($0.key, $0.value) })
    }

    /// One context, boxed (see ``contexts``); shared only between copies of the registry, and
    /// copied before either changes it.
    @usableFromInline final class Box: @unchecked Sendable {
        @usableFromInline var context: Context
        @usableFromInline init(_ context: Context) { self.context = context }

        /// What `body` reads of the context, reached in place: handing `body` the property itself
        /// would copy the context out of the box, retaining (then releasing) all it holds.
        @inlinable func read<T>(_ body: (Context) -> T) -> T { Self.borrow(&context, body) }

        @inlinable static func borrow<T>(_ context: inout Context, _ body: (Context) -> T) -> T { body(context) }
    }
}
