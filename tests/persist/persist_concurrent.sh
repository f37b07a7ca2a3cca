#!/bin/sh
# Several processes saving and recording at once, under the lock.
. "$SRCDIR/tests/lib/tap.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/persist/test_persist_helper
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# Four savers, each writing 60 times, while a reader checks.
pids=
for w in 1 2 3 4; do
	"$HELPER" save "$T/game.save" 60 2> "$T/save$w.err" &
	pids="$pids $!"
done
bad=0 reads=0
while kill -0 $pids 2> /dev/null; do
	"$HELPER" check "$T/game.save" > /dev/null || bad=$((bad + 1))
	reads=$((reads + 1))
done
fails=0
for p in $pids; do wait "$p" || fails=$((fails + 1)); done
check "four concurrent savers all succeeded" [ $fails -eq 0 ]
check "$reads reads meanwhile, none torn ($bad)" [ $bad -eq 0 ]
check "the final file is one whole version" sh -c "\"$HELPER\" check \"$T/game.save\" > /dev/null"

# Six processes each record 40 games: all 240 are counted.
pids=
for w in 1 2 3 4 5 6; do
	"$HELPER" record "$T/stats" 40 2> "$T/rec$w.err" &
	pids="$pids $!"
done
fails=0
for p in $pids; do wait "$p" || fails=$((fails + 1)); done
check "six concurrent recorders all succeeded" [ $fails -eq 0 ]
played=$("$HELPER" played "$T/stats")
check "no result lost: 240 games recorded ($played)" [ "$played" = 240 ]
check "lightsout stats shows them" sh -c "\"$LIGHTSOUT\" stats --file \"$T/stats\" | grep -q '^4x4 plus k=2  *240  *240 '"
done_testing
