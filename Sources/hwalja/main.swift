// The package's one binary: hwaljad, ibus-engine-hwalja or hwalja-replay by the name it is started by.
import HwaljaPrograms

MultiCall.main()
