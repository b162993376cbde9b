// hwalja-replay for development (swift run hwalja-replay); the package installs it as a link to hwalja.
import ArgumentParser
import HwaljaPrograms

HwaljaReplayCommand.main()
