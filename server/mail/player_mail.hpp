#pragma once
// How the rest of the server asks for a notification mail to a player (#35)
// without knowing about mail: the words and a path of the site. The composition
// root hands out MailService::player_mail(); without --smtp it is empty and
// callers send nothing. The mail goes only to a verified address whose switch
// for `kind` (turn, clock, challenge, round, report) is on.
#include <cstdint>
#include <functional>
#include <string>

namespace arena {

struct PlayerMailRequest {
  std::int64_t player = 0;
  std::string kind;
  std::string subject;  // says what to do
  std::string text;     // one short paragraph; the link follows it
  std::string path;     // "/?room=ID": the site's page it is about
  std::string room;     // the game, if any
};

using PlayerMail = std::function<void(PlayerMailRequest)>;

}  // namespace arena
