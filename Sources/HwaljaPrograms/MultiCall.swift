import ArgumentParser
import HwaljaCore

/// The programs the package ships, in one binary (`hwalja`, installed as
/// `/usr/libexec/hwalja/hwalja`) so that the Swift runtime is in the package once: it runs the
/// program whose name it was started by — `hwaljad`, `ibus-engine-hwalja` and `hwalja-replay` are
/// links to it — each with its own name, flags, help and exit statuses.
package enum MultiCall {
    /// Each program by the name it is installed as.
    package static let programs: [(name: String, command: any ParsableCommand.Type)] = [
        (Hwaljad.configuration.commandName!, Hwaljad.self),
        (IBusEngineCommand.configuration.commandName!, IBusEngineCommand.self),
        (HwaljaReplayCommand.configuration.commandName!, HwaljaReplayCommand.self)
    ]

    /// Runs the program `argument0` (the process's `argv[0]`) names by its last path component;
    /// started by any other name, the first argument names the program (`hwalja hwaljad --help`).
    package static func main(argument0: String = CommandLine.arguments.first ?? "") {
        let name = argument0.split(separator: "/").last.map(String.init) ?? ""
        if let program = programs.first(where: { $0.name == name }) {
            program.command.main()
        } else {
            Hwalja.main()
        }
    }
}

/// `hwalja`: the multi-call binary started by its own name.
struct Hwalja: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja",
        abstract: "hwaljad, ibus-engine-hwalja and hwalja-replay in one binary.",
        discussion: """
            Started by the name of one of them (the installed links /usr/libexec/hwalja/hwaljad, \
            /usr/libexec/hwalja/ibus-engine-hwalja and /usr/bin/hwalja-replay), it is that program; \
            started as hwalja, the first argument names the program.
            """,
        version: hwaljaVersion,
        subcommands: MultiCall.programs.map(\.command)
    )
}
