#!/bin/sh
# Files that are not what they seem: planted symlinks, FIFOs, directories
# others can write, stale temporaries, memory short of a valid save, a
# large statistics file, and a file given to stats --file.
. "$SRCDIR/tests/lib/tap.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/persist/test_persist_helper
T=$(mktemp -d) && trap 'chmod -R u+rwx "$T"; rm -rf "$T"' EXIT
export XDG_DATA_HOME="$T/data" XDG_STATE_HOME="$T/state"
D="$T/data/lightsout" S="$T/state/lightsout"
mkdir -p "$D" "$S" && chmod 700 "$D" "$S"

# A symlinked lock file: refused, and its target never created.
"$HELPER" record "$D/stats" 1
rm -f "$D/stats.lock"
ln -s "$T/planted" "$D/stats.lock"
"$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
check "stats with a symlinked lock: exit 2" [ $? -eq 2 ]
check "one line saying so: $(cat "$T/err")" sh -c "[ \$(wc -l < '$T/err') -eq 1 ] && grep -q 'its lock file: a symbolic link' '$T/err'"
check "the link's target is never created" [ ! -e "$T/planted" ]
"$HELPER" record "$D/stats" 1 2> "$T/err"
check "recording refuses it too" [ $? -ne 0 ]
check "and still creates nothing" [ ! -e "$T/planted" ]
rm -f "$D/stats.lock"

# A FIFO at the lock's name: said to be a FIFO, not another user's file.
mkfifo "$D/stats.lock"
timeout 20 "$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
check "stats with a FIFO for a lock: exit $?" [ $? -eq 2 ]
check "and says it is a FIFO: $(cat "$T/err")" grep -q 'its lock file: not a regular file (a FIFO' "$T/err"
rm -f "$D/stats.lock"
# A hard link to our statistics (another user could make one where
# fs.protected_hardlinks is 0): a file with other names is not trusted.
ln "$D/stats" "$T/stats.link"
"$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
check "statistics with a second name: exit $?" [ $? -eq 2 ]
check "refused, saying why: $(cat "$T/err")" grep -q 'a file with other names (hard links)' "$T/err"
rm -f "$T/stats.link"

# A FIFO named game.save or stats: refused at once, lock released, no hang.
# (timeout bounds the wait: 124 would mean it hung.)
mkfifo "$S/game.save"
timeout 20 "$HELPER" read "$S/game.save" > "$T/out"
check "a FIFO save does not hang: exit $?" [ $? -eq 0 ]
check "it is refused: $(tail -n 1 "$T/out")" sh -c "head -n 1 '$T/out' | grep -qx refused && grep -q 'not a regular file' '$T/out'"
check "and left where it is, not moved aside" sh -c "[ -p '$S/game.save' ] && ! ls '$S' | grep -q corrupt"
rm -f "$S/game.save"
mv "$D/stats" "$T/stats.real"
mkfifo "$D/stats"
timeout 20 "$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
rc=$?
check "a FIFO stats file does not hang: exit $rc (2)" [ $rc -eq 2 ]
check "one line: $(cat "$T/err")" sh -c "[ \$(wc -l < '$T/err') -eq 1 ] && grep -q 'stats refused: not a regular file' '$T/err'"
timeout 20 "$HELPER" record "$D/stats" 1 2> "$T/err"
rc=$?
check "recording next to a FIFO does not hang: exit $rc (1)" [ $rc -eq 1 ]
check "the FIFO stays, nothing moved aside" sh -c "[ -p '$D/stats' ] && ! ls '$D' | grep -q corrupt"
rm -f "$D/stats"
mv "$T/stats.real" "$D/stats"

# A state or data directory others can write is refused, in one line.
chmod 770 "$S"
"$HELPER" dir state > "$T/out"
check "group-writable state dir refused: $(cat "$T/out")" sh -c "grep -q 'refusing .*/state/lightsout: writable by others' '$T/out' && [ \$(wc -l < '$T/out') -eq 1 ]"
chmod 700 "$S"
check "a private one is used" sh -c "'$HELPER' dir state | grep -qx ok"
chmod 702 "$D"
"$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
check "world-writable data dir: stats exits 2" [ $? -eq 2 ]
check "with one line: $(cat "$T/err")" sh -c "[ \$(wc -l < '$T/err') -eq 1 ] && grep -q 'writable by others' '$T/err'"
chmod 700 "$D"

# Stale temporaries of a killed write go; a fresh one, look-alikes and
# other files stay.
"$HELPER" save "$S/game.save" 1
for f in .game.save.AbC123 .game.save.aB9xyz .game.save.old .game.save.AbC1234 notes.txt .stats.AbC123; do
	echo x > "$S/$f"
	touch -d '30 minutes ago' "$S/$f"
