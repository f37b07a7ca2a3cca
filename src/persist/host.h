/* A public account's players (lightsout serve): one Unix account, each SSH
 * key a player, guests without one.  The host directory (mode 0700, ours):
 *
 *   host.db           what the host remembers (persist/store.h): its
 *                     players (their names, last login, last rename),
 *                     the names taken (one row a look-alike key,
 *                     name_keys(), under a UNIQUE index), names being
 *                     offered, the new players of each client address
 *   players/PID/      a key's player, made when the key chooses a name
 *                     (persist/roster.h): home/ holding the player's
 *                     own state, data and config directories
 *   names-collide     names found alike when the names were re-keyed
 *   POOL-admit.lock   held while a place of a pool (prompts, guests,
 *                     sessions) is counted, taken or given way
 *   prompts/          a new key at the name prompt: a place (below)
 *   sessions/         a key-holder's live session: a place (below)
 *   guests/N/         guest slot N's home, made fresh at login (or the
 *                     one kept for its address), removed at logout (or
 *                     by the next guest in that slot)
 *   guests-kept/HASH  a guest's home with an unfinished board, kept for
 *                     the next guest from its address for a while
 *                     (persist/guestkeep.h); guests-kept.lock
 *   live/             one lock a live game: kPID.N (N < games per key),
 *                     gN (N < guests, a guest's place); the kernel drops
 *                     a dead game's lock, a game that ends removes its
 *                     file
 *   scores/           the account's daily leaderboard (mode 0755: others
 *                     may read it; only we write)
 *   watch/            the live games as their players see them, for
 *                     watchers (persist/live.h; mode 0755), each file
 *                     named by a keyed hash of its slot, never its key's
 *   watch.key         that hash's key (mode 0600), made by the first game
 *                     that publishes
 * The directory itself is 0711: others reach scores/ and watch/ by name
 * (and serve keeps the directories above it, up to the account's home,
 * searchable for that).
 *
 * PID is 32 hex digits of the key's SHA-256 fingerprint: a directory
 * name the client cannot choose, made from what sshd checked.
 *
 * A place (issue 35) is a removable lock N (N.lock) with its holder's
 * record N.who ("PROCESS NETWORK ADDRESS SLOT BLOCK": the hashes of its
 * client's network, address and block, its game's slot in live/ and
 * watch/ or "-") and, once it was made to give way, N.why (the words it
 * is told).  A pool's places count per client address, per network and
 * per block (persist/network.h); when a pool is full, a holder gives way
 * to a newcomer only from a network or block above its fair share
 * (host_place_victim), and never one who moved lately.  A game's last
 * move is its live/SLOT.lock's time (host_live_moved). */
#ifndef LO_HOST_H
#define LO_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "persist/name.h"

#define HOST_PID_LEN 32

typedef struct host_limits {
	int games_per_key;	/* live games of one key */
	int guests;		/* live guest games in all (0: no guests) */
	int guests_per_address;	/* live guest games of one client address (0: any) */
	int players;		/* keys with a player on the host */
	int new_per_address;	/* new players one client address may make a day (0: any) */
	int new_per_network;	/* ... one client network (0: any) */
	int forget_days;	/* a player with no game for so long is forgotten (0: never) */
	int prompts;		/* new keys at the name prompt at once (0: any) */
	int prompts_per_address;	/* new keys at the name prompt from one client address (0: any) */
	int prompts_per_network;	/* ... from one client network (0: any) */
	int guests_per_network;	/* live guest games of one client network (0: any) */
	int sessions;		/* live sessions of key-holders in all (0: any) */
	int sessions_per_network;	/* ... of one client network (0: any) */
	/* The wider grouping, a block (IPv4 /16, IPv6 /32): one stranger
	 * holding many networks of one provider's range (issue 43). */
	int prompts_per_block;	/* new keys at the name prompt from one block (0: any) */
	int guests_per_block;	/* live guest games of one block (0: any) */
	int sessions_per_block;	/* live sessions of key-holders of one block (0: any) */
	int prompts_fresh;	/* prompt places only a block holding none may take (-1: a tenth) */
	int forget_unplayed_days;	/* a player who never cleared a board, unseen so long, is
					 * forgotten (0: as forget_days) */
	long guest_keep;	/* seconds a guest's unfinished board is kept for its address (0: not) */
	int guests_kept;	/* guests' boards kept at once (persist/guestkeep.h) */
} host_limits;

