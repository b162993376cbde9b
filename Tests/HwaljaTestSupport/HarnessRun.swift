/// A real-application harness (tools/*-app.py, tools/preferences_session.py) run once more when
/// its first run gave up before typing anything: the window, its focus or the input framework did
/// not come in time on a loaded machine, or the X server could not be reached. Nothing was typed,
/// so nothing of what the test checks is repeated; a run that typed stands as it is.
package func runningHarness(_ run: () throws -> ProcessOutcome) throws -> ProcessOutcome {
    let first = try run()
    guard first.status != 0, HarnessFailure.cameBeforeTyping(first.stderr) else { return first }
    print("the harness gave up before typing; running it again: \(first.stderr.prefix(300))")
    return try run()
}

/// `attempt` (a framework started and a harness run in it) made once more when it threw a
/// ``TestSetupError`` saying the harness gave up before typing: as ``runningHarness(_:)``, for a
/// framework that does not outlive the harness's X display (fcitx5 exits when its last display
/// closes), so that the second run has a framework of its own.
package func retryingBeforeTyping<T>(_ attempt: () throws -> T) throws -> T {
    do {
        return try attempt()
    } catch let error as TestSetupError where HarnessFailure.cameBeforeTyping(error.description) {
        print("the harness gave up before typing; running it again: \(error.description.prefix(300))")
        return try attempt()
    }
}

/// What a harness's standard error says about how it failed.
package enum HarnessFailure {
    /// Whether the harness gave up before it began typing (tools/app_session.py names the stage it
    /// was in: every stage before "typing"), or could not open the X display.
    package static func cameBeforeTyping(_ stderr: String) -> Bool {
        (stderr.contains("gave up after") && !stderr.contains(" s typing")) || stderr.contains("Can't open display")
    }
}
