#!/bin/sh
# lightsout scores: the host's daily leaderboard, end to end.  As root a
# second player (nobody, through setpriv or runuser) writes in the same
# directory: both appear, a file of one claiming to be the other is
# ignored, planted links are not followed, and a 1 GB or binary file does
# not slow the table or crash it.  Without root that part is skipped.
. "$SRCDIR/tests/lib/tap.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/persist/test_persist_helper
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
S="$T/scores"
mkdir "$S"
DAY=2026-11-22
me=$(id -u)
myname=$(id -un)

# ms_since START_NS: milliseconds since then.
now_ns() { date +%s%N; }
ms_since() { echo $((($(now_ns) - $1) / 1000000)); }
# quiet COMMAND...: its status alone (the helper prints a word for others).
quiet() { "$@" > /dev/null; }

"$LIGHTSOUT" scores --help > "$T/out"
check "scores --help: exit 0" [ $? -eq 0 ]
check "scores --help describes --daily and --scores" sh -c "grep -q -- '--daily DATE' '$T/out' && grep -q -- '--scores DIR' '$T/out'"
check "lightsout --help lists scores" sh -c "\"$LIGHTSOUT\" --help | grep -q 'lightsout scores'"
check "play --help describes --scores and --no-scores" sh -c "\"$LIGHTSOUT\" play --help | grep -q -- '--scores DIR' && \"$LIGHTSOUT\" play --help | grep -q -- '--no-scores'"
"$LIGHTSOUT" play --scores "$S" --no-scores < /dev/null > "$T/out" 2> "$T/err"
check "play --scores with --no-scores: exit 2" [ $? -eq 2 ]
check "says to give one" grep -q "give --scores or --no-scores, not both" "$T/err"
"$LIGHTSOUT" scores --daily 2026-02-30 --scores "$S" > "$T/out" 2> "$T/err"
check "a bad date: exit 2" [ $? -eq 2 ]
check "and says which form to use" grep -q "bad date '2026-02-30': use YYYY-MM-DD" "$T/err"
"$LIGHTSOUT" scores --bogus 2> "$T/err"
check "an unknown option: exit 2" [ $? -eq 2 ]
"$LIGHTSOUT" scores --scores "$T/nowhere" > "$T/out" 2> "$T/err"
check "a directory that does not exist: exit 2" [ $? -eq 2 ]
check "in one line" grep -q "^lightsout scores: $T/nowhere: no such directory$" "$T/err"

chmod 0777 "$S"
"$LIGHTSOUT" scores --scores "$S" > "$T/out" 2> "$T/err"
check "world-writable without the sticky bit: exit 2" [ $? -eq 2 ]
check "says why" grep -q "sticky bit" "$T/err"
check "recording there is refused too" sh -c "! '$HELPER' score '$S' $DAY 9 5000 > '$T/out'"
check "and writes nothing" [ -z "$(ls -A "$S")" ]
chmod 1777 "$S"

"$LIGHTSOUT" scores --scores "$S" --daily $DAY > "$T/out" 2> "$T/err"
check "an empty leaderboard: exit 0" [ $? -eq 0 ]
check "says there is nothing for the day" grep -q "^No daily results for $DAY in $S.$" "$T/out"

check "a result is recorded" quiet "$HELPER" score "$S" $DAY 9 5000
check "as $me.$DAY, mode 0644" sh -c "ls -l '$S/$me.$DAY' | grep -q '^-rw-r--r--'"
"$HELPER" score "$S" $DAY 12 1000 > "$T/out"
check "a worse one is not kept" grep -q "^ok not-kept" "$T/out"
"$HELPER" score "$S" $DAY 4 2000 yes "7x7 cross k=3 torus" > /dev/null
"$LIGHTSOUT" scores --scores "$S" --daily $DAY > "$T/out" 2> "$T/err"
check "the table: exit 0" [ $? -eq 0 ]
check "a heading per board" sh -c "grep -q '^Daily $DAY, 5x5 plus k=2$' '$T/out' && grep -q '^Daily $DAY, 7x7 cross k=3 torus$' '$T/out'"
check "our best result, by our name" grep -Eq "^ +1  $myname +9 +7 +0:05.0  no$" "$T/out"
check "an assisted win says so" grep -Eq "^ +1  $myname +4 +7 +0:02.0  yes$" "$T/out"
check "nothing skipped, nothing said" [ ! -s "$T/err" ]
sed 's/^/# /' "$T/out"

