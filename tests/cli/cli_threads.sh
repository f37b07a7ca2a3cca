#!/bin/sh
# The search's threads: the cores the process may use (taskset gives one),
# or --threads over LIGHTSOUT_THREADS; bad counts are usage errors; the
# answer does not depend on them.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
unset LIGHTSOUT_THREADS
"$LIGHTSOUT" generate -s 30 --seed 4 > "$T/b30" || exit 99

# said THREADS FROM CMD...: --verbose names the count and what chose it.
said() {
	want="lightsout solve: $1 ($2)"
	shift 2
	"$@" > "$T/out" 2> "$T/err"
	rc=$?
	if [ $rc -eq 0 ] && grep -qx -- "$want" "$T/err"; then
		ok "$want"
	else
		not_ok "want '$want', got exit $rc: $(head -c 300 "$T/err")"
	fi
}

if command -v taskset > /dev/null && taskset -c 0 true 2> /dev/null; then
	said "1 thread" detected taskset -c 0 "$LIGHTSOUT" solve --verbose "$T/b30"
	# --any too: the count is settled before the board is read.
	one=$(taskset -c 0 "$LIGHTSOUT" solve --verbose --any "$T/b30" 2>&1 >/dev/null)
	check "... and one CPU is one thread whatever else ($one)" test "$one" = "lightsout solve: 1 thread (detected)"
else
	skip "taskset -c 0: no taskset here"
	skip "... and one CPU is one thread"
fi
said "2 threads" --threads "$LIGHTSOUT" solve --verbose --threads 2 "$T/b30"
said "3 threads" LIGHTSOUT_THREADS env LIGHTSOUT_THREADS=3 "$LIGHTSOUT" solve --verbose "$T/b30"
said "2 threads" --threads env LIGHTSOUT_THREADS=3 "$LIGHTSOUT" solve --verbose --threads 2 "$T/b30"
said "64 threads" --threads "$LIGHTSOUT" solve --verbose --threads 64 "$T/b30"

# refused ARG... : exit 2 and the message's start.
refused() {
	pat=$1
	shift
	"$@" < "$T/b30" > "$T/out" 2> "$T/err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q -- "$pat" "$T/err" && [ ! -s "$T/out" ]; then
		ok "exit 2, '$pat'"
	else
		not_ok "want exit 2 and '$pat', got exit $rc: $(head -c 300 "$T/err")"
	fi
}
for bad in 0 65 -1 2x '' ' 2' 99999999999999999999; do
	refused "bad thread count '$bad': use --threads N, N from 1 to 64" "$LIGHTSOUT" solve --threads "$bad"
done
refused "bad LIGHTSOUT_THREADS='many': use a count from 1 to 64" env LIGHTSOUT_THREADS=many "$LIGHTSOUT" solve
refused "bad LIGHTSOUT_THREADS='0'" env LIGHTSOUT_THREADS=0 "$LIGHTSOUT" solve
refused "unknown or incomplete option '--threads'" "$LIGHTSOUT" solve --threads

# The same minimal answer on 1, 2 and 5 threads (d = 20 for 30x30).
for t in 1 2 5; do
	"$LIGHTSOUT" solve --threads $t -f moves "$T/b30" > "$T/m$t" 2>&1 || not_ok "--threads $t failed"
done
check "1, 2 and 5 threads print the same minimal solution" sh -c "cmp -s '$T/m1' '$T/m2' && cmp -s '$T/m1' '$T/m5'"

