#pragma once
// What the notifications with a stored cause say (#35): a ladder challenge,
// an event round's pairing, a report's outcome. The cause's transaction
// stores these words with the intent of the notice (notice_intents), so that
// a server restarted before the notice was written tells the same thing; the
// live path makes them again from the same record. Pure: the store and the
// services both use it.
#include <cstdint>
#include <string>

namespace arena {

struct NoticeWords {
  std::string subject;  // says what to do; the notice's text
  std::string text;     // the mail's paragraph; the link follows it
  std::string path;     // the site's page it is about
};

// To the challenged player: `by` challenged them on `ladder`; their game is `room`.
inline NoticeWords challenge_words(const std::string& by, const std::string& ladder, const std::string& room) {
  return {by + " challenged you \u2014 " + ladder, by + " challenged you on the ladder " + ladder + ". Your game:",
          "/?room=" + room};
}

// To the challenged player of a ladder with an answer time (#43): `by`
// challenged them on `ladder` (its id `ladder_id`), and they answer there.
inline NoticeWords answer_challenge_words(const std::string& by, const std::string& ladder, std::int64_t ladder_id) {
  return {by + " challenged you: answer — " + ladder,
          by + " challenged you on the ladder " + ladder +
              ". Accept, choose a time or decline before your answer time runs out (no answer counts as a loss):",
          "/ladders/" + std::to_string(ladder_id)};
}

// To the destination of a challenge between accounts that is not real-time
// (#46): `by` challenged them to `game` (e.g. "YINSH normal, 3 days per move,
// casual"); they answer on any page of the site (the challenge's card).
inline NoticeWords player_challenge_words(const std::string& by, const std::string& game) {
  return {by + " challenges you: " + game, by + " challenged you to a game: " + game + ". Accept or decline it on the site:",
          "/@/" + by};
}

// To a challenger (#43): what became of their challenge of `defender` on
// `ladder`: `what` completes "defender ...", e.g. "declined your challenge".
inline NoticeWords challenge_answered_words(const std::string& defender, const std::string& what, const std::string& ladder,
                                            std::int64_t ladder_id) {
  return {defender + " " + what + " — " + ladder, defender + " " + what + " on the ladder " + ladder + ". The ladder:",
          "/ladders/" + std::to_string(ladder_id)};
}

// To a player of round `round` of `event`: they play `opponent` with white or black in `room`.
inline NoticeWords round_words(int round, const std::string& event, const std::string& opponent, bool white,
                               const std::string& room) {
  std::string r = "Round " + std::to_string(round);
  return {r + ": you play " + opponent + " \u2014 " + event,
          r + " of " + event + " is paired: you play " + opponent + " with " + (white ? "white" : "black") + ". Your game:",
          "/?room=" + room};
}

// To the reporter (`reporter`, their username): a moderator resolved their
// report of `reported` with `outcome`, which their profile's "Your reports" shows.
inline NoticeWords report_words(const std::string& reported, const std::string& outcome, const std::string& reporter) {
  return {"Read the outcome of your report of " + reported,
          "A moderator resolved your report of " + reported + ": " + outcome + "\n\nYour reports:",
          "/@/" + reporter + "#my-reports"};
}

}  // namespace arena
