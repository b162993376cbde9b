// ibus-engine-hwalja for development; the package installs it as a link to hwalja.
import ArgumentParser
import HwaljaPrograms

IBusEngineCommand.main()
