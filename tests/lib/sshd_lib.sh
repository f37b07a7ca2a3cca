# A private sshd for the SSH tests and the load benchmark, sourced by them.
#
# sshd_start SSHD CONFIG DIR [OPTION...]: start SSHD -D -f CONFIG (and
# the OPTIONs) on 127.0.0.1 on a random free port, which replaces CONFIG's
# Port lines (sshd says whether it got it; another is tried if the address
# was in use).  Sets port ("" when none) and sshd_pid; DIR/sshd.log is its
# log.
sshd_start() {
	port=
	sshd_bin=$1 sshd_config=$2 sshd_dir=$3
	shift 3
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		try=$((20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 40000))
		: >"$sshd_dir/sshd.log"
		"$sshd_bin" -D -e -f "$sshd_config" -p "$try" "$@" 2>>"$sshd_dir/sshd.log" &
		sshd_pid=$!
		for _ in $(seq 200); do
			grep -q "Server listening on 127.0.0.1 port $try" "$sshd_dir/sshd.log" && break
			kill -0 "$sshd_pid" 2>/dev/null || break
			sleep 0.05
		done
		if grep -q "Server listening on 127.0.0.1 port $try" "$sshd_dir/sshd.log"; then
			port=$try
			return 0
		fi
		kill "$sshd_pid" 2>/dev/null
		wait "$sshd_pid" 2>/dev/null
		sshd_pid=
		grep -q "Address already in use" "$sshd_dir/sshd.log" || return 1
	done
	return 1
}

# sshd_sanitizer_env: the sanitizer builds' options as sshd's SetEnv takes
# them (sshd gives a session a clean environment; it reads one SetEnv).
sshd_sanitizer_env() {
	env_line=
	for var in ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS; do
		eval "val=\${$var:-}"
		[ -z "$val" ] || env_line="$env_line $var=\"$val\""
	done
	printf '%s' "$env_line"
}

# sshd_game_copy BIN PREFIX: a copy of the game sshd will run as an
# AuthorizedKeysCommand (only from a path whose every directory is root's
# and closed to others): in a fresh /run/PREFIX.XXXXXX, whose path goes to
# base, with bin/lightsout and an empty home/ in it; the copy in BIN.
sshd_game_copy() {
	base=$(mktemp -d "/run/$2.XXXXXX") || return 1
	chmod 755 "$base"
	mkdir -p "$base/bin" "$base/home"
	cp "$1" "$base/bin/lightsout"
	chmod 755 "$base/bin/lightsout"
	BIN="$base/bin/lightsout"
}

# sshd_public_account PREFIX PAMLINE: the public account as docs/hosting.md
# makes it, for a test or a benchmark (root; after sshd_game_copy): a
# throwaway account PREFIXnnnnn (its name in acct) without a password, its
# home base/home (0700).  sshd asks PAM under its own program's name: a
# copy of sshd named after the account (in SSHD) reads /etc/pam.d/ACCOUNT
# (in pam), which is the shipped line PAMLINE (contrib/pam.lightsout-public,
# its account edited) and then the system's sshd stack, so the system's
# own /etc/pam.d/sshd is left alone.
sshd_public_account() {
	acct="$1$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')"
	if ! useradd -M -d "$base/home" -s /bin/sh "$acct"; then
		acct=
		return 1
	fi
	usermod -p '*' "$acct"
	chown "$acct" "$base/home"
	chmod 700 "$base/home"
	SSHD="$base/bin/$acct"
	cp "$(command -v sshd)" "$SSHD"
	pam="/etc/pam.d/$acct"
	{
		grep -v '^#' "$2" | sed "s/ user = play\$/ user = $acct/"
		echo "@include sshd"
	} >"$pam"
}

# sshd_root_test WHY TOOL...: go on only as root with every TOOL (sshd and
# the account tools live in /usr/sbin, added to PATH), else skip the whole
# test the TAP way, saying which.  WHY: what root is needed for.
sshd_root_test() {
	why=$1
	shift
	PATH="$PATH:/usr/sbin:/usr/local/sbin"
	for tool in "$@"; do
		if ! command -v "$tool" >/dev/null 2>&1; then
			echo "1..0 # SKIP $tool is not installed (Debian: openssh-server, openssh-client, passwd, util-linux)"
			exit 0
		fi
	done
	if [ "$(id -u)" -ne 0 ]; then
		echo "1..0 # SKIP needs root: $why"
		exit 0
	fi
	# sshd (and sshd -T) refuse to run without their privilege separation
	# directory.
	[ -d /run/sshd ] || { mkdir -p /run/sshd && chmod 755 /run/sshd; }
}
