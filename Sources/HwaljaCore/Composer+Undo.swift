extension Composer {
    /// Whether a backspace now would undo a keystroke, rather than remove a scalar of the preedit
    /// or leave the key to the host.
    public var backspaceUndoes: Bool {
        guard !options.canRetract else { return !history.isEmpty }
        var reachable = history
        reachable.removeEntries(committedBefore: committed - held.count)
        return !reachable.isEmpty
    }
}
