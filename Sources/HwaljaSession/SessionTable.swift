import HwaljaCore
import HwaljaTyping

/// Something a ``SessionTable`` holds per context: it has a deadline for its timer.
package protocol TimedContext: Sendable {
    /// When the context's timer must next fire, if ever.
    var deadline: Int? { get }
}

extension InputSession: TimedContext {}

/// Where keystrokes go when the user asked for them to be recorded (hwalja's `--record`).
package protocol KeystrokeRecording: AnyObject {
    /// Records key events of context `number` at `time` ms.
    func record(context number: Int, at time: Int, _ events: [(down: Bool, key: Key)])
    /// Ends context `number`'s record.
    func close(context number: Int)
}

/// The contexts one program serves (hwaljad, an IBus engine process, the fcitx5 addon), written once: each
/// context's owner and the limit per owner (``ContextRegistry``), its timer on a
/// ``SessionClock`` re-set after every change, and the optional keystroke record.
///
/// Not thread-safe: use it from one serial queue, the one the clock fires on.
package final class SessionTable<Context: TimedContext> {
    /// The clock the timers run on.
    package let clock: any SessionClock
    /// Where keystrokes are recorded, if the user asked.
    package let recorder: (any KeystrokeRecording)?
    // Inlinable, as the registry is: the daemon gets code specialised for its context type,
    // without generic metadata look-ups on every key.
    @usableFromInline var registry: ContextRegistry<Context>
    /// Runs when context `number`'s deadline comes: the adapter advances it and sends what it did.
    private let onDeadline: (SessionTable, Int) -> Void

    /// `onDeadline(table, number)` runs when context `number`'s timer fires; the context's
    /// timer is re-set after it.
    package init(
        clock: any SessionClock, limitPerOwner: Int = 64, recorder: (any KeystrokeRecording)? = nil,
        onDeadline: @escaping (SessionTable, Int) -> Void
    ) {
        self.clock = clock
        self.recorder = recorder
        self.onDeadline = onDeadline
        registry = ContextRegistry(limitPerOwner: limitPerOwner)
        clock.onDeadline = { [unowned self] number in
            guard number != Self.choresTimer else { return onChores() }
            self.onDeadline(self, number)
            rearm(number)
        }
    }

    /// Milliseconds on the clock.
    package var now: Int { clock.now }

    /// The timer of the table's own chores (``scheduleChores(at:)``): no context's, which count from 1.
    static var choresTimer: Int { 0 }
    /// Runs when the chores' timer fires; it is not re-set by itself.
    package var onChores: () -> Void = {}

    /// Sets the chores' timer for `deadline`, or stops it if `nil`.
    package func scheduleChores(at deadline: Int?) {
        clock.schedule(Self.choresTimer, at: deadline)
    }

    /// The number of live contexts.
    package var count: Int { registry.count }

    /// The most contexts one owner may hold.
    package var limitPerOwner: Int {
        get { registry.limitPerOwner }
        set { registry.limitPerOwner = newValue }
    }

    /// Adds a context for `owner`; returns its number (never reused).
    package func add(_ context: Context, owner: String) throws(ContextRegistry<Context>.Refusal) -> Int {
        try registry.add(context, owner: owner)
    }

    /// Runs `body` on context `number` if `caller` owns it, then re-sets its timer.
    @inlinable
    package func with<T>(_ number: Int, caller: String, _ body: (inout Context) -> T) throws(ContextRegistry<Context>
        .Refusal) -> T
    {
        let (result, deadline) = try registry.with(number, caller: caller) { context in
            (body(&context), context.deadline)
        }
        clock.schedule(number, at: deadline)
        return result
    }

    /// Runs `body` on context `number` whoever owns it, then re-sets its timer; `nil` if it is gone.
    @inlinable
    package func withAny<T>(_ number: Int, _ body: (inout Context) -> T) -> T? {
        guard let (result, deadline) = registry.withAny(number, { context in (body(&context), context.deadline) })
        else { return nil }
        clock.schedule(number, at: deadline)
        return result
    }

    /// Whether context `number` exists.
    package func contains(_ number: Int) -> Bool { inspect(number) { _ in true } != nil }

    /// What `body` reads of context `number`, whoever owns it, changing nothing; `nil` if it is gone.
    @inlinable
    package func inspect<T>(_ number: Int, _ body: (Context) -> T) -> T? {
        registry.read(number, body)
    }

    /// What `body` reads of context `number` if `caller` owns it, changing nothing.
    @inlinable
    package func inspect<T>(_ number: Int, caller: String, _ body: (Context) -> T) throws(ContextRegistry<Context>
        .Refusal) -> T
    {
        try registry.read(number, caller: caller, body)
    }

    /// The client that owns context `number`, if it exists.
    @inlinable package func owner(of number: Int) -> String? { registry.owner(of: number) }

    /// Records key events of context `number`, if recording.
    package func record(_ number: Int, _ events: [(down: Bool, key: Key)]) {
        recorder?.record(context: number, at: now, events)
    }

    /// Removes context `number` if `caller` owns it: its timer and record end.
    package func remove(_ number: Int, caller: String) throws(ContextRegistry<Context>.Refusal) {
        try registry.remove(number, caller: caller)
        forget(number)
    }

    /// Removes every context of `owner` (a client that left); returns their numbers.
    @discardableResult
    package func removeAll(ownedBy owner: String) -> [Int] {
        let numbers = registry.removeAll(ownedBy: owner)
        for number in numbers { forget(number) }
        return numbers
    }

    /// The numbers of every context, in no order.
    package var numbers: [Int] { registry.numbers }

    /// The numbers of `owner`'s contexts, sorted.
    package func numbers(ownedBy owner: String) -> [Int] { registry.numbers(ownedBy: owner) }

    /// Changes every context (a table or settings reload), re-setting no timer: deadlines
    /// already set stand.
    package func update(_ change: (inout Context) -> Void) {
        registry.update(change)
    }

    private func rearm(_ number: Int) {
        clock.schedule(number, at: registry.withAny(number) { $0.deadline } ?? nil)
    }

    private func forget(_ number: Int) {
        clock.schedule(number, at: nil)
        recorder?.close(context: number)
    }
}
