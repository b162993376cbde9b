/// A moment some seconds from now on the monotonic clock, for a test's waits: a step of the wall
/// clock (`Date`) must not end a wait early. In CI a process's wait once ended "after 120 s" within
/// a test that took 28 s.
package struct Deadline: Sendable {
    private let end: ContinuousClock.Instant

    package init(seconds: Double) {
        end = .now + .milliseconds(Int64(seconds * 1000))
    }

    /// Whether the moment has come.
    package var hasPassed: Bool { ContinuousClock.now >= end }
}
