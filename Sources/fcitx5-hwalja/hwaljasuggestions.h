// hwalja's word suggestions in fcitx5's candidate list: shown as the engine (HwaljaFcitx5, linked
// into this module) sends them, and a candidate picked (a click, a touch, a client's
// SelectCandidate) handed back to it. Display and forwarding only: the engine ranks the words and
// picks with keys.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <fcitx/inputcontext.h>

namespace hwalja {

/// Shows `words` (best first) as `ic`'s candidate list, in a row and with no labels (in 천지인
/// the digits are letters: keys never pick, they go to the engine); no words hide it. Picking word
/// `i` calls `accept(i)`.
void showSuggestions(fcitx::InputContext &ic, const std::vector<std::string> &words,
                     std::function<void(uint32_t)> accept);

/// Hides the suggestions `ic` shows, if it shows any (not another addon's candidates);
/// `updateUI` false while the context is going away.
void hideSuggestions(fcitx::InputContext &ic, bool updateUI = true);

} // namespace hwalja