# A public account's leaderboard (a directory only its owner writes in):
# names are players' own text.  Under LANG=C a name's bytes never reach
# the terminal raw (Û is c3 9b, and 0x9B is an 8-bit CSI), and a guest is
# said in a column of its own, never by the name ("bob (guest)" is a name).
A="$T/arcade"
mkdir -m 755 "$A"
arcade() { # PID KIND NAME MOVES
	printf 'lightsout-scores 1\nplayer %s %s %s\n%s - %s 7 5000 no 5x5 plus k=2\n' "$1" "$2" "$3" $DAY "$4" \
		> "$A/P$1.$DAY"
}
arcade 0123456789abcdef0123456789abcdef key "$(printf '\303\2336n')" 5
arcade 00000000000000000000000000000001 guest guest-1a2b 6
arcade 00000000000000000000000000000002 key "bob (guest)" 7
LC_ALL=C LANG=C "$LIGHTSOUT" scores --scores "$A" --daily $DAY > "$T/out" 2> "$T/err"
check "LANG=C: the arcade table, exit 0" [ $? -eq 0 ]
sed 's/^/# /' "$T/out"
check "no byte 0x9b in it" sh -c "! od -An -tx1 -v '$T/out' | grep -qw 9b"
check "no byte >= 0x80 at all" sh -c "! od -An -tx1 -v '$T/out' | grep -q ' [89a-f][0-9a-f]'"
check "the name escaped as \\u00DB6n" grep -Eq '^ +1  \\u00DB6n +key +5 ' "$T/out"
check "a login column" grep -Eq '^rank  player +login +moves' "$T/out"
check "the guest marked in it" grep -Eq '^ +2  guest-1a2b +guest +6 ' "$T/out"
check "a name that says guest is a key's" grep -Eq '^ +3  bob \(guest\) +key +7 ' "$T/out"
if LC_ALL=C.UTF-8 locale charmap 2>/dev/null | grep -qi 'utf-\?8'; then
	LC_ALL=C.UTF-8 "$LIGHTSOUT" scores --scores "$A" --daily $DAY > "$T/out" 2> "$T/err"
	check "UTF-8: the name as it is" grep -Eq "^ +1  $(printf '\303\2336n') +key +5 " "$T/out"
else
	skip "no C.UTF-8 locale here"
fi

# watch --list: the same names from live games (a game is live while its
# lock is held: we hold both).  Files are named as a reader without the
# host's key sees them (persist/live.h): no key here, so that is what
# watch --list reads.
if command -v flock > /dev/null 2>&1; then
	H="$T/host"
	mkdir -p "$H/watch" "$H/live"
	live() { # SLOT GUEST NAME
		printf 'lightsout-live 1\nplayer %s\nguest %s\nwatchers yes\nvariant 5x5 plus k=2\nmoves 3\nelapsed 9\nwon no\ncursor 0 0\nrace -\ncells -\n' \
			"$3" "$2" > "$H/watch/w0000000000000000000000000000000${1#g}"
		: > "$H/live/$1.lock"
	}
	live g1 no "$(printf '\303\2336n')"
	live g2 yes guest-1a2b
	exec 8> "$H/live/g1.lock" 9> "$H/live/g2.lock"
	flock 8 && flock 9
	LC_ALL=C LANG=C "$LIGHTSOUT" watch --list --dir "$H" > "$T/out" 2> "$T/err" 8>&- 9>&-
	check "LANG=C watch --list: exit 0" [ $? -eq 0 ]
	sed 's/^/# /' "$T/out"
	check "two games listed" [ "$(wc -l < "$T/out")" -eq 2 ]
	check "no byte >= 0x80 in the list" sh -c "! od -An -tx1 -v '$T/out' | grep -q ' [89a-f][0-9a-f]'"
	check "the name escaped, a player" grep -q '^\\u00DB6n	player	5x5 plus k=2	3	9$' "$T/out"
	check "the guest a guest" grep -q '^guest-1a2b	guest	' "$T/out"
	exec 8>&- 9>&-
