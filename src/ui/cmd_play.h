/* The curses game: `lightsout` and `lightsout play`. */
#ifndef LO_CMD_PLAY_H
#define LO_CMD_PLAY_H

#include <stdbool.h>

/* argv[0] is "play"; returns the process exit status. */
int cmd_play(int argc, char **argv);

/* The next game's player on a public account (lightsout serve): results
 * on the leaderboard carry the id and name; a guest is told what is kept
 * of it (play_set_guest_keep); the game is published for watchers in host's watch/ under its
 * live-game slot's name. */
void play_set_player(const char *pid, const char *name, bool guest, const char *host, const char *live_id);
/* The fingerprint of the key the player came with (serve knows it), for
 * the player's page. */
void play_set_key(const char *fingerprint);
/* A guest's board left unfinished is kept for secs seconds (0: it is not,
 * and its share code is printed as the guest leaves). */
void play_set_guest_keep(long secs);
/* A line the game says first, in place of "Playing as ...": what the front
 * door did just before ("You are Bobby now, was Bob."). */
void play_set_note(const char *line);
/* The boards a key must have cleared alone for its races to rank (serve's
 * --race-history). */
void play_set_race_history(int boards);
/* What making one board may cost (serve's --board-memory and --board-cpu;
 * 0, no bound): a board past it is refused, its making's threads get a
 * backstop on their CPU (game/budget.h), and with a bound on bytes the
 * process's address space is bounded too (RLIMIT_AS: what it holds now,
 * twice the bytes and PLAY_AS_ROOM). */
#define PLAY_AS_ROOM (64.0 * 1024 * 1024)
void play_set_budget(double bytes, double seconds);

#endif
