import CHwaljaFcitx5
import HwaljaCore
import HwaljaRuntime

// The functions of hwalja-fcitx5.h (CHwaljaFcitx5), over one Fcitx5Embedding each. See the header
// for what each does; they are called on fcitx5's thread.

private func embedding(_ engine: OpaquePointer) -> Fcitx5Embedding {
    Unmanaged<Fcitx5Embedding>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue()
}

@_cdecl("hwalja_fcitx5_new")
public func hwaljaFcitx5New(_ callbacks: UnsafePointer<hwalja_fcitx5_callbacks>) -> OpaquePointer? {
    guard let made = Fcitx5Embedding(callbacks: callbacks.pointee) else { return nil }
    return OpaquePointer(Unmanaged.passRetained(made).toOpaque())
}

@_cdecl("hwalja_fcitx5_free")
public func hwaljaFcitx5Free(_ engine: OpaquePointer?) {
    guard let engine else { return }
    embedding(engine).close()
    Unmanaged<Fcitx5Embedding>.fromOpaque(UnsafeRawPointer(engine)).release()
}

@_cdecl("hwalja_fcitx5_context_new")
public func hwaljaFcitx5ContextNew(_ engine: OpaquePointer, _ layout: UnsafePointer<CChar>) -> UInt64 {
    let name = String(cString: layout)
    let embedding = embedding(engine)
    guard let layout = KeyboardLayout(name: name) else {
        embedding.log("no layout \(Excerpt.quoted(name)); layouts are \(KeyboardLayout.nameSummary)")
        return 0
    }
    let made = embedding.run { adapter in
        Result { () throws(LayoutTables.Missing) in try adapter.makeContext(layout: layout) }
    }
    switch made {
    case .success(let number): return UInt64(number)
    case .failure(let missing):
        embedding.log("\(missing)")
        return 0
    }
}

@_cdecl("hwalja_fcitx5_context_free")
public func hwaljaFcitx5ContextFree(_ engine: OpaquePointer, _ context: UInt64) {
    embedding(engine).run { $0.removeContext(Int(truncatingIfNeeded: context)) }
}

@_cdecl("hwalja_fcitx5_key")
public func hwaljaFcitx5Key(
    _ engine: OpaquePointer, _ context: UInt64, _ keysym: UInt32, _ keycode: UInt32, _ state: UInt32, _ time: UInt32
) -> Bool {
    embedding(engine).run {
        $0.processKey(Int(truncatingIfNeeded: context), keysym: keysym, keycode: keycode, state: state, eventTime: time)
    }
}

@_cdecl("hwalja_fcitx5_has_work_after_key")
public func hwaljaFcitx5HasWorkAfterKey(_ engine: OpaquePointer) -> Bool {
    embedding(engine).run { $0.hasSuggestionsDue }
}

@_cdecl("hwalja_fcitx5_after_key")
public func hwaljaFcitx5AfterKey(_ engine: OpaquePointer) {
    embedding(engine).run { $0.lookUpSuggestions() }
}

@_cdecl("hwalja_fcitx5_set_field")
public func hwaljaFcitx5SetField(
    _ engine: OpaquePointer, _ context: UInt64, _ purpose: UInt32, _ hints: UInt32, _ canDelete: Bool
) {
    embedding(engine).run {
        $0.setField(Int(truncatingIfNeeded: context), purpose: purpose, hints: hints, canDelete: canDelete)
    }
}

@_cdecl("hwalja_fcitx5_set_client")
public func hwaljaFcitx5SetClient(_ engine: OpaquePointer, _ context: UInt64, _ ibusFrontend: Bool, _ reportsText: Bool)
{
    embedding(engine).run {
        $0.setClient(Int(truncatingIfNeeded: context), ibusFrontend: ibusFrontend, reportsText: reportsText)
    }
}

@_cdecl("hwalja_fcitx5_focus_in")
public func hwaljaFcitx5FocusIn(_ engine: OpaquePointer, _ context: UInt64) {
    embedding(engine).run { $0.focusIn(Int(truncatingIfNeeded: context)) }
}

@_cdecl("hwalja_fcitx5_focus_out")
public func hwaljaFcitx5FocusOut(_ engine: OpaquePointer, _ context: UInt64) {
    embedding(engine).run { $0.focusOut(Int(truncatingIfNeeded: context)) }
}

@_cdecl("hwalja_fcitx5_reset")
public func hwaljaFcitx5Reset(_ engine: OpaquePointer, _ context: UInt64) {
    embedding(engine).run { $0.reset(Int(truncatingIfNeeded: context)) }
}

@_cdecl("hwalja_fcitx5_accept_suggestion")
public func hwaljaFcitx5AcceptSuggestion(_ engine: OpaquePointer, _ context: UInt64, _ index: UInt32) {
    embedding(engine).run { $0.acceptSuggestion(Int(truncatingIfNeeded: context), index: Int(index)) }
}

@_cdecl("hwalja_fcitx5_accept_candidate")
public func hwaljaFcitx5AcceptCandidate(_ engine: OpaquePointer, _ context: UInt64, _ index: UInt32) {
    embedding(engine).run { $0.acceptCandidate(Int(truncatingIfNeeded: context), index: Int(index)) }
}

@_cdecl("hwalja_fcitx5_turn_candidate_page")
public func hwaljaFcitx5TurnCandidatePage(_ engine: OpaquePointer, _ context: UInt64, _ count: Int32) {
    embedding(engine).run { $0.turnCandidatePage(Int(truncatingIfNeeded: context), by: Int(count)) }
}

@_cdecl("hwalja_fcitx5_surrounding_text")
public func hwaljaFcitx5SurroundingText(
    _ engine: OpaquePointer, _ context: UInt64, _ text: UnsafePointer<CChar>, _ cursor: UInt32, _ anchor: UInt32
) {
    let text = String(cString: text)
    embedding(engine).run {
        $0.setSurroundingText(Int(truncatingIfNeeded: context), text: text, cursor: Int(cursor), anchor: Int(anchor))
    }
}

@_cdecl("hwalja_fcitx5_timer")
public func hwaljaFcitx5Timer(_ engine: OpaquePointer) {
    embedding(engine).timerFired()
}

@_cdecl("hwalja_fcitx5_run")
public func hwaljaFcitx5Run(_ engine: OpaquePointer) {
    embedding(engine).runPending()
}

@_cdecl("hwalja_fcitx5_reload_settings")
public func hwaljaFcitx5ReloadSettings(_ engine: OpaquePointer) {
    embedding(engine).run { $0.readSettingsAgain() }
}
