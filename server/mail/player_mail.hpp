#pragma once
// How the rest of the server asks for a notification mail to a player (#35)
// without knowing about mail: the words and a path of the site. The composition
// root hands out MailService::player_mail(); without --smtp it is empty and
// callers send nothing. The mail goes only to a verified address whose switch
// for `kind` (turn, clock, challenge, round, report) is on; the notice always.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace arena {

struct PlayerMailRequest {
  std::int64_t player = 0;
  std::string kind;
  std::string subject;  // says what to do
  std::string text;     // one short paragraph; the link follows it
  std::string path;     // "/?room=ID": the site's page it is about
  std::string room;     // the game, if any
  // The cause stored the intent of this notice (notice_intents: a challenge,
  // a pairing, a report's resolution) with this seq: the notice resolves it,
  // so that it is told once whoever resolves it (this, or a start's sweep).
  // None: told anew (an event starting within the hour has no stored cause).
  std::optional<std::int64_t> intent = std::nullopt;
  // A notice in the bell only, never a mail (a followed player's new game, #46).
  bool bell_only = false;
};

using PlayerMail = std::function<void(PlayerMailRequest)>;

}  // namespace arena
