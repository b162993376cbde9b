/// A real-application harness (tools/*-app.py, tools/preferences_session.py) run once more when
/// its first run gave up before typing anything: the window, its focus or the input framework did
/// not come in time on a loaded machine, or the X server could not be reached. Nothing was typed,
/// so nothing of what the test checks is repeated; a run that typed stands as it is.
public func runningHarness(_ run: () throws -> ProcessOutcome) throws -> ProcessOutcome {
    let first = try run()
    guard first.status != 0, HarnessFailure.cameBeforeTyping(first.stderr) else { return first }
    print("the harness gave up before typing; running it again: \(first.stderr.prefix(300))")
    return try run()
}

/// What a harness's standard error says about how it failed.
public enum HarnessFailure {
    /// Whether the harness gave up before it began typing (tools/app_session.py names the stage it
    /// was in: every stage before "typing"), or could not open the X display.
    public static func cameBeforeTyping(_ stderr: String) -> Bool {
        (stderr.contains("gave up after") && !stderr.contains(" s typing")) || stderr.contains("Can't open display")
    }
}
