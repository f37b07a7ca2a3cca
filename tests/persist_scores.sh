#!/bin/sh
# lightsout scores: the host's daily leaderboard, end to end.  As root a
# second player (nobody, through setpriv or runuser) writes in the same
# directory: both appear, a file of one claiming to be the other is
# ignored, planted links are not followed, and a 1 GB or binary file does
# not slow the table or crash it.  Without root that part is skipped.
. "$SRCDIR/tests/tap.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/test_persist_helper
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
check "recording is refused, not forced over nobody's file" sh -c "grep -q \"^refused not-kept $me.$D2 there is another user's file\" '$T/out'"
check "which is left as nobody made it" [ "$(stat -c %u "$S/$me.$D2")" = 65534 ]

# nobody plants a symlink named for us: we never follow it, reading or writing.
D3=2026-11-24
sum=$(cksum < /etc/passwd)
$as_other ln -s /etc/passwd "$S/$me.$D3"
"$HELPER" score "$S" $D3 9 5000 > "$T/out"
check "a symlink under our name: our result is refused" grep -q "^refused not-kept $me.$D3 there is a symbolic link" "$T/out"
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
done_testing
