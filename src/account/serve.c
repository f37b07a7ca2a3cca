/* lightsout serve: the game for a public SSH account, where each key is a
 * player and a login without one is a guest.  sshd checks the key; we learn
 * which key it was from sshd's ExposeAuthInfo file ($SSH_USER_AUTH), never
 * from anything the client sends. */
#include "base/clock.h"
#include "base/path.h"
#include "account/serve.h"

#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "account/lineedit.h"
#include "formats/options.h"
#include "formats/output.h"
#include "persist/atomic.h"
#include "persist/guestkeep.h"
#include "persist/host.h"
#include "persist/racestore.h"
#include "persist/paths.h"
#include "persist/sshkey.h"
#include "persist/roster.h"
#include "ui/cmd_play.h"
#include "i18n.h"

#define SERVE_IDLE (30 * 60)	/* --idle's default: seconds */
#define SERVE_PROMPT_TIME 120	/* --prompt-time's default: seconds */
#define SERVE_PROMPT_TIME_BUSY 30	/* --prompt-time-busy's */
#define SERVE_BOARD_MEMORY 2	/* --board-memory's default: MiB */
#define SERVE_BOARD_CPU 2	/* --board-cpu's default: seconds */

static void serve_usage(const options_def *d)
{
	/* TRANSLATORS: "HOSTING OVER SSH" is a section of the manual, in English. */
	fputs(_("Usage: lightsout serve [--dir DIR] [--games-per-key N] [--guests N] [--players N] [--prompts N]\n"
		"                       [--sessions N] [-- PLAY-OPTIONS]\n"
		"       lightsout serve --check [ACCOUNT] [--sshd-config FILE] [--pam-config FILE]\n"
		"The game for a public SSH account: each SSH key is a player with its own\n"
		"name, saved game and statistics; a login without a key is a guest, whose\n"
		"unfinished board waits a while for the next guest from its address.  Run by\n"
		"sshd (ForceCommand) with ExposeAuthInfo yes: see\n"
		"contrib/sshd_config.lightsout-public and HOSTING OVER SSH in lightsout(6).\n"
		"\n"), stdout);
	options_help(d->specs, 27);
	/* TRANSLATORS: the first %d is a number of places, the second of minutes. */
	printf(P_("When a place (a guest's, a new key's at the prompt, a player's session) is\n"
		  "wanted and all are taken, the longest-idle holder of a network (IPv4 /24,\n"
		  "IPv6 /48) or block (/16, /32) above its fair share gives way, told why (a\n"
		  "network or block holding %d or fewer is never above it), but never a player\n"
		  "who moved in the last %d minute.\n"
		  "Options after -- go to the game (lightsout play --help), e.g. -- --no-mouse.\n"
		  "A player changes name with: ssh -t ACCOUNT@HOST rename\n",
		  "When a place (a guest's, a new key's at the prompt, a player's session) is\n"
		  "wanted and all are taken, the longest-idle holder of a network (IPv4 /24,\n"
		  "IPv6 /48) or block (/16, /32) above its fair share gives way, told why (a\n"
		  "network or block holding %d or fewer is never above it), but never a player\n"
		  "who moved in the last %d minutes.\n"
		  "Options after -- go to the game (lightsout play --help), e.g. -- --no-mouse.\n"
		  "A player changes name with: ssh -t ACCOUNT@HOST rename\n",
		  HOST_MOVED_SPARED / 60),
	       HOST_SHARE_FLOOR, HOST_MOVED_SPARED / 60);
}

/* Why a name was refused, said once: the roster's own sentence when it
 * already names the name (ROSTER_TAKEN: "that name is taken: ..."), its
 * first letter made a capital, else after ours. */
static void say_refused(roster_status st, const char *why)
{
	if (st == ROSTER_TAKEN && why[0] >= 'a' && why[0] <= 'z')
		printf("%c%s.\n", why[0] - 'a' + 'A', why + 1);
	else if (st == ROSTER_TAKEN)
		printf("%s.\n", why);
	else
		printf(_("That name cannot be used: %s.\n"), why);
}

