#!/bin/sh
# The arcade as the package runs it, through a real sshd, as root (it
# makes the public account): its own instance from
# contrib/sshd_config.lightsout-arcade, its PAM service
# contrib/pam.lightsout-sshd, the account's login shell lightsout-shell
# (tests/lib/arcade_lib.sh); any key accepted by `lightsout ssh-keys`,
# each key a player with a name,
# saves of its own and its game back after a dropped link; a guest without
# a key, while su to the account fails for a local user; hostile names
# refused, the prompt's editing keys; nothing kept of a key that leaves
# without a name; the limits (per client address too: new keys at the
# name prompt at once, a hangup there ending it); a rename, once a day; a
# connection without a session closed; the leaderboard and live games
# read by another local user; eight players at once each winning the
# daily board, and the account's leaderboard holding exactly those eight
# wins.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod runuser su setsid
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key alice bob quitter p1 p2 p3 p4 p5 p6 p7 p8 p9 idler w1 w2 w3 loc || exit 1
# The test's limits for serve.
options="--games-per-key 2 --guests 1 --players 12 --prompts-per-address 8 --new-players-per-address 10"
arcade_exit_hook() {
	for f in "$s"/hold.*; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
	tmux -L "lo$$-extra" -f /dev/null kill-server >/dev/null 2>&1
}
arcade_start $options
if [ -z "$acct" ]; then
	echo "1..0 # SKIP useradd failed"
	exit 0
fi
today=$(date -u +%Y-%m-%d)
check "the test's config is the shipped one with its account, host keys, two paths and a timeout edited" \
	test "$arcade_changed" = 6
check "sshd -t accepts the shipped config" "$SSHD" -t -f "$s/sshd_config"
if [ -z "$port" ]; then
	sed 's/^/# sshd: /' "$s/sshd.log"
	not_ok "the arcade's own sshd starts"
	done_testing
	exit 1
fi
ok "the arcade's own sshd starts (port $port)"

fp() { ssh-keygen -l -E sha256 -f "$s/$1.pub" | cut -d' ' -f2; }
# A board's q goes back to the lobby; the lobby's q leaves, asking first
# when a game is in progress.  Each key is sent once, when its screen is up.
quit() {
	sent=q
	ui_screen | grep -q "q  leave the arcade" && sent=lobby
	ui_keys q
	for _ in $(seq 400); do
		scr=$(ui_screen)
		case $scr in
		*"EXIT="*) break ;;
		*"Quit this game?"* | *"Leave? Your board"*) [ "$sent" = y ] || { ui_keys y; sent=y; } ;;
		*"q  leave the arcade"*) [ "$sent" != q ] || { ui_keys q; sent=lobby; } ;;
		esac
		sleep 0.05
	done
	ui_wait "EXIT=0"
}
players() { find "$host/players" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l | tr -d ' '; }
# until_is COMMAND VALUE: poll until COMMAND prints VALUE (10 s).
until_is() {
	for _ in $(seq 200); do [ "$($1)" = "$2" ] && return 0; sleep 0.05; done
	echo "# $1: $($1), not $2" >&2
	return 1
}
says() { printf '%s\n' "$1" | grep -q -- "$2"; }

# 0. A local user cannot become the account: it has no password, and only
# sshd's stack lets guests in.
out=$(setsid runuser -u nobody -- su "$acct" -c id </dev/null 2>&1)
check "su to the account fails for a local user" test "${out#*uid=}" = "$out"

