extension Composer {
    /// The response to a key that took back `retract` committed scalars and then committed
    /// `commit` (both already counted in ``committed``), as the host is to see it.
    ///
    /// A host that can retract gets both as they are. For one that cannot
    /// (``Options/canRetract`` false), committed text stays in ``held``, shown in front of the
    /// preedit, while an undo entry could still reach back into it, so that undoing never needs
    /// the host to delete anything; the oldest of it goes to the host when no entry reaches it or
    /// when the preedit would overflow, and the entries that reached it are forgotten.
    @inline(__always)
    mutating func answer(retract: Int, commit: ComposedText) -> Response {
        if options.canRetract && held.isEmpty {
            return Response(retract: retract, commit: commit, preedit: composing, consumed: true)
        }
        return holdBack(retract: retract, commit: commit)
    }

    private mutating func holdBack(retract: Int, commit: ComposedText) -> Response {
        let fromHeld = min(retract, held.count)
        let hostRetract = retract - fromHeld  // only when the host can retract: no entry reaches past held otherwise
        // How many of the scalars committed since the boundary the host now has.
        let given = committed + retract - commit.count - held.count - hostRetract
        held.removeLast(fromHeld)
        let pending = held.count + commit.count
        // Leave room in the preedit, with one scalar to spare for the blank or digit a boundary adds.
        let room = ComposedText.capacity - 1 - composing.count
        var release = max(0, pending - room)
        if !options.canRetract { history.removeEntries(committedBefore: given + release) }
        if let oldest = history.oldestCommitted {
            release = max(release, min(pending, oldest - given))
        } else {
            release = pending
        }
        if release == 0 && commit.isEmpty { return Response(retract: hostRetract, preedit: preedit, consumed: true) }
        var released = ComposedText()
        var kept = ComposedText()
        for index in 0..<pending {
            let scalar = index < held.count ? held[index] : commit[index - held.count]
            if index < release { released.append(scalar) } else { kept.append(scalar) }
        }
        held = kept
        return Response(retract: hostRetract, commit: released, preedit: preedit, consumed: true)
    }
}
