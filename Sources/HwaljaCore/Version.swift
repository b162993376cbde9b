/// hwalja's version: what the programs' `--version` print and hwaljad reports on the bus (its
/// `Version` property). The Debian package's version is this plus a revision (a test checks
/// packaging/debian/changelog against it).
public let hwaljaVersion = "0.1.0"