else
	skip "flock is not installed: watch --list not run"
fi

# Files planted by someone: the table prints at once, both boards intact.
ln -s /etc/passwd "$S/1.$DAY"
mkfifo "$S/2.$DAY"
truncate -s 1G "$S/3.$DAY"
head -c 4096 /dev/urandom > "$S/4.$DAY"
printf 'lightsout-scores 1\n%s - 1 7 1 no 5x5 plus k=2\n' $DAY > "$S/5.$DAY"
mkdir "$S/6.$DAY"
printf 'hello\n' > "$S/README"
listing() { find "$S" -printf '%p %y %s %T@ %m %U\n' | sort; }
listing > "$T/before"
start=$(now_ns)
timeout 5 "$LIGHTSOUT" scores --scores "$S" --daily $DAY > "$T/out" 2> "$T/err"
rc=$?
ms=$(ms_since "$start")
check "with a link, a FIFO, 1 GB, binary and forged files: exit 0, in $ms ms" [ $rc -eq 0 ]
check "well under a second (measured $ms ms, bound 1000)" [ "$ms" -lt 1000 ]
check "our results still shown" grep -Eq "^ +1  $myname +9 +7 +0:05.0  no$" "$T/out"
check "the 1 GB file: skipped, noted" grep -q "skipped 3.$DAY: too large (1073741824 bytes): not read" "$T/err"
check "the link: not followed" grep -q "skipped 1.$DAY: a symbolic link, not followed" "$T/err"
check "the FIFO: not opened" grep -q "skipped 2.$DAY: not a regular file" "$T/err"
check "the binary file: skipped" grep -q "skipped 4.$DAY: " "$T/err"
check "a file named for uid 5 that uid $me owns: ignored" grep -q "skipped 5.$DAY: owned by uid $me, not the player it names" "$T/err"
check "no record of uid 5" sh -c "! grep -Eq '^ +[0-9]+  (uid 5|$(getent passwd 5 | cut -d: -f1 || echo uid5)) ' '$T/out'"
listing > "$T/after"
check "the reader wrote nothing" cmp -s "$T/before" "$T/after"
sed 's/^/# /' "$T/err"
rm -rf "$S/1.$DAY" "$S/2.$DAY" "$S/3.$DAY" "$S/4.$DAY" "$S/5.$DAY" "$S/6.$DAY" "$S/README"

# A symlinked leaderboard directory: refused, and called what it is.
ln -s "$S" "$T/scores-link"
"$LIGHTSOUT" scores --scores "$T/scores-link" > "$T/out" 2> "$T/err"
check "a symlinked directory: exit $?" [ $? -eq 2 ]
check "said to be a symbolic link, not 'not a directory'" grep -q "refusing $T/scores-link: a symbolic link" "$T/err"

# Binary bytes in a file of the right owner reach the parser: refused there.
D0=2026-11-21
head -c 4096 /dev/urandom > "$S/$me.$D0"
chmod 644 "$S/$me.$D0"
"$LIGHTSOUT" scores --scores "$S" --daily $D0 > "$T/out" 2> "$T/err"
check "a binary file of ours: exit 0" [ $? -eq 0 ]
check "skipped, naming the line" grep -q "skipped $me.$D0: line 1: " "$T/err"
check "no results that day" grep -q "^No daily results for $D0" "$T/out"

# A second user.
as_other=
if [ "$me" -eq 0 ]; then
	if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
		as_other="setpriv --reuid=65534 --regid=65534 --clear-groups"
	elif runuser -u nobody -- true 2>/dev/null; then
		as_other="runuser -u nobody --"
	fi
fi
if [ -z "$as_other" ]; then
	skip "two users: needs root and setpriv or runuser to run as nobody (uid $me)"
	done_testing
	exit
