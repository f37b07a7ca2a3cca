#!/bin/sh
# Guests' results on a public account's leaderboard (issue 27 point 7):
# the time `lightsout scores` takes to print one day's table, warm (the
# median of 5 runs after one to warm the cache), with
#   before  20,000 guests' files of the day, as they piled up before
#           (P<PID>.DATE, each opened and read by every rank line)
#   capped  20,000 guests' files of the day as G<PID>.DATE (more than the
#           writer ever keeps: the reader's own cap of 200)
#   after   what the bound leaves: 200 guests' files of the day and 200 of
#           each of 29 days before (6,000 on disk)
# Not a test (see make check).  Usage: sh bench/guest_scores.sh LIGHTSOUT
LIGHTSOUT=${1:?usage: sh bench/guest_scores.sh LIGHTSOUT}
LC_ALL=C
export LC_ALL
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
DAY=2026-11-22

# N guests' files of date in dir, with prefix (P or G), ids from base.
plant() {
	mkdir -p "$1"
	chmod 0755 "$1"
	awk -v dir="$1" -v kind="$2" -v day="$3" -v n="$4" -v base="$5" 'BEGIN {
		for (i = 0; i < n; i++) {
			pid = sprintf("%032x", base + i)
			f = dir "/" kind pid "." day
			printf "lightsout-scores 1\nplayer %s guest g%d\n%s - %d 7 %d no 5x5 plus k=2\n",
				pid, i, day, 10 + i % 50, 1000 + i > f
			close(f)
		}
	}'
}

# Median ms of 5 warm runs of the day's table.
measure() {
	"$LIGHTSOUT" scores --scores "$1" --daily $DAY > /dev/null 2>&1
	for i in 1 2 3 4 5; do
		a=$(date +%s%N)
		"$LIGHTSOUT" scores --scores "$1" --daily $DAY > "$T/out" 2>&1
		b=$(date +%s%N)
		echo $(((b - a) / 1000000))
	done | sort -n | sed -n 3p
}

plant "$T/before" P $DAY 20000 1
plant "$T/capped" G $DAY 20000 1
plant "$T/after" G $DAY 200 1
for d in $(seq 1 29); do
	plant "$T/after" G "$(date -u -d "$DAY - $d days" +%Y-%m-%d)" 200 $((d * 1000))
done
for c in before capped after; do
	ms=$(measure "$T/$c")
	rows=$(grep -c '^ *[0-9][0-9]*  ' "$T/out")
	files=$(ls "$T/$c" | wc -l)
	printf '%-7s %6d files on disk  %5d rows  %6d ms\n' $c "$files" "$rows" "$ms"
done
