#!/bin/sh
# The code map holds: each folder includes only itself and the folders
# below it (base under all; engine <- persist <- game, and engine <-
# formats; both under cli and ui, the two front ends side by side;
# account, the public account's front door, on ui; all under main), only
# ui/ includes curses, and the session's struct is private to the game
# layer.
. "$SRCDIR/tests/lib/tap.sh"
cd "$SRCDIR/src" || exit 1
# allowed FOLDER WHAT...: the project folders FOLDER may include, with
# no exception (the columns a text takes, text_cols, are base/'s).
allowed() {
	dir=$1
	shift
	bad=$(grep -h '^#include "[a-z]*/' "$dir"/*.[ch] |
		grep -o '^#include "[a-z]*/' | sed 's/#include "//; s#/##' | sort -u |
		while read -r used; do
			case " $* " in *" $used "*) ;; *) echo "$used" ;; esac
		done)
	check "$dir/ includes only $* (found: ${bad:-none else})" [ -z "$bad" ]
}
# base/, the clock, the date and the seeds, is below everything: every
# layer may include it, and it includes no other folder.
allowed base base
allowed engine engine base
allowed persist persist engine base
allowed game game persist engine base
allowed formats formats engine base
allowed cli cli formats game persist engine base
# Not cli: the game is a front end beside the tools, not on top of them.
allowed ui ui formats game persist engine base
# The front door asks a name before the game and then runs it: above ui/.
allowed account account ui formats game persist engine base
users=$(grep -l '^#include "account/' */*.[ch] main.c | grep -v '^account/' | tr '\n' ' ')
check "only main.c includes account/ (found: $users)" [ "$users" = "main.c " ]
for dir in base engine persist game formats cli account; do
	check "$dir/ has no curses" sh -c "! grep -l '<n*curses' $dir/*.[ch]"
done
# The session is the game layer's: front ends read its snapshot and call
# its verbs; its struct is seen by the session's files (game/session.c,
# session_race.c, session_edit.c) and its test alone.
users=$(grep -l '#include "game/session_impl.h"' */*.[ch] main.c ../tests/*/*.c 2>/dev/null | tr '\n' ' ')
check "only game/session*.c and its test see the session's struct (found: $users)" \
	[ "$users" = "game/session.c game/session_edit.c game/session_race.c ../tests/game/test_session.c " ]
check "and the session's header has no struct of it" sh -c "! grep -q '^struct session {\|^typedef struct session {' game/session.h"
# Races and live games are the game layer's (game/race.c, game/arcade.c):
# a screen lists and draws what the session says, and writes no race's or
# live game's file itself.
users=$(grep -l '^#include "persist/\(racestore\|live\)\.h"' ui/*.[ch] | tr '\n' ' ')
check "no ui/ file includes persist/racestore.h or persist/live.h (found: ${users:-none})" [ -z "$users" ]
# The player crosses from account/ to the game in one struct
# (game/handoff.h): no environment set for it, no globals set beforehand.
users=$(grep -l 'setenv\|play_set_' account/*.c | tr '\n' ' ')
check "account/ hands the player over in one struct alone (setenv or play_set_ in: ${users:-none})" [ -z "$users" ]
check "every include names its folder" sh -c "! grep -h '^#include \"[a-z_]*\.h\"' */*.[ch] main.c | grep -v config.h"
done_testing
