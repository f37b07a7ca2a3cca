#!/bin/sh
# lightsout solve --part I/N and --merge: a split search gives the single
# run's weight and says "optimal" only when every part is there once and
# finished; a missing, duplicated or foreign part, and a damaged block, are
# refused with where (file, line and column).
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
verify() { awk -v k="$1" -v rule="$2" -f "$SRCDIR/tests/lib/verify.awk" "$3" "$4"; }

# split BOARD N ARGS...: parts 1..N of BOARD into $T/part.I
split() {
	b=$1 parts=$2
	shift 2
	i=1
	while [ "$i" -le "$parts" ]; do
		"$LIGHTSOUT" solve --part "$i/$parts" "$@" "$b" > "$T/part.$i" 2> "$T/part.$i.err" || return 1
		i=$((i + 1))
	done
}
parts_list() { i=1; while [ "$i" -le "$1" ]; do printf '%s ' "$T/part.$i"; i=$((i + 1)); done; }

# A 30x30 classic board: nullity 20, 2^20 combinations.
"$LIGHTSOUT" generate -s 30 --seed 11 > "$T/b30"
"$LIGHTSOUT" analyze -s 30 > "$T/an"
check "30x30 classic has nullity 20" grep -q '^30x30 880 20 ' "$T/an"
"$LIGHTSOUT" solve -f moves "$T/b30" > "$T/one" 2> "$T/one.err"
want=$(head -n 1 "$T/one")
want30=$want
for parts in 1 3 16; do
	split "$T/b30" $parts || not_ok "30x30 in $parts parts: a part failed: $(cat "$T"/part.*.err)"
	# shellcheck disable=SC2046
	"$LIGHTSOUT" solve --merge $(parts_list "$parts") > "$T/grid" 2> "$T/merge.err"
	rc=$?
	# shellcheck disable=SC2046
	got=$("$LIGHTSOUT" solve --merge -f moves $(parts_list "$parts") 2> /dev/null | head -n 1)
	if [ $rc -eq 0 ] && [ "$got" = "$want" ] && grep -q ', optimal$' "$T/merge.err" &&
		[ "$(verify 2 plus "$T/b30" "$T/grid")" = clear ]; then
		ok "30x30 in $parts parts: merged $got presses, optimal, clears the board (one run: $want)"
	else
		not_ok "30x30 in $parts parts: exit $rc, $got presses (one run: $want): $(cat "$T/merge.err")"
	fi
	rm -f "$T"/part.*
done

# The parts' whole outputs, concatenated (GNU parallel's way), on stdin.
split "$T/b30" 3
cat "$T/part.3" "$T/part.1" "$T/part.2" | "$LIGHTSOUT" solve --merge -f json > "$T/json" 2> "$T/merge.err"
check "3 parts concatenated on stdin: optimal in JSON" grep -q "\"weight\":$want,\"optimal\":true" "$T/json"
grep -q 'combinations 0 to 348159 of 1048576' "$T/part.1.err" && grep -q '^range 0 348160$' "$T/part.1"
check "a part prints its range" test $? -eq 0

# refused ARGS... -- PATTERN: merge exits 2 and stderr matches PATTERN.
refused() {
	desc=$1 pattern=$2
	shift 2
	"$LIGHTSOUT" solve --merge "$@" > /dev/null 2> "$T/err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q -e "$pattern" "$T/err" && [ "$(wc -l < "$T/err")" -eq 1 ]; then
		ok "$desc: $(cat "$T/err")"
	else
		not_ok "$desc: exit $rc, stderr: $(cat "$T/err")"
	fi
}
split "$T/b30" 16
# shellcheck disable=SC2046
refused "part 5 of 16 missing" 'part 5 of 16): combinations [0-9]* to [0-9]* were not searched' \
	$(parts_list 16 | sed "s|$T/part.5 ||")
# shellcheck disable=SC2046
refused "part 7 of 16 given twice" "part.7:[0-9]*: part 7/16 is given twice (also at .*part.7:" \
	$(parts_list 16) "$T/part.7"