/* Which key sshd accepted: 1 with its digest, 0 for a login without one
 * (a guest), -1 with err when sshd did not say. */
static int identify(unsigned char digest[32], char *fp, char *err, size_t len)
{
	const char *path = getenv("SSH_USER_AUTH");
	if (!path || path[0] != '/') {
		snprintf(err, len, "%s", _("sshd did not say who logged in: this account needs 'ExposeAuthInfo yes' "
					   "(see contrib/sshd_config.lightsout-public)"));
		return -1;
	}
	size_t n;
	char why[300];
	char *text = atomic_read_max(path, 65536, &n, why, sizeof why);
	if (!text) {
		snprintf(err, len, _("sshd's record of the login: %s"), why);
		return -1;
	}
	/* "publickey TYPE BASE64" for a key; other methods (keyboard-interactive
	 * with an empty password, for guests) carry no key. */
	int found = 0;
	for (char *line = text, *next; !found && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strncmp(line, "publickey ", 10) != 0)
			continue;
		char *type = line + 10, *b64 = strchr(type, ' ');
		if (!b64) {
			snprintf(err, len, "%s", _("sshd's record of the login: a key without its type"));
			found = -1;
			break;
		}
		*b64++ = '\0';
		char *tail = strchr(b64, ' ');
		if (tail)
			*tail = '\0';
		if (sshkey_check(type, b64, digest, why, sizeof why) < 0) {
			snprintf(err, len, _("the key sshd accepted: %s"), why);
			found = -1;
			break;
		}
		sshkey_fingerprint(digest, fp);
		found = 1;
	}
	free(text);
	return found;
}

/* A name nobody has and nobody else is being offered, to offer: the same
 * two words for the same key. */
static void suggest(const char *dir, const host_player *p, char *out, size_t len)
{
	static const char *const adj[] = { "amber", "brisk", "calm", "dusky", "eager", "fuzzy", "gentle", "hazel",
					   "ivory", "jolly", "keen", "lucky", "mellow", "nimble", "quiet", "rusty" };
	static const char *const noun[] = { "otter", "lynx", "heron", "badger", "falcon", "marten", "newt", "owl",
					    "panda", "quail", "raven", "stoat", "tapir", "vole", "wren", "yak" };
	unsigned h = 0;
	sscanf(p->pid, "%8x", &h);	/* the key's digest, in hex */
	for (int i = 0; i < 100; i++) {
		if (i == 0)
			snprintf(out, len, "%s-%s", adj[h & 15], noun[h >> 4 & 15]);
		else
			snprintf(out, len, "%s-%s-%d", adj[h & 15], noun[h >> 4 & 15], (int)(h >> 8) % 90 + 10 + i);
		if (!host_name_taken(dir, out) && roster_offer(dir, p, out, time(NULL)))
			return;
	}
}

/* A line typed as a name: 1 with the name in out (the offer when the line
 * is empty), 0 when the line cannot be one (why said), -1 when the player
 * left. */
static long idle_secs = SERVE_IDLE;	/* --idle: at the prompt too */
static long prompt_secs = SERVE_PROMPT_TIME;	/* --prompt-time: all tries together */
static long busy_secs = SERVE_PROMPT_TIME_BUSY;	/* --prompt-time-busy: over half the prompts taken */

static long now_ms(void)
{
	return (long)(clock_seconds() * 1000);
}

