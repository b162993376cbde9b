import Foundation

/// The hwalja-keypad the tests run: the installed package's with HWALJA_TEST_INSTALLED=1
/// (tools/test), else this build's.
package var keypadProgram: URL {
    ProcessInfo.processInfo.environment["HWALJA_TEST_INSTALLED"] == "1"
        ? URL(fileURLWithPath: "/usr/bin/hwalja-keypad") : product("hwalja-keypad")
}