refused "no parts at all" 'no parts found' "$T/b30"
cp "$T/part.1" "$T/foreign.1"
"$LIGHTSOUT" generate -s 30 --seed 12 > "$T/other"
"$LIGHTSOUT" solve --part 2/16 "$T/other" > "$T/foreign.2" 2> /dev/null
refused "a part of another board" 'foreign.2:[0-9]*: part 2/16 is of another board than .*foreign.1:' \
	"$T/foreign.1" "$T/foreign.2"
"$LIGHTSOUT" solve --part 2/3 "$T/b30" > "$T/three.2" 2> /dev/null
refused "parts of two splits" 'three.2:[0-9]*: part 2/3 is of a split into 3' "$T/part.1" "$T/three.2"

# A damaged block: the file, line and column of the fault.
line=$(grep -n '^range ' "$T/part.2" | cut -d: -f1)
sed 's/^range \([0-9]*\) .*/range \1 x/' "$T/part.2" > "$T/bad"
col=$(sed -n 's/^range \([0-9]*\) .*/\1/p' "$T/part.2" | awk '{ print length($0) + 8 }')
refused "a bad range: line and column" "bad:$line:$col: expected the range's end" "$T/bad"
sed 's/^lightsout-part 1$/lightsout-part 2/' "$T/part.2" > "$T/bad"
line=$(grep -n '^lightsout-part' "$T/part.2" | cut -d: -f1)
refused "another format version" "bad:$line:16: part format 2: this lightsout reads format 1" "$T/bad"
awk '/^(weight|lower-bound) / { $2 = $2 + 1 } { print }' "$T/part.2" > "$T/bad"
line=$(grep -n '^weight ' "$T/part.2" | cut -d: -f1)
refused "a weight that is not the presses'" "bad:$line: the weight says [0-9]* but the presses add up to" "$T/bad"
head -n -3 "$T/part.2" > "$T/bad"
refused "a cut-off block" "bad:[0-9]*:1: the part ends after" "$T/bad"
sed 's/^finished yes/finished perhaps/' "$T/part.2" > "$T/bad"
refused "finished perhaps" "bad:[0-9]*:10: expected yes or no" "$T/bad"

# Parts cut short by a time limit: an honest lower bound, not "optimal".
"$LIGHTSOUT" generate -s 61 --seed 3 > "$T/b61"
"$LIGHTSOUT" solve --part 1/2 -t 0.2 "$T/b61" > "$T/big.1" 2> "$T/big.1.err"
"$LIGHTSOUT" solve --part 2/2 -t 0.2 "$T/b61" > "$T/big.2" 2> /dev/null
"$LIGHTSOUT" solve --merge -f json "$T/big.1" "$T/big.2" > "$T/json" 2> "$T/merge.err"
rc=$?
if [ $rc -eq 0 ] && grep -q '"optimal":false' "$T/json" && grep -q 'not proven minimal (at least [0-9]*)' "$T/merge.err" &&
	grep -q '^finished no$' "$T/big.1" && grep -q 'not finished' "$T/big.1.err"; then
	ok "61x61 (2^40) in 2 parts with 0.2 s each: not optimal, $(sed 's/.*(at least \([0-9]*\)).*/at least \1/' "$T/merge.err")"
else
	not_ok "61x61 unfinished parts: exit $rc, $(cat "$T/merge.err" "$T/json")"
fi

# k > 2 splits the same way (the Z/k transform and Gray code).
for spec in "10 --torus -k 3 --seed 3" "9 -k 4 --seed 5" "5 -k 6 --forward-only --seed 2"; do
	# shellcheck disable=SC2086
	set -- $spec
	side=$1
	shift
	"$LIGHTSOUT" generate -s "$side" "$@" > "$T/bk"
	want=$("$LIGHTSOUT" solve -f moves "$@" "$T/bk" | head -n 1)
	for parts in 3 16; do
		split "$T/bk" $parts "$@" || not_ok "k > 2: a part failed: $(cat "$T"/part.*.err)"
		# shellcheck disable=SC2046
		got=$("$LIGHTSOUT" solve --merge -f moves $(parts_list "$parts") 2> "$T/merge.err" | head -n 1)
		if [ "$got" = "$want" ] && grep -q ', optimal$' "$T/merge.err"; then
			ok "${side}x$side $* in $parts parts: $got presses, optimal (one run: $want)"
		else
			not_ok "${side}x$side $* in $parts parts: $got (one run: $want): $(cat "$T/merge.err")"
		fi
		rm -f "$T"/part.*
	done
