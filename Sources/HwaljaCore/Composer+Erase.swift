extension Composer {
    /// Deletes the last character of the preedit, as a held backspace does once it repeats:
    /// a character at a time, not a keystroke at a time, so holding backspace clears a word at a
    /// syllable per repeat however far back undo could reach.
    ///
    /// Erasing is not undoing: it ends the word's undo history, like a boundary. Text kept back
    /// for undo (``Options/canRetract`` false) goes to the host, as nothing can undo into it any
    /// more. With an empty preedit the key is declined: the host deletes a character itself.
    public mutating func erase() -> Response {
        var text = preedit
        guard !text.isEmpty else { return Response(preedit: text, consumed: false) }
        // A whole character: conjoining jamo (ᄋᆢ, the dot shown after an initial) are several scalars.
        let scalarsInLastCharacter = text.string.last?.unicodeScalars.count ?? 1
        text.removeLast(scalarsInLastCharacter - 1)
        text.removeLastScalar()
        history.removeAll()
        held = ComposedText()
        committed = 0
        forgetCommittedTail()
        endsWithLivePair = Self.endsWithLivePair(text, in: table)
        // Commit what no key can change any more, as typing does.
        let stable = max(0, text.count - (endsWithLivePair ? 2 : 1))
        let commit = text.prefix(stable)
        text.removeFirst(stable)
        composing = text
        return Response(commit: commit, preedit: composing, consumed: true)
    }

    /// Undoes the last keystroke, the one `key` typed when it went down, and types `key`'s digit
    /// instead (a long press with letters on press): the text is as before the key, plus the digit.
    /// Keys without a digit in the table's layout are not consumed and change nothing.
    public mutating func typeDigit(insteadOf key: Key) -> Response {
        guard table.keyboard.digit(of: key) != nil else { return Response(preedit: preedit, consumed: false) }
        let undone = press(.backspace)
        let digit = typeDigit(of: key)
        return Response(retract: undone.retract, commit: digit.commit, preedit: digit.preedit, consumed: true)
    }

    /// Applies one ``HoldTimer/Action``.
    public mutating func perform(_ action: HoldTimer.Action) -> Response {
        switch action {
        case .press(let key): press(key)
        case .typeDigit(let key): typeDigit(of: key)
        case .typeDigitInstead(let key): typeDigit(insteadOf: key)
        case .erase: erase()
        }
    }
}
