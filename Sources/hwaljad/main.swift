// hwaljad for development (swift run hwaljad); the package installs it as a link to hwalja.
import ArgumentParser
import HwaljaPrograms

Hwaljad.main()
