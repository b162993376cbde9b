import Dispatch

/// Stops a debug build (the tests) when called off `queue`: for the entry points of a type that
/// only `queue` uses (`// confined to queue`). Release builds leave the check out: a message
/// handler calls it for every message.
@inline(__always)
package func assertOnQueue(_ queue: DispatchQueue) {
    #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
    #endif
}