# generate --par searches too: the same count rules, the same board.
refused "bad thread count '0'" "$LIGHTSOUT" generate --threads 0
refused "bad LIGHTSOUT_THREADS='x'" env LIGHTSOUT_THREADS=x "$LIGHTSOUT" generate
"$LIGHTSOUT" generate -s 6 --par 12 --seed 3 --threads 1 > "$T/g1" 2>&1 || not_ok "generate --threads 1 failed"
LIGHTSOUT_THREADS=2 "$LIGHTSOUT" generate -s 6 --par 12 --seed 3 > "$T/g2" 2>&1 || not_ok "generate on 2 threads failed"
check "generate --par: the same board on 1 and 2 threads" cmp -s "$T/g1" "$T/g2"
# analyze builds its systems on the same count, by the same rules.
refused "bad thread count '0': use --threads N, N from 1 to 64" "$LIGHTSOUT" analyze --threads 0
refused "bad LIGHTSOUT_THREADS='x'" env LIGHTSOUT_THREADS=x "$LIGHTSOUT" analyze
"$LIGHTSOUT" analyze -s 60-64 --torus --threads 1 > "$T/a1" 2>&1 || not_ok "analyze --threads 1 failed"
LIGHTSOUT_THREADS=2 "$LIGHTSOUT" analyze -s 60-64 --torus > "$T/a2" 2>&1 || not_ok "analyze on 2 threads failed"
check "analyze: the same lines on 1 and 2 threads" cmp -s "$T/a1" "$T/a2"
check "analyze --help names --threads" sh -c "'$LIGHTSOUT' analyze --help | grep -q -- '--threads N'"
# The chase's building keeps to the count too: on one thread solve starts
# no thread at all (a 64x64 torus is chased, its sweep split in two).
"$LIGHTSOUT" generate -s 64 --torus --seed 3 > "$T/t64" || exit 99
# A sanitizer's runtime starts threads of its own (LeakSanitizer's tracer,
# ThreadSanitizer's background thread) and LeakSanitizer refuses to run
# under ptrace: the count is the plain build's.
if sanitized; then
	for what in "solve --threads 1" "solve LIGHTSOUT_THREADS=1" "solve on 2 threads" "analyze --threads 1" \
		"analyze LIGHTSOUT_THREADS=1" "analyze on 2 threads"; do
		skip "$what: strace -f would count the sanitizer's own threads"
	done
elif command -v strace > /dev/null && strace -f -o /dev/null true 2> /dev/null; then
	for how in "--threads 1" "LIGHTSOUT_THREADS=1"; do
		case $how in
		--*) set -- "$LIGHTSOUT" solve --threads 1 "$T/t64" ;;
		*) set -- env LIGHTSOUT_THREADS=1 "$LIGHTSOUT" solve "$T/t64" ;;
		esac
		strace -f -e trace=clone,clone3 -o "$T/trace" "$@" > /dev/null 2>&1
		rc=$?
		clones=$(grep -c 'clone' "$T/trace")
		check "solve $how on a 64x64 torus: exit $rc, $clones threads started" test $rc -eq 0 -a "$clones" -eq 0
	done
	strace -f -e trace=clone,clone3 -o "$T/trace" "$LIGHTSOUT" solve --threads 2 "$T/t64" > /dev/null 2>&1
	clones=$(grep -c 'clone' "$T/trace")
	check "... and on 2 threads the sweep starts one ($clones)" test "$clones" -ge 1
	# analyze: the same sweep, the same count.
	for how in "--threads 1" "LIGHTSOUT_THREADS=1"; do
		case $how in
		--*) set -- "$LIGHTSOUT" analyze -s 64 --torus --threads 1 ;;
		*) set -- env LIGHTSOUT_THREADS=1 "$LIGHTSOUT" analyze -s 64 --torus ;;
		esac
		strace -f -e trace=clone,clone3 -o "$T/trace" "$@" > /dev/null 2>&1
		rc=$?
		clones=$(grep -c 'clone' "$T/trace")
		check "analyze $how on a 64x64 torus: exit $rc, $clones threads started" test $rc -eq 0 -a "$clones" -eq 0
	done
	strace -f -e trace=clone,clone3 -o "$T/trace" "$LIGHTSOUT" analyze -s 64 --torus --threads 2 > /dev/null 2>&1
	clones=$(grep -c 'clone' "$T/trace")
	check "... and analyze on 2 threads starts one ($clones)" test "$clones" -ge 1
else
	skip "strace -f: no strace here"
	skip "... LIGHTSOUT_THREADS=1"
	skip "... and on 2 threads"
	skip "analyze --threads 1: no strace here"
	skip "analyze LIGHTSOUT_THREADS=1"
	skip "... and analyze on 2 threads"
fi
done_testing
