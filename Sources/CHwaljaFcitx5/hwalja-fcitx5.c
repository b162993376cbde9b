/* The functions of hwalja-fcitx5.h are Swift's (HwaljaFcitx5's CInterface.swift, @_cdecl): this
 * target only gives Swift the header's types, and the addon the header. */
#include "hwalja-fcitx5.h"
