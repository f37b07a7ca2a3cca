/* The curses game: `lightsout` and `lightsout play`. */
#ifndef LO_CMD_PLAY_H
#define LO_CMD_PLAY_H

#include <stdbool.h>
#include <stddef.h>

/* argv[0] is "play"; returns the process exit status. */
int play_main(int argc, char **argv);

/* --idle's TIME: N (minutes), Ns, Nm or Nh, up to a week; 0 never.  The
 * seconds, or -1 with err. */
int play_parse_idle(const char *s, long *secs, char *err, size_t errlen);
/* "30 minutes", "45 seconds", "1 hour": an idle time in words. */
void play_idle_words(long secs, char *buf, size_t len);

/* The next game's player on a public account (lightsout serve): results
 * on the leaderboard carry the id and name; a guest is told that nothing
 * is kept; the game is published for watchers in host's watch/ under its
 * live-game slot's name. */
void play_set_player(const char *pid, const char *name, bool guest, const char *host, const char *live_id);
/* A line the game says first, in place of "Playing as ...": what the front
 * door did just before ("You are Bobby now, was Bob."). */
void play_set_note(const char *line);

#endif