#define HOST_GAMES_PER_KEY 2
#define HOST_GUESTS 50
#define HOST_GUESTS_PER_ADDRESS 5
#define HOST_PLAYERS 10000
#define HOST_NEW_PER_ADDRESS 10
#define HOST_NEW_PER_NETWORK 30
#define HOST_FORGET_DAYS 365
#define HOST_PROMPTS 50
#define HOST_PROMPTS_PER_ADDRESS 3
#define HOST_PROMPTS_PER_NETWORK 10
#define HOST_GUESTS_PER_NETWORK 10
/* A session holds about 5 MiB: 200 of them fit a 2 GB host beside sshd. */
#define HOST_SESSIONS 200
#define HOST_SESSIONS_PER_NETWORK 20
#define HOST_PROMPTS_PER_BLOCK 15
#define HOST_GUESTS_PER_BLOCK 20
#define HOST_SESSIONS_PER_BLOCK 60
#define HOST_PROMPTS_FRESH (-1)	/* a tenth of the prompts */
#define HOST_FORGET_UNPLAYED_DAYS 7
/* A network or block holding no more places than this (or a quarter of a
 * pool, when less) is never made to give way: the 48 networks of one
 * place each plus one of two no longer end the one of two. */
#define HOST_SHARE_FLOOR 3
/* A player who moved less than this many seconds ago is never made to
 * give way. */
#define HOST_MOVED_SPARED 300
/* An hour covers a dropped link and a break; 200 homes of at most
 * GUESTKEEP_BYTES are 100 MiB of disk at worst. */
#define HOST_GUEST_KEEP 3600
#define HOST_GUESTS_KEPT 200

typedef enum host_status {
	HOST_OK,
	HOST_FULL,		/* a limit reached: err says which, in a player's words */
	HOST_ERROR,		/* the host directory cannot be used: err says why */
} host_status;

/* A place held in one of the host's pools. */
typedef struct host_place {
	int fd;			/* its lock (-1: none held) */
	char lock[4200];	/* its path (the lock is PATH.lock) */
	int held;		/* the pool's places held when it was taken, this one too */
} host_place;

typedef struct host_player {
	char pid[HOST_PID_LEN + 1];
	char name[NAME_MAX_BYTES + 1];	/* "" until the player has chosen one */
	bool guest;
	char home[4096];	/* the player's XDG homes are state/, data/ and config/ below */
	char dir[3900];		/* the player's directory (a guest's is its home) */
	int live_fd;		/* the live-game lock held while playing */
	char slot[40];		/* its name in live/ (and the game's in watch/) */
	char lock[4200];	/* live/SLOT: the lock is this path's .lock */
	host_place session;	/* a key-holder's place in sessions/ (host_session_take) */
} host_player;

/* Make the host directory's parts (missing ones only); refuse one that is
 * a symlink, not ours, or open to others. */
host_status host_open(const char *dir, char *err, size_t len);

/* The player of a key (its SHA-256 digest): a live-game slot taken, its
 * name read if the key has chosen one.  Nothing is made for a new key:
 * it becomes a player when it chooses a name (roster_register). */
host_status host_key_player(const char *dir, const unsigned char digest[32], const host_limits *lim,
			    host_player *p, char *err, size_t len);

/* p->name from the host's database (persist/roster.c), when it holds a
 * name we would accept now ("" otherwise). */
void host_read_name(host_player *p);
/* The name the player pid (32 hex digits) of host dir has now, into
 * name; "" when it has none or pid is not one. */
void host_player_name(const char *dir, const char *pid, char *name, size_t len);

/* A guest from client address addr ("" unknown; roster_address): a guest
 * place (live/gN, its record beside it), its home made fresh (serve then
 * puts the one kept for addr in its place: guestkeep_take), a name of
 * its own ("guest-1a2b"); no more than lim->guests_per_address live at
 * once from one address, lim->guests_per_network from one network, and
 * a full host makes room for a guest from a network holding fewer. */
host_status host_guest(const char *dir, const host_limits *lim, const char *addr, host_player *p, char *err,
		       size_t len);

/* The hash of a client address (32 hex digits) that names what is kept
 * for it: its places' records, a guest's board kept. */
void host_address_hash(const char *addr, char out[HOST_PID_LEN + 1]);

/* A new key's place at the name prompt, which may wait (--prompt-time)
 * and is a process all that while: bounded in all, per client address,
 * per network and per block, so that throwaway keys from one network
 * cannot hold the host's places, and its last lim->prompts_fresh places
 * (-1: a tenth of them) are only for a block that holds none.  HOST_OK
 * (q->held says how full the pool is), or HOST_FULL with err in a
 * player's words.  addr "" (unknown) counts as a network of its own. */
host_status host_prompt_take(const char *dir, const host_limits *lim, const char *addr, host_place *q, char *err,
			     size_t len);

/* A key-holder's live session (p from host_key_player, named): a place in
 * sessions/, bounded in all and per network, into p->session. */
host_status host_session_take(const char *dir, const host_limits *lim, const char *addr, host_player *p,
			      char *err, size_t len);