static int read_name(const char *prompt, const char *offer, char *out, size_t len)
{
	static long closes;	/* when the prompt closes: from its first line */
	if (!closes && prompt_secs > 0)
		closes = now_ms() + prompt_secs * 1000;
	char line[LINEEDIT_MAX], when[40];
	long left = closes ? closes - now_ms() : 0;
	int n = left < 0 ? LINEEDIT_LATE
		: lineedit_read(STDIN_FILENO, STDOUT_FILENO, prompt, line, idle_secs * 1000, closes ? left + 1 : 0);
	if (n == LINEEDIT_IDLE) {
		options_time_words(idle_secs, when, sizeof when);
		/* TRANSLATORS: %s is a time in words: "No key for 2 minutes." */
		printf(_("No key for %s.\n"), when);
	}
	if (n == LINEEDIT_LATE) {
		options_time_words(prompt_secs, when, sizeof when);
		printf(_("Time is up: the name prompt is open for %s.\n"), when);
	}
	if (n < 0)
		return -1;
	const char *nul = memchr(line, '\0', (size_t)n);
	if (nul) {
		printf(_("That name cannot be used: character %d is a NUL byte.\n"), (int)(nul - line) + 1);
		return 0;
	}
	if (n >= (int)len) {
		printf(_("That name cannot be used: longer than %d characters.\n"), NAME_MAX_CHARS);
		return 0;
	}
	if (n == 0)
		snprintf(out, len, "%s", offer);
	else {
		memcpy(out, line, (size_t)n);
		out[n] = '\0';
	}
	return 1;
}

/* A new key's first login: the name others will see.  0 when the key has
 * a name (this one's or, one key one name, another login's), -1 when the
 * player left without one or the host cannot take a new player. */
static int ask_name(const char *dir, host_player *p, const char *fp, const host_limits *lim, const char *addr)
{
	char offer[NAME_MAX_BYTES + 8], name[NAME_MAX_BYTES + 1], prompt[NAME_MAX_BYTES + 100], why[300];
	suggest(dir, p, offer, sizeof offer);
	/* TRANSLATORS: %s is the key's fingerprint, %d the longest name;
	 * lines of at most 72 columns. */
	printf(_("\nWelcome to lightsout.  Your key is new here:\n  %s\n"
		 "Choose the name other players will see: 1 to %d letters, digits,\n"
		 "punctuation or single spaces.  Press Enter to take the one offered.\n"),
	       fp, NAME_MAX_CHARS);
	for (int tries = 0; tries < 10; tries++) {
		/* TRANSLATORS: the name prompt, %s the name Enter takes. */
		snprintf(prompt, sizeof prompt, _("Name [%s]: "), offer);
		fflush(stdout);
		int r = read_name(prompt, offer, name, sizeof name);
		if (r < 0)
			break;
		if (r == 0)
			continue;
		roster_status st = roster_register(dir, p, name, lim, addr, time(NULL), why, sizeof why);
		switch (st) {
		case ROSTER_OK:
			printf(_("Welcome, %s.\n"), p->name);
			roster_offer_drop(dir, p, offer);
			return 0;
		case ROSTER_HAD_NAME:
			printf(_("This key chose a name in another session: welcome, %s.\n"), p->name);
			roster_offer_drop(dir, p, offer);
			return 0;
		case ROSTER_TAKEN:
			if (!strcmp(name, offer)) {
				roster_offer_drop(dir, p, offer);
				suggest(dir, p, offer, sizeof offer);
			}
			/* fall through */
		case ROSTER_REFUSED:
			say_refused(st, why);

			break;
		case ROSTER_FULL:
			printf("%s\n", why);
			tries = 10;
			break;
		case ROSTER_ERROR:
			/* notext: the command's name before a message said elsewhere */
			fprintf(stderr, "lightsout serve: %s\n", why);
			tries = 10;
			break;
		}
	}
	roster_offer_drop(dir, p, offer);
	return -1;
}

/* A hangup at the name prompt (the link dropped) ends it as leaving does,
 * so that its slots and lock go with it instead of with the process; so
 * does SIGTERM (its place given way to another network's new key). */
static volatile sig_atomic_t hung_up;
static void on_hangup(int sig)
{
	(void)sig;
	hung_up = 1;
}

/* A new key: a place at the prompt (bounded per address, per network and
 * in all, for it may wait), then its name asked: as ask_name, or -2 (the
 * line said) when no place is free or the place was given way. */
