/* Who a public host keeps (lightsout serve): a key becomes a player only
 * when it chooses a name, has one name at a time (a rename frees the old
 * one), and is forgotten after a long absence; a client address makes a
 * bounded number of new players a day.  All of it is kept in the host's
 * database (persist/store.h), each change of names in one transaction
 * that takes the write lock first, so two logins of one key at the same
 * moment end with one name, two look-alike names are never both given
 * (the names' UNIQUE index), and a player being forgotten cannot be
 * renamed halfway. */
#ifndef LO_ROSTER_H
#define LO_ROSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "persist/host.h"

typedef enum roster_status {
	ROSTER_OK,		/* done: p->name is the player's name */
	ROSTER_HAD_NAME,	/* the key chose a name meanwhile, in another login: p->name */
	ROSTER_TAKEN,		/* another player has that name, or one that looks like it, or had it lately */
	ROSTER_REFUSED,		/* not a name to accept: why says which rule */
	ROSTER_FULL,		/* not now (the host's cap, the address's day, the player's rename of the day) */
	ROSTER_ERROR,		/* the host directory failed us: why says how */
} roster_status;

/* At each start: a host a 0.1.1 kept in files is read into the
 * database once (persist/upgrade.h), then the names are keyed by the rule
 * of this version (name_keys: each name one or two keys, look-alikes
 * share one), once (the database says which rule keyed them): from the
 * players' names, which are the truth.  Of two players whose names now look
 * alike, the one who chose theirs first keeps the keys they share; the
 * other keeps its name and its own keys, nobody is deleted, and the pair
 * is written to ROSTER_COLLIDE in the host directory for its keeper.  A
 * name left by a rename lately is held by each of its keys still free.
 * The pairs reported (why says where), or -1 with why. */
#define ROSTER_COLLIDE "names-collide"
int roster_rekey(const char *dir, char *why, size_t len);

/* Whether a new key may become a player now: room on the host and the
 * address under its daily limit.  ROSTER_OK, or ROSTER_FULL with why in a
 * player's words. */
roster_status roster_room(const char *dir, const host_limits *lim, const char *addr, char *why, size_t len);

/* Key player p (from host_key_player, no name yet) takes name and becomes
 * a player: its directory made, its name and the name's keys kept, the address
 * counted. */
roster_status roster_register(const char *dir, host_player *p, const char *name, const host_limits *lim,
			      const char *addr, time_t now, char *why, size_t len);

/* A player takes another name at time now; the player's games,
 * statistics and saves stay theirs.  The name left is kept for them
 * ROSTER_HOLD_DAYS (theirs to take back, nobody else's: no name is freed
 * and taken by another in a moment), and a player renames once a day
 * (ROSTER_FULL, why says when next). */
#define ROSTER_HOLD_DAYS 30
roster_status roster_rename(const char *dir, host_player *p, const char *name, time_t now, char *why, size_t len);

/* Whether player p may rename at time now (once a day); why says when
 * next otherwise, in a player's words. */
bool roster_can_rename(const host_player *p, time_t now, char *why, size_t len);

/* Whether name may be offered to new key p as a suggestion: nobody else
 * is being offered it (an offer is kept for ROSTER_OFFER_AGE
 * seconds, or until roster_offer_drop), so strangers logging in at the
 * same moment are offered different names. */
#define ROSTER_OFFER_AGE 600
bool roster_offer(const char *dir, const host_player *p, const char *name, time_t now);
void roster_offer_drop(const char *dir, const host_player *p, const char *name);

/* The player has just logged in (its last login, as the prune reads it). */
void roster_seen(const host_player *p, time_t now);

/* Forget the players not seen for lim->forget_days, or for
 * lim->forget_unplayed_days when they never cleared a board (no win in
 * their statistics: a throwaway key; their directory and name; their
 * rows on past leaderboards stay, the name written there),
 * directories of keys that never chose a name (an older version made
 * them at login), address counts older than a day, and the slots of name
 * prompts killed outright (host_prompt_sweep).  Runs at most once an hour
 * (the database keeps when it last ran); players in a game are left alone.
 * Returns the players forgotten. */
int roster_prune(const char *dir, const host_limits *lim, time_t now);

/* The client's address as the limit counts it, from SSH_CONNECTION ("IP
 * PORT IP PORT"): IPv4 whole, IPv6 by its /64 (a home's prefix: one
 * household has 2^64 addresses of it).  "" when unknown. */
void roster_address(const char *ssh_connection, char *out, size_t len);

#endif