# 1. A new key: asked for a name; hostile ones refused with the reason.
lives() { find "$host/live" -mindepth 1 2>/dev/null | wc -l | tr -d ' '; }
out=$(sh "$s/ssh" alice -T </dev/null 2>&1)
check "a new key without a terminal is told to use ssh -t" says "$out" "log in with 'ssh -t $acct@HOST'"
check "and leaves nothing: no player, no lock" test "$(players)/$(lives)" = "0/0"
login alice
check "a new key is asked for a name" ui_wait "Name ["
check "the prompt names the key by its fingerprint, as ssh-keygen -l prints it" ui_wait "$(fp alice)"
ui_keys C-g Enter
check "a control character is refused, with the reason" ui_wait "character 1 is a control character"
ui_keys Escape '[31mRED'
check "an escape sequence is a key, never text" ui_wait "]: RED"
ui_keys C-u C-@ Enter
check "a NUL byte is refused as what it is" ui_wait "character 1 is a NUL byte"
ui_keys -l "$(printf '\342\200\256evil')"
ui_keys Enter
check "a bidi override is refused" ui_wait "would not take exactly one column"
ui_keys -l "abcdefghijklmnopq"
ui_keys Enter
check "seventeen characters are refused" ui_wait "longer than 16 characters"
# Typed out of order and mended with the editing keys: "alice".
ui_keys -l "lce"
ui_keys Home
ui_keys -l "a"
ui_keys Right
ui_keys -l "i"
ui_keys End
ui_keys -l "x"
ui_keys BSpace
ui_keys Enter
check "a good name is taken, and the game starts saying who plays" ui_wait "Playing as alice"
check "the lobby first: what there is to do" ui_wait "d  today's daily board"
check "with the live games to watch" ui_wait "w  live games"
ui_keys f
check "f: the game's board" ui_wait "Moves 0 "
ui_keys Space
ui_wait "Moves 1 " >/dev/null
ui_keys q
check "over ssh, q on a board goes back to the lobby, the connection kept" ui_wait "f  back to your board (1 move so far)"
ui_keys f
check "and f goes back to the board, its move kept" ui_wait "Moves 1 "
alice_board=$(ui_board)
kill -9 "$(cat "$s/client.pid")"
check "a dropped link ends the session" ui_wait "EXIT=137"
saved() { grep -qx 'moves 1' "$host"/players/*/home/state/lightsout/game.save 2>/dev/null; }
for _ in $(seq 200); do saved && break; sleep 0.05; done
check "alice's game is saved in her own directory" saved

# 2. A second key is another player: a name is first come, first served.
login bob
ui_wait "Name [" >/dev/null
ui_keys -l "Alice"
ui_keys Enter
check "a name another player has (in any case) is refused" ui_wait "That name is taken: choose another."
check "saying so once" ui_gone "cannot be used: that name"
# A look-alike that needs a capital: aIice (a capital I) is alice's too
# (Greek and Cyrillic capitals are tests/persist/test_name.c's).
# prompts N: poll until the name prompt has been drawn N times (it is
# drawn once the terminal is raw again: keys sent before could meet the
# line discipline between two prompts).
prompts() {
	for _ in $(seq 200); do
		[ "$(ui_screen | grep -c '^Name \[')" -ge "$1" ] && return 0
		sleep 0.05
	done
	return 1
}
taken_twice() {
	for _ in $(seq 200); do
		[ "$(ui_screen | grep -c 'That name is taken: choose another.')" -ge 2 ] && return 0
		sleep 0.05
	done
	return 1
}
ui_keys -l "aIice"
ui_keys Enter
check "aIice, with a capital I, is alice's name too" taken_twice
prompts 3
ui_keys -l "$(printf '\316\244\316\237\316\234')"
ui_keys Enter
check "Greek capitals that read as Latin (ΤΟΜ) are refused" ui_wait "Greek or Cyrillic letters that read as Latin"
ui_keys -l "$(printf '\320\260lice')"
ui_keys Enter
check "letters of two scripts in one name are refused (a Cyrillic a)" ui_wait "letters of two scripts"
ui_keys -l "bob (guest)"
ui_keys Enter
check "a name that would pass for a guest is refused" ui_wait "kept for guests"
# A look-alike in small letters only, or with punctuation at an end, is
# refused as the name itself is (every pair is tests/persist/test_name.c's):
# the last words on the screen, above the next prompt, say so.
last_taken() {
	for _ in $(seq 200); do
		ui_screen | grep -v '^ *$' | tail -n 2 | head -n 1 | grep -q 'That name is taken' && return 0
		sleep 0.05
	done
	return 1
}
ui_keys -l "alice."
ui_keys Enter
check "alice. (a full stop at its end) is alice's name too" last_taken
ui_keys -l "bob"
ui_keys Enter
check "bob plays a game of his own" ui_wait "Playing as bob"
check "alice's game is not offered to bob" sh -c "! $TMUX_CMD capture-pane -p | grep -q Resume"
check "two keys, two players' directories" test "$(players)" = 2
quit >/dev/null

# A key that leaves at the prompt is no player and leaves nothing.
login quitter
ui_wait "Name [" >/dev/null
ui_keys C-c
check "leaving at the name prompt ends the session" ui_wait "EXIT=0"
check "and keeps nothing of the key: no player, no lock" until_is 'eval echo $(players)/$(lives)' 2/0

# 3. alice again: no name asked, her game offered back.
login alice
check "alice's next login offers her game back (no name asked)" ui_wait "Resume the 5x5"
ui_keys y
ui_wait "Resumed" >/dev/null
check "the board she left when the link dropped" ui_board_is $alice_board
# Watching: bob (in a pane of his own) lists the live games and watches
# alice's, read-only, her cursor and presses as she makes them.
live=$("$BIN" watch --list --dir "$host")
check "watch --list prints the live game, one a line" says "$live" "^alice	player	5x5 plus k=2	1	"
live=$(runuser -u nobody -- "$BIN" watch --list --dir "$host" 2>&1)
check "another local user lists the live games too" says "$live" "^alice	player	5x5 plus k=2	1	"
check "but cannot list the players" sh -c "! runuser -u nobody -- ls '$host/players' >/dev/null 2>&1"
B="tmux -L lo$$-bob -f /dev/null"
$B new-session -d -x 80 -y 24 "sh '$s/ssh' bob -tt; echo EXIT=\$?; exec sleep 600"
$B set-option -g window-size manual >/dev/null 2>&1
bob_sees() { for _ in $(seq 200); do $B capture-pane -p | grep -q -F -- "$1" && return 0; sleep 0.05; done
	$B capture-pane -p | sed 's/^/# bob: /'; return 1; }
bob_sees "Playing as bob" >/dev/null
$B send-keys W
# The list is of games being played: r looks again until alice's game,
# resumed from the lobby, has said it is at its board.
bob_looks() { for _ in $(seq 100); do $B capture-pane -p | grep -q -F -- "$1" && return 0; $B send-keys r; sleep 0.1; done
	$B capture-pane -p | sed 's/^/# bob: /'; return 1; }
check "W lists the live games: alice's is there" bob_looks "alice "
$B send-keys Enter
check "Enter watches it" bob_sees "Watching alice"
check "alice is told she has a watcher" ui_wait "alice, 1 watching"
# The board bob sees is hers: cells and cursor (her preview aside).
bob_board() { $B capture-pane -p | tr -d '‹›' | sed -n 's/^ *│\(.*\)│ *$/\1/p' | tr -s ' ' | sed '/^ *$/d'; }
her_board() { ui_screen | tr -d '‹›' | sed -n 's/^ *│\(.*\)│ *$/\1/p' | tr -s ' ' | sed '/^ *$/d'; }
check "bob sees alice's board and cursor" test "$(bob_board)" = "$(her_board)"
ui_keys l Space
ui_wait "Moves 2 " >/dev/null
check "her press reaches him" bob_sees "Moves 2"
check "with her cursor where she left it" test "$(bob_board)" = "$(her_board)"
$B send-keys q
check "q stops watching" bob_sees "Live games on this host"
check "and alice's watcher count drops" ui_gone "1 watching"
# She refuses watchers in the settings (the last item, one up from the first).
ui_keys m
ui_wait "Watchers" >/dev/null
ui_keys Up Right
ui_wait "refused" >/dev/null
ui_keys Enter
ui_gone "Settings" >/dev/null
$B send-keys r
check "the list says she takes no watchers" bob_sees "no watchers"
$B send-keys Enter
check "and watching her is refused, with the reason" bob_sees "alice does not take watchers"
# A race through sshd: bob opens one from his board, alice takes it, both
# get the same board at the same moment; she clears it first, and the
# result is filed but not ranked: both came from 127.0.0.1 (issue 35).
$B send-keys q
bob_sees "Moves " >/dev/null
$B send-keys v
bob_sees "o  open a race" >/dev/null
$B send-keys o
check "bob opens a race over ssh" bob_sees "Your race is open"
ui_keys v
check "alice sees it open to her" ui_wait "take bob's race"
ui_keys Enter
check "both get the board at the same moment" ui_wait "Race against bob: go!"
bob_sees "Race against alice: go!" >/dev/null
check "the same board for both" test "$(bob_board | tr -d '[]')" = "$(her_board | tr -d '[]')"
ui_solve_shown
check "alice clears it first and wins" ui_wait "You won the race against bob"
check "bob is told she won, not ranked: one address" bob_sees "alice won the race; not ranked: both players came"
check "exactly one race filed, not ranked" test "$(grep -l '^ranked no address$' "$host/races/results/$today".* | wc -l)" = 1
$B kill-server

# Her key's second live game is let in (it may take the first over); a
# third is refused with one line.
X="tmux -L lo$$-extra -f /dev/null"
$X new-session -d -x 80 -y 24 "sh '$s/ssh' alice -tt; echo EXIT=\$?; exec sleep 600"
second() { $X capture-pane -p | grep -q "open in another session"; }
for _ in $(seq 200); do second && break; sleep 0.05; done
check "a key's second live game is let in, told the first is open" second
out=$(sh "$s/ssh" alice -tt </dev/null 2>&1)
check "a third is refused in one line" says "$out" "You have 2 games open on this host already"
$X kill-server
quit >/dev/null

# 4. A guest: no key, no name asked, nothing kept but a board it leaves
# (tests/ui/ui_ssh_guest.sh).
login guest
check "a login without a key is a guest, told what is kept, in one line of 80 columns" \
	ui_wait "a guest: a board you leave is kept for 1 hour."
check "and how to make a key to keep them" ui_wait "make a key (ssh-keygen -t ed25519)"
check "the guest plays in a home of its own" test -d "$host/guests/0"
out=$(sh "$s/ssh" guest -tt </dev/null 2>&1)
check "past the guest limit: one clear line" says "$out" "All 1 guest places are taken"
check "the guest leaves" quit
for _ in $(seq 200); do [ -e "$host/guests/0" ] || break; sleep 0.05; done
check "and its home is removed" test ! -e "$host/guests/0"
check "a guest is no player kept" test "$(players)" = 2

# 5. Nothing the client sends chooses the player: a command is ignored.
out=$(SSH_CMD="echo NOT-THE-GAME" sh "$s/ssh" bob -T </dev/null 2>&1)
check "a command asked for is not run: the player is told to log in with ssh -t" \
	says "$out" "runs no command here: log in with 'ssh -t $acct@HOST'"
check "and the command did not run" test "${out#*NOT-THE-GAME}" = "$out"

# 5a. No shell, whatever the configuration: a second instance whose
# config lost its ForceCommand still runs only the game, for a key and
# for a guest (the account's login shell starts nothing else).
grep -v '^ForceCommand ' "$s/sshd_config" >"$s/sshd_config.noforce"
main_port=$port
arcade_sshd "$s/sshd_config.noforce"
check "a second instance without ForceCommand starts" test -n "$port" -a "$port" != "$main_port"
out=$(SSH_CMD=id sh "$s/ssh" bob -T </dev/null 2>&1)
check "ssh ACCOUNT@host id through it prints no uid" test "${out#*uid=}" = "$out"
check "... the game answers instead" says "$out" "log in with 'ssh -t $acct@HOST'"
out=$(SSH_CMD=id sh "$s/ssh" guest -T </dev/null 2>&1)
check "nor for a guest" test "${out#*uid=}" = "$out"
kill "$sshd_pid"
port=$main_port
echo "$port" >"$s/port"

# 5b. A player renames: ssh -t ACCOUNT@HOST rename.
login bob rename
check "ssh ... rename asks a player for another name" ui_wait "New name [bob]"
ui_keys -l "alice"
ui_keys Enter
check "one another has is refused" ui_wait "That name is taken"
ui_keys -l "robert"
ui_keys Enter
check "a free one is taken, confirmed in place on the game's first screen" ui_wait "You are robert now, was bob."
quit >/dev/null
login bob rename
check "a second rename that day is refused, saying when the next is possible" \
	ui_wait "Not now: one rename a day: the next is possible from"
ui_keys Enter
check "Enter: the game plays under the name it has" ui_wait "Playing as robert"
quit >/dev/null

# 5c. A connection that opens no session is closed by sshd
# (UnusedConnectionTimeout, 2 s here), guest or not.
sh "$s/ssh" guest -N </dev/null >/dev/null 2>&1 &
npid=$!
for _ in $(seq 200); do kill -0 "$npid" 2>/dev/null || break; sleep 0.05; done
check "ssh -N is closed by sshd within seconds" sh -c "! kill -0 $npid 2>/dev/null"
kill "$npid" 2>/dev/null

# 6. Eight players at once, each winning the daily board (T plays the
# solution: an assisted win, still a win on the board's row).  The host
# now offers the daily board: the same options, and --daily.
arcade_options $options -- --daily --size 3x3
for i in 1 2 3 4 5 6 7 8; do
	mkfifo "$s/in.$i"
	sleep 600 >"$s/in.$i" &
	echo $! >"$s/hold.$i"
	(sh "$s/ssh" "p$i" -tt <"$s/in.$i" >"$s/out.$i" 2>&1; echo "EXIT=$?" >>"$s/out.$i") &
done
# wait_out I TEXT: until session I's stream shows TEXT (10 s).
wait_out() {
	for _ in $(seq 200); do
		grep -F -q -a -- "$2" "$s/out.$1" && return 0
		sleep 0.05
	done
	echo "# session $1 never showed '$2'" >&2
	return 1
}
won=0
for i in 1 2 3 4 5 6 7 8; do wait_out $i "Name [" >/dev/null; done
offered=$(for i in 1 2 3 4 5 6 7 8; do grep -a -o 'Name \[[^]]*\]' "$s/out.$i" | head -n 1; done | sort -u | wc -l)
check "eight strangers at once are offered eight different names ($offered)" test "$offered" = 8
for i in 1 2 3 4 5 6 7 8; do printf 'player %d\r' $i >"$s/in.$i"; done
for i in 1 2 3 4 5 6 7 8; do wait_out $i "Moves 0" && printf 'sT' >"$s/in.$i"; done
for i in 1 2 3 4 5 6 7 8; do wait_out $i "Solved" && won=$((won + 1)); done
check "eight players at once each win the daily board ($won of 8)" test "$won" = 8
for i in 1 2 3 4 5 6 7 8; do printf 'qy' >"$s/in.$i"; done
for i in 1 2 3 4 5 6 7 8; do wait_out $i "EXIT=" >/dev/null; kill "$(cat "$s/hold.$i")" 2>/dev/null; done
table=$("$BIN" scores --scores "$host/scores" --daily "$today")
echo "$table" | sed 's/^/# /'
rows=$(printf '%s\n' "$table" | grep -c '^ *[0-9][0-9]*  player [1-8] ')
check "the account's leaderboard holds exactly the eight wins ($rows)" test "$rows" = 8
check "each under its player's name, once" \
	test "$(printf '%s\n' "$table" | grep -o 'player [1-8]' | sort -u | wc -l)" = 8
check "ten players kept, each in a directory of its own" test "$(players)" = 10
out=$(runuser -u nobody -- "$BIN" scores --scores "$host/scores" --daily "$today" 2>&1)
check "another local user reads the account's leaderboard" says "$out" "player 8"
out=$(sh "$s/ssh" p9 -tt </dev/null 2>&1)
check "an eleventh new player from one address in a day is refused" \
	says "$out" "10 new players have come from your address today"
check "and nothing is kept of it" test "$(players)" = 10

# 6b. A client that claims a 5000x5000 terminal: the game holds no more
# than its screen bound (200x500) costs; ncurses alone would take 2 GB.
ui_next_server
cat >"$ui_tmp/pane.sh" <<RUN
stty rows 5000 cols 5000
sh '$s/ssh' alice -tt
echo "EXIT=\$?"
exec sleep 600
RUN
$TMUX_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/pane.sh'"
game=
for _ in $(seq 200); do
	game=$(pgrep -n -u "$acct" -f ' serve ' 2>/dev/null) && [ -n "$game" ] &&
		grep -q 'VmHWM' "/proc/$game/status" && ui_screen | grep -q -e Moves -e Resume -e 'free play' && break
	sleep 0.05
done
hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$game/status" 2>/dev/null)
limit=80
sanitized && limit=400	# a sanitizer's shadow and quarantine; 2 GB is still far past it
check "a game whose client claims 5000x5000 holds under $limit MB (${hwm:-?} kB)" \
	test "${hwm:-99999999}" -lt $((limit * 1024))
pkill -u "$acct" -f ' serve ' 2>/dev/null
ui_wait "EXIT=" >/dev/null

# 7. No move for the admin's time (--idle, 2 s here), or no key at the
# name prompt, ends a session with a line that says why: a player's game
# saved, a guest's not, and at the name prompt too.
arcade_options $options --idle 2s
login bob
ui_wait "free play" >/dev/null
ui_keys f
ui_wait "Moves " >/dev/null
ui_keys Space
check "an idle player's game is saved and the session ends, saying why" \
	ui_wait "No move for 2 seconds: your game is saved; log in again to go on."
check "with status 0" ui_wait "EXIT=0"
login guest
check "an idle guest's session ends, saying why" ui_wait "No move for 2 seconds: the session ended"
check "and frees its place" until_is 'eval ls -A $host/guests' ""
login idler "" 127.0.0.2
check "an idle new key at the name prompt is told, and leaves" ui_wait "No key for 2 seconds."
check "without a name" ui_wait "No name chosen"
check "and nothing is kept of it" test "$(players)" = 10

# 8. New keys at the name prompt at once from one address: at most
# --prompts-per-address (2 here); a place free again when a prompt ends,
# by leaving or by a dropped link, and nothing kept of it.
arcade_options $(echo "$options" | sed "s|--prompts-per-address 8 |--prompts-per-address 2 |")
# sitter KEY: KEY at the name prompt from 127.0.0.3, fed by a FIFO; its
# ssh client's pid in client.KEY.
sitter() {
	mkfifo "$s/in.$1"
	sleep 600 >"$s/in.$1" &
	echo $! >"$s/hold.$1"
	SSH_BIND=127.0.0.3 sh "$s/ssh" "$1" -tt <"$s/in.$1" >"$s/out.$1" 2>&1 &
	echo $! >"$s/client.$1"
}
prompt_files() { find "$host/prompts" -name '*.lock' 2>/dev/null | wc -l | tr -d ' '; }
sitter w1
sitter w2
wait_out w1 "Name [" >/dev/null
check "two new keys from one address sit at the name prompt" wait_out w2 "Name ["
out=$(SSH_BIND=127.0.0.3 sh "$s/ssh" w3 -tt </dev/null 2>&1)
rc=$?
check "a third from that address is refused in one line" \
	says "$out" "2 new keys from your address are choosing a name already: try again later."
check "and ends with a failure status ($rc)" test "$rc" -ne 0
check "keeping nothing of it (each sitter holds one place)" test "$(prompt_files)/$(players)" = 2/10
printf '\003' >"$s/in.w1"
wait "$(cat "$s/client.w1")"
check "one sitter leaves" test $? = 0
sitter w3
check "and a new key from that address gets its place" wait_out w3 "Name ["
lives_before=$(lives)
kill -9 "$(cat "$s/client.w2")"
check "a dropped link at the prompt frees its place and its files" until_is prompt_files 1
check "and its key's live lock" until_is lives $((lives_before - 1))
printf '\003' >"$s/in.w3"
wait "$(cat "$s/client.w3")"
check "once the last leaves, no prompt's file is left" test "$(prompt_files)" = 0
check "and none of the sitters became a player" test "$(players)" = 10

# A client that sends no locale (dbclient, PuTTY) is drawn in UTF-8, the
# plain ASCII look one key away and kept; one that sends a locale that is
# not UTF-8 keeps ASCII.
arcade_options $options
LOGIN_ENV="-u LANG -u LC_ALL -u LC_CTYPE"
login loc "" 127.0.0.9
ui_wait "Name [" >/dev/null
ui_keys -l "Loc"
ui_keys Enter
check "no locale sent: the lobby offers the plain ASCII look (UTF-8 is drawn)" ui_wait "a  the plain ASCII look"
ui_keys f
check "and the board's status is drawn in UTF-8" ui_wait "Moves 0 · Par"
ui_keys q
ui_wait "a  the plain ASCII look" >/dev/null
ui_keys a
check "a: the plain ASCII look at once" ui_wait "a  the UTF-8 look"
quit >/dev/null
LOGIN_ENV="-u LANG -u LC_ALL -u LC_CTYPE"
login loc "" 127.0.0.9
check "kept with the player's settings for the next login" ui_wait "a  the UTF-8 look"
ui_keys a
ui_wait "a  the plain ASCII look" >/dev/null
quit >/dev/null
LOGIN_ENV="LANG=C LC_ALL=C"
login loc "" 127.0.0.9
check "a client that sends a locale that is not UTF-8 keeps ASCII" ui_wait "a  the UTF-8 look"
ui_keys f
check "its board drawn in ASCII" ui_wait "Moves 0 | Par"
quit >/dev/null
LOGIN_ENV=

done_testing