done
ln -s "$T/elsewhere" "$S/.game.save.Lnk123"
echo fresh > "$S/.game.save.Fr3sh1"
"$HELPER" read "$S/game.save" > "$T/out"
check "the save still reads: $(head -n 1 "$T/out")" sh -c "head -n 1 '$T/out' | grep -qx ok"
check "stale temporaries removed" sh -c "[ ! -e '$S/.game.save.AbC123' ] && [ ! -e '$S/.game.save.aB9xyz' ]"
check "a fresh one kept" [ -f "$S/.game.save.Fr3sh1" ]
check "look-alike names kept" sh -c "[ -f '$S/.game.save.old' ] && [ -f '$S/.game.save.AbC1234' ]"
check "other files kept" sh -c "[ -f '$S/notes.txt' ] && [ -f '$S/.stats.AbC123' ]"
check "a symlink of that shape kept" [ -L "$S/.game.save.Lnk123" ]

# Short of memory while reading a valid save: the file stays as it is.
awk 'BEGIN {
	n = 5000
	printf "lightsout-save 1\nsize %d %d\nstates 2\nrule plus\ntorus no\nforward-only no\n", n, n
	printf "mode random\ndifficulty -\nrung 0\ndaily -\npar -1\nmoves 0\nelapsed 1.000\n"
	row = ""
	for (c = 0; c < n; c++) row = row "0"
	for (b = 0; b < 2; b++) {
		print (b ? "current" : "start")
		for (r = 0; r < n; r++) print row
	}
	print "history 0 0"
	print "end"
}' > "$S/game.save"
cksum < "$S/game.save" > "$T/sum"
if sanitized; then
	skip "a 5000x5000 save with 100 MB of address space: a sanitizer build cannot run under ulimit -v"
else
	(ulimit -v 100000 && "$HELPER" read "$S/game.save") > "$T/out" 2>&1
	check "a 5000x5000 save with 100 MB of address space: no memory ($(head -n 1 "$T/out"))" \
		sh -c "head -n 1 '$T/out' | grep -qx no-memory"
fi
check "the save is kept in place, unchanged" sh -c "cksum < '$S/game.save' | cmp -s - '$T/sum'"
check "nothing set aside" sh -c "! ls '$S' | grep -q corrupt"
check "and it reads with enough memory" sh -c "'$HELPER' read '$S/game.save' | head -n 1 | grep -qx ok"

# A statistics file past what a player can make (16 MB) is refused unread,
# at once: a 64 MB one took 911 MB and 6 s to show.
head -c 17000000 /dev/zero | tr '\0' '#' > "$T/huge"
"$LIGHTSOUT" stats --file "$T/huge" > "$T/out" 2> "$T/err"
rc=$?
check "a 17 MB statistics file: exit $rc" [ $rc -eq 2 ]
check "... refused by its size" grep -q "larger than 16 MB" "$T/err"

# 200,000 kinds of board parse in seconds (was minutes: quadratic).
awk 'BEGIN {
	print "lightsout-stats 1"
	for (r = 1; r <= 10000; r++)
		for (c = 1; c <= 20; c++)
			printf "board %d %d 2 plus no no 3 2 1 4 4 12.500 1 2\n", r, c
}' > "$T/big"
start=$(date +%s)
timeout 60 "$LIGHTSOUT" stats --file "$T/big" > "$T/out" 2> "$T/err"
rc=$?
echo "# 200k kinds: stats --file took about $(($(date +%s) - start)) s"
check "200k kinds of board read: exit $rc" [ $rc -eq 0 ]
check "and all printed (two header lines)" [ "$(wc -l < "$T/out")" -eq 200002 ]

# stats --file only reads: a text file is refused in one line, left
# byte-for-byte as it was, and nothing appears beside it.
mkdir "$T/mine" && printf 'my notes\nline two\n' > "$T/mine/notes.txt"
cp "$T/mine/notes.txt" "$T/notes.orig"
"$LIGHTSOUT" stats --file "$T/mine/notes.txt" > "$T/out" 2> "$T/err"
check "a text file given to stats --file: exit 2" [ $? -eq 2 ]
check "one line: $(cat "$T/err")" sh -c "[ \$(wc -l < '$T/err') -eq 1 ] && grep -q 'not a lightsout statistics file' '$T/err'"
check "the file is untouched" cmp -s "$T/mine/notes.txt" "$T/notes.orig"
check "nothing new in its directory" [ "$(ls -A "$T/mine")" = "notes.txt" ]

done_testing
