#!/bin/sh
# contrib/lightsout-split.sbatch on a real Slurm cluster: one node on this
# machine, started by the test (munged on a private socket with a fresh
# key, slurmctld and slurmd with their own slurm.conf, state and ports in
# a temporary directory; the system's /etc/slurm and /etc/munge are not
# read), the sbatch line of docs/scaling.md submitted as written (4 tasks
# instead of 64), and the merge the first task submits proves the whole board's
# optimum.  Everything started is stopped on exit.  Skipped where Slurm
# cannot run: not root, slurm-wlm or munge missing, or a daemon that does
# not come up here.
. "$SRCDIR/tests/lib/tap.sh"
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
PATH=$PATH:/usr/sbin:/sbin
[ "$(id -u)" -eq 0 ] || skip_all "not root (the test runs a slurmctld, slurmd and munged of its own)"
for prog in munged slurmctld slurmd sbatch squeue scontrol scancel; do
	command -v "$prog" > /dev/null 2>&1 || skip_all "$prog is not installed (Debian: slurm-wlm munge)"
done

T=$(mktemp -d) || exit 1
# munged wants every directory above its socket open to all (execute).
chmod 711 "$T"
munged_pid='' ctld_pid='' slurmd_pid=''
# stop PID: TERM, then KILL if it has not gone in 10 s.
stop() {
	[ -n "$1" ] || return 0
	kill "$1" 2> /dev/null
	for _ in $(seq 100); do
		kill -0 "$1" 2> /dev/null || break
		sleep 0.1
	done
	kill -9 "$1" 2> /dev/null
	wait "$1" 2> /dev/null
}
# The jobs first (a step left running would outlive slurmd), then the daemons.
cleanup() {
	if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2> /dev/null; then
		jobs=$(squeue -h -o %A 2> /dev/null)
		# shellcheck disable=SC2086
		[ -z "$jobs" ] || scancel --quiet $jobs 2> /dev/null
		for _ in $(seq 50); do
			[ -z "$(squeue -h 2> /dev/null)" ] && break
			sleep 0.2
		done
	fi
	stop "$slurmd_pid"
	stop "$ctld_pid"
	stop "$munged_pid"
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# munged with a fresh key, on a socket of its own (slurm.conf's AuthInfo).
dd if=/dev/urandom of="$T/munge.key" bs=1024 count=1 2> /dev/null
chmod 400 "$T/munge.key"
munged -F --socket="$T/munge.sock" --key-file="$T/munge.key" --pid-file="$T/munged.pid" \
	--log-file="$T/munged.log" --seed-file="$T/munged.seed" 2> "$T/munged.err" &
munged_pid=$!
for _ in $(seq 100); do
	[ -S "$T/munge.sock" ] && break
	kill -0 "$munged_pid" 2> /dev/null || break
	sleep 0.1
done
[ -S "$T/munge.sock" ] || skip_all "munged did not start here: $(tail -n 1 "$T/munged.err")"

# A TCP port nothing listens on (ss, where there is one, says which are taken).
free_port() {
	while :; do
		p=$((20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 40000))
		ss -Hltn 2> /dev/null | grep -q ":$p " || break
	done
	echo "$p"
}
node=$(hostname -s)
# At least the 2 CPUs the script's --cpus-per-task asks for (config_overrides
# lets slurmd take the configuration's count over the hardware's).
cpus=$(nproc)
[ "$cpus" -ge 2 ] || cpus=2
export SLURM_CONF="$T/slurm.conf"
mkdir -p "$T/state" "$T/spool"
# write_conf CTLDPORT SLURMDPORT
write_conf() {
	cat > "$SLURM_CONF" << EOF
ClusterName=lightsouttest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$1
SlurmdPort=$2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge.sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}
# The node's state (IDLE, DOWN+NOT_RESPONDING...), or nothing.
node_state() { scontrol -o show node "$node" 2> /dev/null | sed -n 's/.* State=\([^ ]*\).*/\1/p'; }

# Both daemons until the node is idle (30 s at most); other ports if the
# first ones were taken meanwhile.
why=
for _ in 1 2 3; do
	ctld_port=$(free_port)
	slurmd_port=$(free_port)
	[ "$ctld_port" != "$slurmd_port" ] || continue
	write_conf "$ctld_port" "$slurmd_port"
	: > "$T/slurmctld.log"
	: > "$T/slurmd.log"
	slurmctld -D -f "$SLURM_CONF" > "$T/slurmctld.out" 2>&1 &
	ctld_pid=$!
	slurmd -D -f "$SLURM_CONF" -N "$node" > "$T/slurmd.out" 2>&1 &
	slurmd_pid=$!
	for _ in $(seq 300); do
		[ "$(node_state)" = IDLE ] && break
		if ! kill -0 "$ctld_pid" 2> /dev/null || ! kill -0 "$slurmd_pid" 2> /dev/null; then break; fi
		sleep 0.1
	done
	[ "$(node_state)" = IDLE ] && break
	if ! kill -0 "$ctld_pid" 2> /dev/null; then
		why="slurmctld could not start here: $(grep -h -E 'error|fatal' "$T/slurmctld.log" "$T/slurmctld.out" | tail -n 1)"
	elif ! kill -0 "$slurmd_pid" 2> /dev/null; then
		why="slurmd could not start here: $(grep -h -E 'error|fatal' "$T/slurmd.log" "$T/slurmd.out" | tail -n 1)"
	else
		why="the node is not idle after 30 s: $(scontrol -o show node "$node" 2> /dev/null | grep -o 'State=[^ ]*\|Reason=.*')"
	fi
	stop "$slurmd_pid"
	stop "$ctld_pid"
	slurmd_pid='' ctld_pid=''
	cat "$T/slurmctld.log" "$T/slurmd.log" "$T/slurmctld.out" "$T/slurmd.out" | grep -q 'Address already in use' || break
done
[ -n "$ctld_pid" ] || skip_all "${why:-no free ports}"

# docs/scaling.md's sbatch line, as the script's header gives it, with 4 tasks.
run=$(grep '^sbatch --array=1-64 ' "$SRCDIR/docs/scaling.md")
check "the sbatch line of docs/scaling.md is the script's header's" \
	grep -q "^#   ${run%board.txt}BOARD \[SOLVE-OPTIONS...\]\$" "$SRCDIR/contrib/lightsout-split.sbatch"
run=$(printf '%s\n' "$run" | sed 's/--array=1-64 /--array=1-4 /')

# The submitter's directory, where docs/scaling.md runs it: board.txt, and the
# shipped script under contrib/.  LIGHTSOUT is the built program, through
# a wrapper that notes each command line (the --time-limit a task chose
# from the real squeue).
mkdir -p "$T/work" "$T/bin"
ln -s "$SRCDIR/contrib" "$T/work/contrib"
"$LIGHTSOUT" generate -s 30 --seed 11 > "$T/work/board.txt"
want=$("$LIGHTSOUT" solve -f moves "$T/work/board.txt" | head -n 1)
printf '#!/bin/sh\necho "$*" >> "%s/args"\nexec "%s" "$@"\n' "$T" "$LIGHTSOUT" > "$T/bin/lightsout"
chmod +x "$T/bin/lightsout"
export LIGHTSOUT="$T/bin/lightsout"
start=$(date +%s)
out=$(cd "$T/work" && sh -c "$run" 2>&1)
job=$(printf '%s\n' "$out" | sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p')
if [ -n "$job" ]; then ok "$run: job $job"; else not_ok "$run: $out"; fi

# The array, then the merge it submits (a minute at most).
for _ in $(seq 300); do
	[ -z "$(squeue -h 2> /dev/null)" ] && break
	sleep 0.2
done
left=$(squeue -h -o '%i %T %r' 2> /dev/null)
# Jobs stay known to slurmctld for MinJobAge (5 minutes) after they end.
states=$(scontrol -o show job 2> /dev/null | sed -n 's/^JobId=[0-9]* .*JobName=\([^ ]*\) .*JobState=\([^ ]*\) .* ExitCode=\([^ ]*\) .*/\1 \2 \3/p' | sort | uniq -c |
	awk '{ printf "%s%s %s %s x%d", sep, $2, $3, $4, $1; sep = ", " }')
if [ -z "$left" ] && [ "$states" = "lightsout-merge COMPLETED 0:0 x1, lightsout-split COMPLETED 0:0 x4" ]; then
	ok "4 array tasks and the merge completed in $(($(date +%s) - start)) s"
else
	not_ok "the jobs after $(($(date +%s) - start)) s: $states; still queued: $left"
fi

# docs/scaling.md's last line, JOBID filled in: the merge's verdict, then its
# answer (the whole board's weight, and it clears the board).
show=$(grep '^cat lightsout-parts.JOBID/' "$SRCDIR/docs/scaling.md" | sed "s/JOBID/$job/g")
(cd "$T/work" && sh -c "$show") > "$T/shown" 2> "$T/shown.err"
head -n 1 "$T/shown" > "$T/verdict"
tail -n +2 "$T/shown" > "$T/merged"
got=$(tr -cd 1 < "$T/merged" | wc -c)
if grep -q "^lightsout solve: 4 parts cover all 1048576 combinations: $want presses, optimal$" "$T/verdict" &&
	[ "$got" -eq "$want" ] && [ "$(awk -v k=2 -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$T/work/board.txt" "$T/merged")" = clear ]; then
	ok "$show: $(cat "$T/verdict") (one run: $want)"
else
	not_ok "$show: $got presses (one run: $want): $(cat "$T/verdict" "$T/shown.err") $(cat "$T/work"/lightsout-split-*.log 2> /dev/null)"
fi

# Each task's time limit: 02:00:00 from the real squeue, less the margin of
# 120 s and the seconds the task waited.
limits=$(sed -n 's/^solve --part \([0-9]*\)\/4 --time-limit \([0-9]*\) board.txt$/\1 \2/p' "$T/args" | sort -n | tr '\n' ' ')
if [ "$(echo "$limits" | awk '{ for (i = 2; i <= NF; i += 2) if ($i > 7080 || $i < 7020) exit 1; print NF / 2 }')" = 4 ]; then
	ok "each task searches until 2 minutes before its time limit: part, --time-limit: $limits"
else
	not_ok "the tasks' time limits (part, seconds): $limits; $(cat "$T/args")"
fi
done_testing