done

# The Slurm script, with stand-ins for sbatch (logs the merge) and squeue
# (10 minutes left): 3 array tasks numbered from 0, then the merge.
mkdir -p "$T/bin" "$T/slurm"
cat > "$T/bin/sbatch" << 'EOF'
#!/bin/sh
for a in "$@"; do case $a in --wrap=*) cmd=${a#--wrap=} ;; --dependency=*) echo "$a" >> "$SBATCH_LOG" ;; esac; done
echo "$cmd" >> "$SBATCH_LOG"
EOF
printf '#!/bin/sh\necho 10:00\n' > "$T/bin/squeue"
chmod +x "$T/bin/sbatch" "$T/bin/squeue"
for task in 0 1 2; do
	(cd "$T/slurm" && PATH="$T/bin:$PATH" SBATCH_LOG="$T/sbatch.log" LIGHTSOUT="$LIGHTSOUT" SLURM_ARRAY_JOB_ID=77 \
		SLURM_JOB_ID=$((78 + task)) SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_COUNT=3 \
		SLURM_SUBMIT_DIR="$T/slurm" sh "$SRCDIR/contrib/lightsout-split.sbatch" "$T/b30" 2> "$T/slurm.$task.err")
done
sh -c "$(tail -n 1 "$T/sbatch.log")" > /dev/null
got=$(head -n 1 "$T/slurm/lightsout-parts.77/merged.err")
if grep -q '^--dependency=afterany:77$' "$T/sbatch.log" && [ "$(wc -l < "$T/sbatch.log")" -eq 2 ] &&
	grep -q '^part 2/3$' "$T/slurm/lightsout-parts.77/part.2" &&
	[ "$(verify 2 plus "$T/b30" "$T/slurm/lightsout-parts.77/merged")" = clear ] &&
	echo "$got" | grep -q "3 parts cover all 1048576 combinations: $want30 presses, optimal"; then
	ok "contrib/lightsout-split.sbatch: 3 array tasks, then the merge: $got"
else
	not_ok "contrib/lightsout-split.sbatch: $got $(cat "$T/sbatch.log" "$T"/slurm.*.err)"
fi

# --part's own refusals.
usage() {
	desc=$1 pattern=$2
	shift 2
	"$LIGHTSOUT" solve "$@" > /dev/null 2> "$T/err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q -e "$pattern" "$T/err"; then ok "$desc"; else not_ok "$desc: exit $rc, $(cat "$T/err")"; fi
}
usage "--part 0/3" "bad part '0/3'" --part 0/3 "$T/b30"
usage "--part 4/3" "bad part '4/3'" --part 4/3 "$T/b30"
usage "--part 1/3 --any" "not with --any" --part 1/3 --any "$T/b30"
usage "--part with JSON" "not with --format json" --part 1/3 -f json "$T/b30"
"$LIGHTSOUT" generate -s 5 --seed 1 > "$T/b5"
usage "more parts than combinations" "only 4 combinations of 2 quiet patterns: use at most 4 parts" --part 1/5 "$T/b5"
usage "--merge with board options" "takes the board and its options from the parts" --merge -k 3 "$T/b30"
"$LIGHTSOUT" generate -s 6 --seed 1 > "$T/b6"
usage "nullity 0: one part only" "only 1 combination of 0 quiet patterns: use at most 1 part" --part 1/2 "$T/b6"
"$LIGHTSOUT" solve --part 1/1 "$T/b6" 2> /dev/null | "$LIGHTSOUT" solve --merge 2> "$T/err" > /dev/null
check "nullity 0 in one part: optimal" grep -q '1 part covers all 1 combinations: [0-9]* presses, optimal' "$T/err"
done_testing
