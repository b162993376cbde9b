import HwaljaDBus
import HwaljaSession
import HwaljaTyping

/// One context of the daemon: a client's typing, driven by key names (`org.hwalja.Context1`, for
/// tools) or by key events (`org.hwalja.InputContext1`, for input frameworks and on-screen
/// keyboards). Both kinds share the registry, its owners and limits, and the timers.
struct DaemonContext: TimedContext {
    var session: InputSession
    /// Whether the context was made by `CreateInputContext` and speaks `org.hwalja.InputContext1`.
    let takesKeyEvents: Bool
    /// Whether a key-name context learns the words typed: only when its client asks
    /// (``EngineInterface/Capability/learnWords``). Contexts of key events learn in their
    /// ``InputSession`` (never in secret fields), whatever this says.
    var learnsWords = false
    /// Whether a key-name context's client reads signals (``EngineInterface/Capability/signals``).
    /// Without it the context arms no timer: what a timer would do is done at the client's next
    /// call and carried in its reply. Contexts of key events always get signals.
    var readsSignals = false
    /// Whether a key-name context's client shows if the word being typed converts
    /// (``EngineInterface/Capability/conversionHint``, with signals).
    var hintsConversion = false
    /// What the last `ConversionAvailable` said.
    var conversionHinted = false
    /// Whether the client chose the context's keymap (`SetKeymap`): then a change of the
    /// settings' keymap leaves it alone.
    var keymapChosenByClient = false

    /// The interface the context's object implements.
    var interface: String { takesKeyEvents ? EngineInterface.inputContextInterface : EngineInterface.contextInterface }

    var deadline: Int? { takesKeyEvents || readsSignals ? session.deadline : nil }

    /// Whether signals go to the context's client between calls: what timers do, and suggestions.
    var getsSignals: Bool { takesKeyEvents || readsSignals }
}