static int ask_name_placed(const char *dir, host_player *p, const char *fp, const host_limits *lim, const char *addr)
{
	char err[400];
	host_place q;
	if (host_prompt_take(dir, lim, addr, &q, err, sizeof err) != HOST_OK) {
		fprintf(stderr, "%s\n", err);
		return -2;
	}
	/* Over half the places taken: a shorter wait, so that keys left at
	 * the prompt and renewed cost their holder more (issue 43). */
	if (lim->prompts > 0 && q.held * 2 > lim->prompts && busy_secs > 0 && (!prompt_secs || busy_secs < prompt_secs)) {
		char when[40];
		prompt_secs = busy_secs;
		options_time_words(prompt_secs, when, sizeof when);
		/* TRANSLATORS: %s is a time in words: "30 seconds". */
		printf(_("\nMany new keys are choosing a name now: this prompt is open for %s.\n"), when);
	}
	/* No SA_RESTART: the read at the prompt returns, and the prompt ends. */
	struct sigaction sa = { .sa_handler = on_hangup }, old, old_term;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, &old);
	sigaction(SIGTERM, &sa, &old_term);
	int r = ask_name(dir, p, fp, lim, addr);
	bool gave_way = host_place_why(&q, err, sizeof err);
	host_place_leave(&q);
	sigaction(SIGHUP, &old, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (gave_way) {
		printf("\n%s\n", err);
		return -2;
	}
	return hung_up ? -1 : r;
}

/* ssh -t ACCOUNT@HOST rename: a player takes another name; note, the
 * line said again on the game's first screen (else left as it is). */
static void ask_rename(const char *dir, host_player *p, char *note, size_t notelen)
{
	char name[NAME_MAX_BYTES + 1], prompt[NAME_MAX_BYTES + 100], why[300];
	if (!roster_can_rename(p, time(NULL), why, sizeof why)) {
		/* Read before the game's screen takes the terminal. */
		char line[LINEEDIT_MAX];
		printf(_("\nYou play as %s.\nNot now: %s.\n"), p->name, why);
		fflush(stdout);
		lineedit_read(STDIN_FILENO, STDOUT_FILENO, _("Press Enter to play. "), line, idle_secs * 1000,
			      prompt_secs * 1000);
		return;
	}
	printf(_("\nYou play as %s.  Choose another name (Enter keeps this one).\n"), p->name);
	for (int tries = 0; tries < 10; tries++) {
		snprintf(prompt, sizeof prompt, _("New name [%s]: "), p->name);
		fflush(stdout);
		int r = read_name(prompt, p->name, name, sizeof name);
		if (r < 0 || (r > 0 && !strcmp(name, p->name)))
			return;
		if (r == 0)
			continue;
		char was[sizeof p->name];
		snprintf(was, sizeof was, "%s", p->name);
		roster_status st = roster_rename(dir, p, name, time(NULL), why, sizeof why);
		if (st == ROSTER_OK) {
			snprintf(note, notelen, _("You are %s now, was %s."), p->name, was);
			printf("%s\n", note);
			return;
		}
		say_refused(st, why);
		if (st == ROSTER_ERROR || st == ROSTER_FULL)
			return;
	}
}

/* Let others on this machine reach the leaderboard and the live games:
 * the directories from the account's home down to the host's become
 * searchable (never listable, never writable). */
static void open_path(const char *home, const char *dir)
{
	char path[3100];
	size_t n = strlen(home);
	snprintf(path, sizeof path, "%s", dir);
	for (char *slash = path + n; slash; slash = strchr(slash + 1, '/')) {
		char keep = *slash;
		*slash = '\0';
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
		    (st.st_mode & 0011) != 0011)
			chmod(path, (st.st_mode & 07777) | 0011);
		*slash = keep;
		if (!keep)
			break;
	}
}

/* A guest leaves: its unfinished board kept for its address, or why it
 * is not, said in one line (the game printed its share code before). */
