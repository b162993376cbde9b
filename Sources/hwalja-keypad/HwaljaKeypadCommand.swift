import ArgumentParser
import CGtk
import HwaljaCore
import HwaljaDBus
import HwaljaKeypad

/// `hwalja-keypad`: the on-screen 천지인 keypad, a window of large keys that types into the
/// focused field through the input method hwalja runs in (on X11: the IBus engine or the fcitx5
/// addon, hwalja selected).
@main
struct HwaljaKeypadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja-keypad",
        abstract: "An on-screen Korean 12-key keypad that types through hwalja.",
        discussion: """
            On X11 the keypad is a window that never takes the focus: its keys reach the focused \
            field as a keyboard's keys would (the XTest extension), and hwalja, selected in IBus or \
            fcitx5, types them and shows its suggestions above the keys (org.hwalja.Keypad on the \
            session bus). On sway, Phosh and other wlroots compositors it is the input \
            method itself (input-method-v2): a panel along the bottom of the screen that shows \
            when a text field is focused, with hwaljad composing. On KDE Plasma it is a panel \
            whose keys reach fcitx5, hwalja selected, through KWin's fake input. A long press \
            types a key's digit, and so does a flick up (not on KDE Plasma). Layouts: \(KeyboardLayout.nameSummary).
            """,
        version: hwaljaVersion
    )

    @Option(help: "The keys of this layout (\(KeyboardLayout.nameSummary)).")
    var layout = KeyboardLayout.cheonjiin.name

    @Option(
        help: """
            The window's width and height in pixels, as WIDTHxHEIGHT (default: 480x420 on X11; on \
            Wayland the screen's width and 45 % of its height, at most 420).
            """)
    var size: String?

    mutating func run() throws {
        guard let chosen = KeyboardLayout(name: layout) else {
            throw ValidationError("no layout \"\(layout.prefix(40))\" (layouts: \(KeyboardLayout.nameSummary))")
        }
        var sides: [Int32] = [480, 420]
        if let size {
            sides = size.split(separator: "x").compactMap { Int32($0) }
            guard sides.count == 2, sides.allSatisfy({ (100...10_000).contains($0) }) else {
                throw ValidationError(
                    "--size takes WIDTHxHEIGHT in pixels, each 100 to 10000, not \"\(size.prefix(40))\"")
            }
        }
        guard gtk_init_check(nil, nil) != 0 else {
            throw ValidationError(
                "cannot open a display: set WAYLAND_DISPLAY to a Wayland compositor or DISPLAY to an X server")
        }
        if size == nil, hwalja_wayland_display() != nil, let screen = KeypadWindow.firstMonitor(), screen.width >= 100,
            screen.height >= 100
        {
            sides = [screen.width, min(420, screen.height * 45 / 100)]  // a panel as wide as the screen
        }
        let keypad = Keypad(layout: chosen)
        if let display = hwalja_x_display() {
            let output = XTestOutput(display: display, layout: chosen)
            let window = KeypadWindow(keypad: keypad, output: output, width: sides[0], height: sides[1])
            let row = Self.suggestionRowService(for: window)
            row?.onFieldFocused = { [unowned output] focused in output.hwaljaFieldFocused = focused }
            run(window, shown: true)
            withExtendedLifetime(row) {}
        } else if let display = hwalja_wayland_display() {
            let inputMethod: WaylandInputMethod
            do throws(WaylandInputMethod.Unsupported) {
                inputMethod = try WaylandInputMethod(display: display)
            } catch .noInputMethodManager {
                // KDE Plasma: no input method protocol for the keypad, but KWin's fake input.
                let output: FakeInputOutput
                do throws(FakeInputOutput.Unavailable) {
                    output = try FakeInputOutput(display: display, layout: chosen)
                } catch {
                    throw ValidationError(error.description)
                }
                let window = KeypadWindow(
                    keypad: keypad, output: output, width: sides[0], height: sides[1], panel: .dock)
                let row = Self.suggestionRowService(for: window)
                run(window, shown: true)
                return withExtendedLifetime(row) {}
            } catch {
                throw ValidationError(error.description)
            }
            try runAsInputMethod(inputMethod, keypad: keypad, layout: chosen, width: sides[0], height: sides[1])
        } else {
            throw ValidationError(
                "hwalja-keypad runs on X11 and on Wayland compositors with input-method-v2 (sway, Phosh) or KWin's fake input"
            )
        }
    }

    /// The keypad as the compositor's input method, with hwaljad composing: a panel that shows
    /// when a field is active, with the suggestions above the keys.
    private func runAsInputMethod(
        _ inputMethod: WaylandInputMethod, keypad: Keypad, layout: KeyboardLayout, width: Int32, height: Int32
    ) throws {
        let output: InputMethodOutput
        do {
            output = try InputMethodOutput(bus: .session, layout: layout, inputMethod: inputMethod)
        } catch {
            throw ValidationError(
                "cannot reach hwaljad on the session bus (is the hwalja package installed?): \(error)")
        }
        let window = KeypadWindow(
            keypad: keypad, output: output, width: width, height: height, panel: .onScreenKeyboard)
        window.onSuggestion = { [unowned output] index in output.acceptSuggestion(index) }
        output.onSuggestions = { [unowned window] words in window.showSuggestions(words) }
        output.onConversionAvailable = { [unowned window] available in window.showConversionKey(available) }
        output.onCandidates = { [unowned window] page in window.showCandidates(page) }
        window.onConvert = { [unowned output] in output.convert() }
        window.candidatePanel.onPick = { [unowned output] index in output.acceptCandidate(index) }
        window.candidatePanel.onTurn = { [unowned output] count in output.turnCandidatePage(count) }
        window.candidatePanel.onClose = { [unowned output] in output.closeCandidates() }
        let activeChange = { [unowned window, unowned output] (active: Bool) in
            output.startAfresh()
            if active { window.present() } else { window.withdraw() }
        }
        inputMethod.onActiveChange = activeChange
        if inputMethod.isActive { activeChange(true) }  // a field was focused while the window was made
        let keyboardService = Self.onScreenKeyboardService(for: window)
        run(window, shown: false)
        withExtendedLifetime((inputMethod, output, keyboardService)) {}
    }

    /// Phosh's way to show and hide the keypad (its keyboard button), if the session bus has no
    /// other on-screen keyboard.
    private static func onScreenKeyboardService(for window: KeypadWindow) -> OnScreenKeyboardService? {
        do {
            let service = try OnScreenKeyboardService()
            service.onSetVisible = { [unowned window] shown in if shown { window.present() } else { window.withdraw() }
            }
            window.onShownChange = { [unowned service] shown in service.setVisible(shown) }
            return service
        } catch {
            warn("no \(OnScreenKeyboardService.busName) for Phosh's keyboard button: \(error)")
            return nil
        }
    }

    /// The row of suggestions where an input framework types the keys (X11, KDE): the framework
    /// fills it through `org.hwalja.Keypad1`; `nil` (said on standard error) without a session bus.
    private static func suggestionRowService(for window: KeypadWindow) -> SuggestionRowService? {
        do {
            let service = try SuggestionRowService()
            service.onShow = { [unowned window] words in window.showSuggestions(words) }
            window.onSuggestion = { [unowned service] index in service.choose(index) }
            service.onShowConversion = { [unowned window] available in window.showConversionKey(available) }
            window.onConvert = { [unowned service] in service.chooseConversion() }
            service.onShowCandidates = { [unowned window] page in window.showCandidates(page) }
            window.candidatePanel.onPick = { [unowned service] index in service.pickCandidate(index) }
            window.candidatePanel.onTurn = { [unowned service] count in service.turnCandidatePage(count) }
            // ✕: the keys come back when the framework has closed its list (a key tapped before
            // then could pick from it), or at once if the framework left the bus.
            window.candidatePanel.onClose = { [unowned service] in service.closeCandidates() }
            return service
        } catch {
            warn("no row of suggestions (\(KeypadInterface.busName)): \(error)")
            return nil
        }
    }

    /// Runs GTK's main loop until `window` is closed, each key's feedback asked of feedbackd;
    /// `shown`: show it at once (else when a field is active).
    private func run(_ window: KeypadWindow, shown: Bool) {
        let feedback = KeyFeedback()
        window.onKeyDown = { feedback.keyWentDown() }
        hwalja_signal_connect(window.window, "destroy", unsafeBitCast(Self.quit, to: GCallback.self), nil)
        if shown { gtk_widget_show_all(window.window) }
        gtk_main()
        withExtendedLifetime(window) {}
    }

    private static let quit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in
        gtk_main_quit()
    }
}

/// Writes `message` on standard error, after the program's name.
func warn(_ message: String) {
    let line = "hwalja-keypad: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
