#include "hwaljasuggestions.h"

#include <memory>
#include <utility>

#include <fcitx/candidatelist.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>
#include <fcitx/userinterface.h>

namespace hwalja {

namespace {

/// One suggestion: picking it asks the engine for suggestion `index`.
class Suggestion : public fcitx::CandidateWord {
public:
    Suggestion(const std::string &word, uint32_t index, std::function<void(uint32_t)> accept)
        : fcitx::CandidateWord(fcitx::Text(word)), index_(index), accept_(std::move(accept)) {}

    void select(fcitx::InputContext *) const override {
        // The engine's answer replaces the list, and this word with it: nothing of it is used after.
        auto accept = accept_;
        accept(index_);
    }

private:
    uint32_t index_;
    std::function<void(uint32_t)> accept_;
};

/// The list of hwalja's suggestions, told apart from other addons' candidates.
class SuggestionList : public fcitx::CommonCandidateList {};

void update(fcitx::InputContext &ic) {
    ic.updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

} // namespace

void showSuggestions(fcitx::InputContext &ic, const std::vector<std::string> &words,
                     std::function<void(uint32_t)> accept) {
    if (words.empty()) {
        hideSuggestions(ic);
        return;
    }
    auto list = std::make_unique<SuggestionList>();
    list->setLabels(std::vector<std::string>(words.size(), ""));
    list->setLayoutHint(fcitx::CandidateLayoutHint::Horizontal);
    list->setPageSize(static_cast<int>(words.size())); // all on one page: the engine sends only a few
    for (uint32_t index = 0; index < words.size(); ++index) {
        list->append<Suggestion>(words[index], index, accept);
    }
    ic.inputPanel().setCandidateList(std::move(list));
    update(ic);
}

void hideSuggestions(fcitx::InputContext &ic, bool updateUI) {
    if (!dynamic_cast<SuggestionList *>(ic.inputPanel().candidateList().get())) {
        return;
    }
    ic.inputPanel().setCandidateList(nullptr);
    if (updateUI) {
        update(ic);
    }
}

} // namespace hwalja