/* The place is left: its files removed with it. */
void host_place_leave(host_place *q);

/* Why the place's holder was made to give way, into out (removed once
 * read): false when it was not. */
bool host_place_why(const host_place *q, char *out, size_t len);

/* Why player p's guest place or session was made to give way. */
bool host_player_why(const host_player *p, char *out, size_t len);

/* A holder of a full pool's place, as the choice of who gives way sees it. */
typedef struct host_holder {
	long pid;		/* its process */
	char net[40];		/* its network's hash */
	char block[40];		/* its block's hash */
	long idle;		/* seconds since it last did anything (took its place, moved) */
	long moved;		/* seconds since its player's last move (-1: none since it took its place) */
	int slot;		/* its place's number */
} host_holder;

/* Why a holder was chosen: the group above its share, and what it held. */
typedef struct host_victim {
	bool block;		/* its block's share, not its network's */
	int held;		/* the places that network or block held */
} host_victim;

/* Who of n holders of a pool of cap places gives way to a newcomer from
 * network net and block block (their hashes): a holder whose network (or
 * block) holds more than the floor (HOST_SHARE_FLOOR, or a quarter of
 * cap when less), more than cap shared by the networks (blocks) there
 * with the newcomer's, and more than the newcomer's would with it; never
 * one who moved less than HOST_MOVED_SPARED seconds ago.  Of those, the
 * one of the group holding most, then the longest idle; -1 when none
 * should, else its index (and why, into *why when not NULL). */
int host_place_victim(const host_holder *h, int n, int cap, const char *net, const char *block, host_victim *why);

/* The player of live slot (a game's, host_player.slot) has just moved:
 * the census's measure of who is playing. */
void host_live_moved(const char *dir, const char *slot);

/* Remove the files of prompts' and sessions' places nobody holds (a
 * process killed outright leaves them). */
void host_prompt_sweep(const char *dir);

/* Whether some player has name (or one that looks like it): for offering
 * a free one. */
bool host_name_taken(const char *dir, const char *name);

/* A directory of ours nobody else can write in, made when missing, its
 * mode set to mode; HOST_ERROR with err for a link, another's, or one
 * others can write in. */
host_status host_own_dir(const char *path, mode_t mode, char *err, size_t len);

/* Every path of the host directory is spelled here (host.c's table),
 * never by hand: the parts that others reach by path (the game publishing
 * and watching, lightsout watch, the leaderboard) and the host's own. */
typedef enum host_part {
	HOST_DIR_LIVE,		/* the live games' locks */
	HOST_DIR_SCORES,	/* the daily leaderboard */
	HOST_DIR_WATCH,		/* the live games' files (persist/live.h) */
	HOST_DIR_PLAYERS,	/* players/PID/ */
	HOST_DIR_GUESTS,	/* guests/N/ */
	HOST_DIR_KEPT,		/* guests-kept/HASH/: guests' boards kept */
	HOST_DIR_PROMPTS,	/* prompts/: places */
	HOST_DIR_SESSIONS,	/* sessions/: places */
	/* A 0.1.1 host's parts, that host.db holds now (persist/upgrade.h
	 * reads them once, then sets them aside). */
	HOST_DIR_NAMES,		/* names/KEY */
	HOST_DIR_ADDRESSES,	/* addresses/A */
	HOST_DIR_OFFERS,	/* offers/KEY */
	HOST_FILE_COLLIDE,	/* names found alike by a re-key */
	HOST_FILE_PROMPTS_ADMIT,	/* the pools' locks (POOL-admit.lock) */
	HOST_FILE_GUESTS_ADMIT,
	HOST_FILE_SESSIONS_ADMIT,
} host_part;
/* dir's part in out; -1 when out is too short for it. */
int host_path(const char *dir, host_part part, char *out, size_t len);
/* name (a file name, no slash) in dir's part: "DIR/PART/NAME"; -1 when
 * out is too short for it. */
int host_path_in(const char *dir, host_part part, const char *name, char *out, size_t len);

/* The files of a player's directory (players/PID/, or a guest's home). */
typedef enum host_player_part {
	HOST_PLAYER_HOME,	/* home/: the player's XDG directories */
	/* A 0.1.1 host's, that host.db holds now (persist/upgrade.h). */
	HOST_PLAYER_NAME,	/* the name chosen */
	HOST_PLAYER_SEEN,	/* its time: the last login */
	HOST_PLAYER_RENAMED,	/* "T\nOLD NAME\n": the last rename */
} host_player_part;
int host_player_path(const char *pdir, host_player_part part, char *out, size_t len);

/* The player leaves: a guest's home removed, its session's place and its
 * live-game lock dropped. */
void host_leave(host_player *p);

/* Remove a directory tree without following symlinks (a guest's home). */
int host_remove_tree(const char *path);

#endif