static void guest_leaves(const char *dir, const host_limits *lim, const char *addr, const host_player *p)
{
	char save[PATH_LEN], err[600], when[40];
	/* In the player's home: the game took it from the handoff. */
	if (paths_file(PATHS_STATE, PATHS_SAVEGAME, false, save, sizeof save, err, sizeof err) < 0)
		return;	/* the game had no save either */
	options_time_words(lim->guest_keep, when, sizeof when);
	switch (guestkeep_store(dir, lim, addr, p->home, save, err, sizeof err)) {
	case GUESTKEEP_KEPT:
		/* TRANSLATORS: %s is how long ("1 hour"); lines of at most 80 columns. */
		printf(_("Your board is kept for %s for a guest from this address:\n"
			 "log in as a guest from it again to go on.\n"), when);
		break;
	case GUESTKEEP_NOTHING:
		break;
	case GUESTKEEP_OFF:
		printf("%s", _("Your board is not kept: this host keeps no guest's board.\n"));
		break;
	case GUESTKEEP_NO_ADDRESS:
		printf("%s", _("Your board is not kept: this host cannot tell your address.\n"));
		break;
	case GUESTKEEP_TOO_BIG:
		printf(_("Your board is not kept: it takes more than %ld KiB, a guest's bound here.\n"),
		       GUESTKEEP_BYTES / 1024);
		break;
	case GUESTKEEP_ERROR:
		printf(_("Your board is not kept: %s\n"), err);
		break;
	}
}

