/// The thresholds of hwaljad's flow control per client, in bytes (approximate wire sizes): the
/// `max-unread-kib` setting's value, which hwaljad's `ClientBacklog` applies.
package struct OutputLimits: Sendable, Equatable {
    /// The most a client may leave unread before the daemon stops serving it.
    package var maxUnread: Int
    /// How much output not known to be read makes the daemon check.
    package var checkEvery: Int

    package init(maxUnread: Int = 1 << 20, checkEvery: Int = 64 << 10) {
        self.maxUnread = maxUnread
        self.checkEvery = min(checkEvery, maxUnread / 2)
    }

    /// What a stalled client may still be sent (its calls' short errors): past it, nothing.
    package var hardLimit: Int { 2 * maxUnread }
}
