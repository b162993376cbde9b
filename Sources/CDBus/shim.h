#ifndef HWALJA_CDBUS_SHIM_H
#define HWALJA_CDBUS_SHIM_H

#include <dbus/dbus.h>

#endif
