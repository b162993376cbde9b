import CMalloc
import Dispatch

/// Gives memory back once a program has been idle for a while (no message for `seconds` to
/// 2 × `seconds`): the heap the allocator kept (`malloc_trim`). The program's code stays mapped:
/// its clean pages cost the system nothing (the kernel takes them back when it needs them), and
/// unmapping them made the first key after a pause four times slower. At most one idle timer at
/// a time, none while idle. Asked, it also gives the heap back a second after much of it was
/// freed (``trimHeapSoon()``), idle or not, with a timer of its own.
///
/// The idle timer is armed after the message that ended the idleness is answered
/// (``armAfterAnswers()``), not while it is handled: arming a Dispatch timer wakes Dispatch's
/// manager thread, which on a busy CPU ran before the answer went and made the first key after a
/// pause slower.
package final class IdleMemory: @unchecked Sendable {  // confined to `queue` (checked in debug builds)
    private let queue: DispatchQueue
    private let seconds: Int
    private let release: () -> Void
    private var active = true  // start-up counts as activity
    private var scheduled = false
    private var trimScheduled = false

    /// Watches for idleness on `queue`, the queue the program's messages are handled on;
    /// `release` gives the memory back (`malloc_trim`; a test counts).
    package init(queue: DispatchQueue, seconds: Int = 3, release: @escaping () -> Void = { _ = malloc_trim(0) }) {
        self.queue = queue
        self.seconds = seconds
        self.release = release
    }

    /// Notes that the program is doing something (a message came). On the queue; then call
    /// ``armAfterAnswers()`` once what came is answered.
    @inline(__always)
    package func noteActivity() {
        assertOnQueue(queue)
        active = true
    }

    /// Arms the idle timer if activity came while none was armed. On the queue, after the
    /// answers to the messages just handled were written (``BusDispatcher``'s `afterMessages`).
    @inline(__always)
    package func armAfterAnswers() {
        assertOnQueue(queue)
        if active && !scheduled { schedule() }
    }

    /// Starts watching, from any thread: the first release comes `seconds` to 2 × `seconds` after
    /// start-up if no message comes.
    package func start() {
        queue.async { [self] in
            noteActivity()
            armAfterAnswers()
        }
    }

    /// Gives freed heap back a second from now (`malloc_trim`; hwaljad: after contexts went), at
    /// most once a second however many calls come: the allocator keeps freed memory otherwise,
    /// and a busy daemon may not be idle for long. On the queue.
    package func trimHeapSoon() {
        assertOnQueue(queue)
        guard !trimScheduled else { return }
        trimScheduled = true
        queue.asyncAfter(deadline: .now() + 1) { [self] in
            trimScheduled = false
            release()
        }
    }

    private func schedule() {
        scheduled = true
        queue.asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
            if active {
                active = false
                schedule()
            } else {
                scheduled = false
                release()
            }
        }
    }
}
