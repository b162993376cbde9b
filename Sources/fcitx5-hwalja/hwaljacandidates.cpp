#include "hwaljacandidates.h"

#include <memory>
#include <utility>

#include <fcitx/candidatelist.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>
#include <fcitx/userinterface.h>

namespace hwalja {

namespace {

/// One candidate: its text, then its meaning; picking it asks the engine for candidate `index`.
class Candidate : public fcitx::CandidateWord {
public:
    Candidate(const std::string &text, const std::string &meaning, uint32_t index, std::function<void(uint32_t)> accept)
        : fcitx::CandidateWord(shown(text, meaning)), index_(index), accept_(std::move(accept)) {}

    void select(fcitx::InputContext *) const override {
        // The engine's answer replaces the list, and this candidate with it.
        auto accept = accept_;
        accept(index_);
    }

private:
    static fcitx::Text shown(const std::string &text, const std::string &meaning) {
        fcitx::Text shown(text);
        if (!meaning.empty()) {
            shown.append("  " + meaning, fcitx::TextFormatFlag::DontCommit);
        }
        return shown;
    }

    uint32_t index_;
    std::function<void(uint32_t)> accept_;
};

/// hwalja's conversion list: one page of the engine's, whose arrows turn the engine's pages.
class ConversionList : public fcitx::CommonCandidateList {
public:
    ConversionList(uint32_t pages, std::function<void(int32_t)> turn) : pages_(pages), turn_(std::move(turn)) {}

    bool hasPrev() const override { return pages_ > 1; }
    bool hasNext() const override { return pages_ > 1; }
    void prev() override { turnBy(-1); }
    void next() override { turnBy(1); }

private:
    void turnBy(int32_t count) {
        auto turn = turn_; // the engine's answer replaces this list
        turn(count);
    }

    uint32_t pages_;
    std::function<void(int32_t)> turn_;
};

void update(fcitx::InputContext &ic) {
    ic.updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

} // namespace

void showCandidates(fcitx::InputContext &ic, const CandidatePage &page, std::function<void(uint32_t)> accept,
                    std::function<void(int32_t)> turn) {
    if (page.texts.empty()) {
        hideCandidates(ic);
        return;
    }
    auto list = std::make_unique<ConversionList>(page.pages, std::move(turn));
    std::vector<std::string> labels;
    for (size_t index = 0; index < page.texts.size(); ++index) {
        labels.push_back(std::to_string(index + 1) + ". ");
    }
    list->setLabels(labels);
    list->setLayoutHint(fcitx::CandidateLayoutHint::Vertical);
    list->setPageSize(static_cast<int>(page.texts.size())); // one page: the engine sends a page at a time
    for (uint32_t index = 0; index < page.texts.size(); ++index) {
        list->append<Candidate>(page.texts[index], index < page.meanings.size() ? page.meanings[index] : "", index,
                                accept);
    }
    list->setGlobalCursorIndex(static_cast<int>(page.highlighted));
    ic.inputPanel().setCandidateList(std::move(list));
    ic.inputPanel().setAuxUp(
        page.pages > 1 ? fcitx::Text(std::to_string(page.page + 1) + "/" + std::to_string(page.pages)) : fcitx::Text());
    update(ic);
}

void hideCandidates(fcitx::InputContext &ic, bool updateUI) {
    if (!dynamic_cast<ConversionList *>(ic.inputPanel().candidateList().get())) {
        return;
    }
    ic.inputPanel().setCandidateList(nullptr);
    ic.inputPanel().setAuxUp(fcitx::Text());
    if (updateUI) {
        update(ic);
    }
}

} // namespace hwalja