fi
other=$(getent passwd 65534 | cut -d: -f1)
other=${other:-uid 65534}

check "nobody records a result" quiet $as_other "$HELPER" score "$S" $DAY 7 9000
check "owned by nobody, as 65534.$DAY" [ "$(stat -c %u "$S/65534.$DAY")" = 65534 ]
"$LIGHTSOUT" scores --scores "$S" --daily $DAY > "$T/out" 2> "$T/err"
check "both players appear" sh -c "grep -Eq '^ +1  $other +7 +7 +0:09.0  no$' '$T/out' && grep -Eq '^ +2  $myname +9 +7 +0:05.0  no$' '$T/out'"
check "nothing skipped" [ ! -s "$T/err" ]
$as_other "$LIGHTSOUT" scores --scores "$S" --daily $DAY > "$T/out2" 2>&1
check "and nobody sees the same table" cmp -s "$T/out" "$T/out2"
sed 's/^/# /' "$T/out"

# nobody claims to be us: a file named for our uid, on a day we did not play.
D2=2026-11-23
$as_other sh -c "printf 'lightsout-scores 1\n%s - 1 7 1 no 5x5 plus k=2\n' $D2 > '$S/$me.$D2'"
"$LIGHTSOUT" scores --scores "$S" --daily $D2 > "$T/out" 2> "$T/err"
check "a file of nobody's named for uid $me is ignored" grep -q "skipped $me.$D2: owned by uid 65534, not the player it names: ignored" "$T/err"
check "no result of ours that day" grep -q "^No daily results for $D2" "$T/out"
"$HELPER" score "$S" $D2 9 5000 > "$T/out"
check "nobody's file at our name: our result is kept all the same" grep -q "^ok kept" "$T/out"
check "which is left as nobody made it" [ "$(stat -c %u "$S/$me.$D2")" = 65534 ]
check "ours is beside it, under a name of our own" sh -c "ls '$S' | grep -Eq '^$me\.$D2\.[0-9a-zA-Z]{6}\$'"
"$LIGHTSOUT" scores --scores "$S" --daily $D2 > "$T/out" 2> "$T/err"
check "and the table lists us" grep -Eq "^ +1  $myname +9 " "$T/out"

# nobody plants a symlink named for us: we never follow it, reading or writing.
D3=2026-11-24
sum=$(cksum < /etc/passwd)
$as_other ln -s /etc/passwd "$S/$me.$D3"
"$HELPER" score "$S" $D3 9 5000 > "$T/out"
check "a symlink under our name: our result is kept beside it" grep -q "^ok kept" "$T/out"
check "the link's target is untouched" [ "$(cksum < /etc/passwd)" = "$sum" ]
check "and the link is still nobody's" [ "$(stat -c %u "$S/$me.$D3")" = 65534 ]
"$LIGHTSOUT" scores --scores "$S" --daily $D3 > "$T/out" 2> "$T/err"
check "the reader does not follow it either" grep -q "skipped $me.$D3: a symbolic link, not followed" "$T/err"

# nobody plants 1 GB and binary files on the day both of us played.
$as_other truncate -s 1G "$S/65534.$DAY.big"
$as_other sh -c "truncate -s 1G '$S/4000000.$DAY' && head -c 65536 /dev/urandom > '$S/4000001.$DAY'"
$as_other sh -c "head -c 4096 /dev/urandom > '$S/65534.$D2'"
$as_other mkfifo "$S/4000002.$DAY"
start=$(now_ns)
timeout 5 "$LIGHTSOUT" scores --scores "$S" --daily $DAY > "$T/out" 2> "$T/err"
rc=$?
ms=$(ms_since "$start")
check "nobody's 1 GB, binary and FIFO files: exit 0 in $ms ms" [ $rc -eq 0 ]
check "well under a second (measured $ms ms, bound 1000)" [ "$ms" -lt 1000 ]
check "both players still appear" sh -c "grep -Eq '^ +1  $other ' '$T/out' && grep -Eq '^ +2  $myname ' '$T/out'"
check "the 1 GB file: noted" grep -q "skipped 4000000.$DAY: too large" "$T/err"
check "the 64 KiB binary file: noted" grep -q "skipped 4000001.$DAY: too large" "$T/err"
"$LIGHTSOUT" scores --scores "$S" --daily $D2 > "$T/out" 2> "$T/err"
check "nobody's own binary file reaches the parser, is skipped with its line" grep -q "skipped 65534.$D2: line 1: " "$T/err"
echo "# the table with nobody's planted files took $ms ms"