int serve_account(int argc, char **argv)
{
	host_limits lim = { .games_per_key = HOST_GAMES_PER_KEY, .guests = HOST_GUESTS,
			    .guests_per_address = HOST_GUESTS_PER_ADDRESS, .players = HOST_PLAYERS,
			    .new_per_address = HOST_NEW_PER_ADDRESS, .new_per_network = HOST_NEW_PER_NETWORK,
			    .forget_days = HOST_FORGET_DAYS,
			    .prompts = HOST_PROMPTS, .prompts_per_address = HOST_PROMPTS_PER_ADDRESS,
			    .prompts_per_network = HOST_PROMPTS_PER_NETWORK, .guests_per_network = HOST_GUESTS_PER_NETWORK,
			    .sessions = HOST_SESSIONS, .sessions_per_network = HOST_SESSIONS_PER_NETWORK,
			    .prompts_per_block = HOST_PROMPTS_PER_BLOCK, .guests_per_block = HOST_GUESTS_PER_BLOCK,
			    .sessions_per_block = HOST_SESSIONS_PER_BLOCK, .prompts_fresh = HOST_PROMPTS_FRESH,
			    .forget_unplayed_days = HOST_FORGET_UNPLAYED_DAYS,
			    .guest_keep = HOST_GUEST_KEEP, .guests_kept = HOST_GUESTS_KEPT };
	char dir[3100] = "", home[3100] = "", err[600];
	const char *dir_arg = NULL;
	int race_history = RACE_HISTORY;
	bool checking = false;	/* --check and its options: main sends those to cli/, here only for the help */
	/* A limit: a whole number up to a million, from lo (1: none is no host). */
#define LIMIT(name, field, least, text) \
	{ name, 0, OPTION_INT, &lim.field, .arg = "N", .help = text, .lo = least, .hi = 1000000 }
	/* A help with its default in it, translated here: the runner's own
	 * lookup of the text it is given finds nothing and leaves it. */
	char helps[21][300];
	int board_mib = SERVE_BOARD_MEMORY;
	long board_cpu = SERVE_BOARD_CPU;
#define HELP(i, text, value) (snprintf(helps[i], sizeof helps[i], text, value), helps[i])
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 27: a line each "\n", at most 53 columns a line. */
		{ "dir", 0, OPTION_STRING, &dir_arg, .arg = "DIR", .help = N_("the players' directory (default: the account's\n"
									     "~/.local/state/lightsout/host, home from passwd)") },
		LIMIT("games-per-key", games_per_key, 1,
		      HELP(0, _("live games of one key at once (default %d)"), HOST_GAMES_PER_KEY)),
		LIMIT("guests", guests, 0, HELP(1, _("live guest games in all, 0 for none (default %d)"), HOST_GUESTS)),
		LIMIT("guests-per-address", guests_per_address, 0,
		      HELP(2, _("live guest games of one client address, 0 for any\n"
				"number (default %d; IPv6: per /64)"), HOST_GUESTS_PER_ADDRESS)),
		LIMIT("guests-per-network", guests_per_network, 0,
		      HELP(3, _("live guest games of one client network (IPv4 /24,\n"
				"IPv6 /48), 0 for any number (default %d)"), HOST_GUESTS_PER_NETWORK)),
		LIMIT("guests-per-block", guests_per_block, 0,
		      HELP(18, _("... of one client block (IPv4 /16, IPv6 /32), 0 for\n"
				 "any number (default %d)"), HOST_GUESTS_PER_BLOCK)),
		{ "guest-keep", 0, OPTION_TIME, &lim.guest_keep, .arg = "TIME",
		  .help = N_("a guest's unfinished board waits TIME for the next\n"
			     "guest from its address (0 never; default 1h)") },
		LIMIT("guests-kept", guests_kept, 0,
		      HELP(13, _("guests' boards kept at once, the oldest dropped\n"
				 "beyond, 0 for none (default %d)"), HOST_GUESTS_KEPT)),
		LIMIT("players", players, 1, HELP(4, _("players (keys) the host keeps (default %d)"), HOST_PLAYERS)),
		LIMIT("new-players-per-address", new_per_address, 0,
		      HELP(5, _("new players one client address may make a day,\n"
				"0 for any number (default %d; IPv6: per /64)"), HOST_NEW_PER_ADDRESS)),
		LIMIT("new-players-per-network", new_per_network, 0,
		      HELP(6, _("... one client network (IPv4 /24, IPv6 /48) a day,\n"
				"0 for any number (default %d)"), HOST_NEW_PER_NETWORK)),
		LIMIT("prompts", prompts, 0, HELP(7, _("new keys choosing a name at once, 0 for any number\n"
						       "(default %d)"), HOST_PROMPTS)),
		LIMIT("prompts-per-address", prompts_per_address, 0,
		      HELP(8, _("new keys choosing a name at once from one client\n"
				"address, 0 for any number (default %d; IPv6: per /64)"), HOST_PROMPTS_PER_ADDRESS)),
		LIMIT("prompts-per-network", prompts_per_network, 0,
		      HELP(9, _("... from one client network, 0 for any number\n"
				"(default %d)"), HOST_PROMPTS_PER_NETWORK)),
		LIMIT("prompts-per-block", prompts_per_block, 0,
		      HELP(19, _("... from one client block (IPv4 /16, IPv6 /32), 0\n"
				 "for any number (default %d)"), HOST_PROMPTS_PER_BLOCK)),
		LIMIT("prompts-fresh", prompts_fresh, 0,
		      N_("of --prompts, the places only a new key from a\n"
			 "block holding none may take (default: a tenth)")),
		{ "prompt-time", 0, OPTION_TIME, &prompt_secs, .arg = "TIME",
		  .help = N_("the name prompt closes after TIME, whatever is\n"
			     "typed (as --idle; default 2m)") },
		{ "prompt-time-busy", 0, OPTION_TIME, &busy_secs, .arg = "TIME",
		  .help = N_("the same, when over half of --prompts are taken\n"
			     "(default 30s; 0: as --prompt-time)") },
		LIMIT("sessions", sessions, 0, HELP(10, _("live sessions of players with a key at once, 0 for\n"
							  "any number (default %d)"), HOST_SESSIONS)),
		LIMIT("sessions-per-network", sessions_per_network, 0,
		      HELP(11, _("... from one client network, 0 for any number\n"
				 "(default %d)"), HOST_SESSIONS_PER_NETWORK)),
		LIMIT("sessions-per-block", sessions_per_block, 0,
		      HELP(16, _("... from one client block (IPv4 /16, IPv6 /32), 0\n"
				 "for any number (default %d)"), HOST_SESSIONS_PER_BLOCK)),
		{ "forget-after", 0, OPTION_INT, &lim.forget_days, .arg = "DAYS",
		  .help = HELP(12, _("forget a player with no game for DAYS days, 0 never\n"
				     "(default %d; their leaderboard rows stay)"), HOST_FORGET_DAYS),
		  .lo = 0, .hi = 1000000 },
		{ "forget-unplayed-after", 0, OPTION_INT, &lim.forget_unplayed_days, .arg = "DAYS",
		  .help = HELP(17, _("forget a player who never cleared a board after\n"
				     "DAYS days unseen, 0 as --forget-after (default %d)"), HOST_FORGET_UNPLAYED_DAYS),
		  .lo = 0, .hi = 1000000 },
		{ "race-history", 0, OPTION_INT, &race_history, .arg = "N",
		  .help = HELP(14, _("a key's races rank once it has cleared N of the\n"
				     "host's boards without help, 0 at once (default %d)"), RACE_HISTORY),
		  .lo = 0, .hi = 1000000 },
		{ "board-memory", 0, OPTION_INT, &board_mib, .arg = "MIB",
		  .help = HELP(20, _("memory one board may take (its solver's estimate),\n"
				     "0 for any: a larger one is refused in the settings\n"
				     "(default %d)"), SERVE_BOARD_MEMORY),
		  .lo = 0, .hi = 1000000 },
		{ "board-cpu", 0, OPTION_TIME, &board_cpu, .arg = "TIME",
		  .help = N_("CPU time making one board may take (as --idle;\n"
			     "default 2s, 0 for any)") },
		{ "idle", 0, OPTION_TIME, &idle_secs, .arg = "TIME",
		  .help = N_("no move for TIME in the game, or no key at the name\n"
			     "prompt (minutes, or 45s, 30m, 2h; 0 never): the game\n"
			     "is saved and the session ends (default 30m)") },
		{ "check", 0, OPTION_FLAG, &checking, .arg = "[ACCOUNT]",
		  .help = N_("check the public account (default play) as sshd\n"
			     "applies it, print each problem with its fix (root)") },
		{ "sshd-config", 0, OPTION_FLAG, &checking, .arg = "FILE",
		  .help = N_("with --check: this sshd_config (--pam-config FILE,\n"
			     "--shadow FILE likewise), not the system's") },
		{ "help", 'h', OPTION_FLAG, .help = N_("this text") },
		{ NULL },
	};
