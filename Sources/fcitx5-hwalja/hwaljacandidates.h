// The conversion key's list (hanja or symbols) in fcitx5's candidate list: a page at a time as
// the engine (HwaljaFcitx5) sends it, each candidate with its meaning, labelled 1 … 9; a click
// or the list's arrows handed back to the engine. Display only: the engine pages and picks with keys.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <fcitx/inputcontext.h>

namespace hwalja {

/// One page of the list as the engine sent it.
struct CandidatePage {
    std::vector<std::string> texts;
    std::vector<std::string> meanings; // "" where none is known
    uint32_t highlighted = 0;
    uint32_t page = 0;
    uint32_t pages = 0;
};

/// Shows `page` as `ic`'s candidate list, in a column; no candidates hide it. Picking candidate
/// `i` of the page calls `accept(i)`, the list's arrows `turn(-1)` and `turn(1)`.
void showCandidates(fcitx::InputContext &ic, const CandidatePage &page, std::function<void(uint32_t)> accept,
                    std::function<void(int32_t)> turn);

/// Hides the list `ic` shows, if it is hwalja's conversion list; `updateUI` false while the
/// context is going away.
void hideCandidates(fcitx::InputContext &ic, bool updateUI = true);

} // namespace hwalja