# Flooding: uid 1234 plants 60000 names of other uids on a day three of
# us played; every player's result is still there, whatever the directory
# order, and the table stays quick.  Squatting: nobody plants a FIFO, a
# directory and a symlink at uid 1234's names of three days; 1234 wins
# all the same, and is listed.
as_third="setpriv --reuid=1234 --regid=1234 --clear-groups"
D4=2026-11-25
"$HELPER" score "$S" $D4 9 5000 >/dev/null
$as_other "$HELPER" score "$S" $D4 8 6000 >/dev/null
$as_third "$HELPER" score "$S" $D4 7 7000 >/dev/null
$as_third sh -c "cd '$S' && seq 200000 259999 | sed 's/\$/.$D4/' | xargs touch"
check "60000 names planted" [ "$(ls "$S" | grep -c "\.$D4\$")" -ge 60003 ]
start=$(now_ns)
"$LIGHTSOUT" scores --scores "$S" --daily $D4 > "$T/out" 2> "$T/err"
ms=$(ms_since "$start")
check "flooded: the three players all listed (in $ms ms)" sh -c "[ \$(grep -Ec '^ +[0-9]+  ' '$T/out') -eq 3 ]"
check "... in well under 2 s" [ "$ms" -lt 2000 ]
check "... and the flood is counted" grep -q "and 59992 more files skipped" "$T/err"
for kind in fifo dir link; do
	case $kind in
	fifo) D=2026-11-26; $as_other mkfifo "$S/1234.$D" ;;
	dir) D=2026-11-27; $as_other mkdir "$S/1234.$D" ;;
	link) D=2026-11-28; $as_other ln -s /etc/passwd "$S/1234.$D" ;;
	esac
	$as_third "$HELPER" score "$S" $D 7 7000 > "$T/out"
	check "a $kind squats uid 1234's name: the result is kept" grep -q "^ok kept" "$T/out"
	"$LIGHTSOUT" scores --scores "$S" --daily $D > "$T/out" 2> "$T/err"
	check "... and listed" grep -Eq "^ +1  .* +7 +" "$T/out"
	$as_third "$HELPER" score "$S" $D 5 4000 > "$T/out"
	"$LIGHTSOUT" scores --scores "$S" --daily $D > "$T/out" 2> "$T/err"
	check "... and a better result replaces it in its own file" sh -c "grep -Eq '^ +1  .* +5 +' '$T/out' && [ \$(grep -Ec '^ +[0-9]+  ' '$T/out') -eq 1 ]"
done
# The table looks each player up once: 40 players of 4 boards each is 40
# passwd lookups, not 160 (3000 players of 16 boards took 3.8 s).
if command -v strace >/dev/null 2>&1; then
	D5=2026-11-29
	for u in $(seq 2001 2040); do
		for b in 3 4 5 6; do
			printf '%s - 9 7 5000 no %sx%s plus k=2\n' $D5 $b $b
		done | sed '1i lightsout-scores 1' >"$S/$u.$D5"
		chown $u:$u "$S/$u.$D5"
		chmod 644 "$S/$u.$D5"
	done
	strace -f -e trace=openat -o "$T/trace" "$LIGHTSOUT" scores --scores "$S" --daily $D5 >"$T/out" 2>"$T/err"
	opens=$(grep -c 'etc/passwd' "$T/trace")
	check "160 rows of 40 players: the table has them all" [ "$(grep -Ec '^ +[0-9]+  ' "$T/out")" -eq 160 ]
	check "and /etc/passwd is opened once per player at most ($opens times)" [ "$opens" -le 41 ]
else
	skip "strace is not installed: the passwd lookups are not counted"
fi
done_testing