#undef HELP
#undef LIMIT
	const options_def d = { .cmd = "serve", .specs = specs, .flags = OPTIONS_STOP, .operands = -1, .help = serve_usage };
	int first, status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	if (dir_arg && (dir_arg[0] != '/' || strlen(dir_arg) >= sizeof dir))
		return options_usage_error("serve", _("--dir wants an absolute path"));
	if (dir_arg)
		snprintf(dir, sizeof dir, "%s", dir_arg);
	if (!dir[0]) {
		/* From the account's home in the password file, not from the
		 * environment: a server that accepted the client's XDG or HOME
		 * variables must not let a client pick the players' directory. */
		struct passwd *pw = getpwuid(geteuid());
		if (!pw || !pw->pw_dir || pw->pw_dir[0] != '/' ||
		    snprintf(dir, sizeof dir, "%s/.local/state/lightsout/host", pw->pw_dir) >= (int)sizeof dir) {
			fprintf(stderr, "%s", _("lightsout serve: this account has no home directory to keep its players in "
						"(give --dir)\n"));
			return EXIT_USAGE;
		}
		snprintf(home, sizeof home, "%s", pw->pw_dir);
	}
	/* Over SSH the player needs ssh's words, not the shell's. */
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		struct passwd *pw = getpwuid(geteuid());
		fprintf(stderr, _("lightsout is a game for a terminal and runs no command here: "
				  "log in with 'ssh -t %s@HOST'.\n"), pw && pw->pw_name ? pw->pw_name : "play");
		return 1;
	}
	unsigned char digest[32];
	char fp[SSHKEY_FP_LEN] = "";
	int who = identify(digest, fp, err, sizeof err);
	if (who < 0) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout serve: %s\n", err);
		return EXIT_USAGE;
	}
	if (host_open(dir, err, sizeof err) != HOST_OK) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout serve: %s\n", err);
		return EXIT_USAGE;
	}
	if (home[0])
		open_path(home, dir);
	if (roster_rekey(dir, err, sizeof err) < 0) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout serve: %s\n", err);
		return EXIT_USAGE;
	}
	roster_prune(dir, &lim, time(NULL));
	char addr[80];
	roster_address(getenv("SSH_CONNECTION"), addr, sizeof addr);
	host_player p;
	host_status st = who ? host_key_player(dir, digest, &lim, &p, err, sizeof err)
			     : host_guest(dir, &lim, addr, &p, err, sizeof err);
	if (st != HOST_OK) {
		/* A limit is one line for the player, not a fault. */
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, st == HOST_FULL ? "%s\n" : "lightsout serve: %s\n", err);
		return st == HOST_FULL ? 1 : EXIT_USAGE;
	}
	/* A guest finds the board a guest from its address left lately. */
	if (p.guest)
		guestkeep_take(dir, &lim, addr, p.home);
	/* The command the client asked for (sshd keeps it aside for us). */
	const char *asked = getenv("SSH_ORIGINAL_COMMAND");
	bool rename = asked && !strcmp(asked, "rename");
	char note[200] = "";
	if (!p.guest && !p.name[0]) {
		if (roster_room(dir, &lim, addr, err, sizeof err) != ROSTER_OK) {
			fprintf(stderr, "%s\n", err);
			host_leave(&p);
			return 1;
		}
		int named = ask_name_placed(dir, &p, fp, &lim, addr);
		if (named < 0) {
			if (named == -1)
				printf("%s", _("\nNo name chosen: come back any time.\n"));
			host_leave(&p);
			return named == -1 ? 0 : 1;
		}
	} else if (!p.guest) {
		roster_seen(&p, time(NULL));
		if (rename)
			ask_rename(dir, &p, note, sizeof note);
	} else if (rename) {
		printf("%s", _("A guest has no name to change: log in with an SSH key to have one.\n"));

	}
	/* A key-holder's session is a place of the host's, bounded in all and
	 * per network (a guest's place is its live slot). */
	if (!p.guest && host_session_take(dir, &lim, addr, &p, err, sizeof err) != HOST_OK) {
		fprintf(stderr, "%s\n", err);
		host_leave(&p);
		return 1;
	}
	/* The player, handed to the game in one piece: their own homes keep
	 * everything the game keeps; the game's own options after --, the
	 * admin's, from the command line sshd runs (the client's command is
	 * never seen here). */
	static player_handoff h;	/* static: 8 KiB of paths */
	h = (player_handoff){
		.guest = p.guest,
		.idle = idle_secs,
		.keep = p.guest && guestkeep_offered(&lim, addr) == GUESTKEEP_KEPT ? lim.guest_keep : 0,
		.race_history = race_history,
		.board_bytes = (double)board_mib * 1024 * 1024,
		.board_seconds = (double)board_cpu,
		.noptions = argc - first,
		.options = argv + first,
	};
	snprintf(h.pid, sizeof h.pid, "%s", p.pid);
	snprintf(h.name, sizeof h.name, "%s", p.name);
	snprintf(h.key, sizeof h.key, "%s", p.guest ? "" : fp);
	snprintf(h.host, sizeof h.host, "%s", dir);
	snprintf(h.slot, sizeof h.slot, "%s", p.slot);
	snprintf(h.home, sizeof h.home, "%s", p.home);
	snprintf(h.note, sizeof h.note, "%s", note);
	host_path(dir, HOST_DIR_SCORES, h.scores, sizeof h.scores);	/* fits: host_open took dir */
	int rc = play_handed(&h);
	if (host_player_why(&p, err, sizeof err))
		printf("%s\n", err);	/* the game gave way: it ended on SIGTERM, saved */
	if (p.guest)
		guest_leaves(dir, &lim, addr, &p);
	host_leave(&p);
	return rc;
}
