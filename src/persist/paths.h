/* Where lightsout keeps its files (XDG base directories):
 *   saved game   $XDG_STATE_HOME/lightsout/game.save  (~/.local/state/...)
 *   statistics   $XDG_DATA_HOME/lightsout/stats       (~/.local/share/...)
 *   settings     $XDG_CONFIG_HOME/lightsout/config    (~/.config/...)
 * An XDG variable counts only when it is an absolute path, as the spec says. */
#ifndef LO_PATHS_H
#define LO_PATHS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum paths_kind { PATHS_STATE, PATHS_DATA, PATHS_CONFIG } paths_kind;

#define PATHS_SAVEGAME "game.save"
#define PATHS_STATS "stats"
#define PATHS_CONFIG_FILE "config"

/* The lightsout directory of that kind; with create, made (mode 0700,
 * parents too) when missing.  Returns 0, or -1 with a message in err,
 * also when the directory is not ours or others can write in it. */
int paths_dir(paths_kind kind, bool create, char *buf, size_t len, char *err, size_t errlen);

/* A public account's player: their homes are dir's state/, data/ and
 * config/, whatever HOME and XDG say (the account's own). */
void paths_set_home(const char *dir);

/* A file in that directory. */
int paths_file(paths_kind kind, const char *name, bool create, char *buf, size_t len,
	       char *err, size_t errlen);

/* mkdir -p with mode 0700 for the directories it makes. */
int paths_mkdirs(const char *dir, char *err, size_t errlen);

#endif
