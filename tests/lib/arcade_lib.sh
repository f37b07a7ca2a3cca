# The arcade as the package runs it, for the SSH tests: sourced after
# tap.sh, ui_lib.sh and sshd_lib.sh, as root (sshd_root_test first).
#
#   arcade_key NAME...        make ed25519 keys NAME (the comment NAME too)
#   arcade_start [OPTION...]  the public account and its own sshd, serve's
#                             OPTIONs in its serve.options; then:
#     sh "$s/ssh" WHO [SSH OPTION...]   log in as key WHO, or "guest" (no
#                             key); SSH_CMD: the command, SSH_BIND=127.x.y.z:
#                             the address to come from (ssh -b)
#     login WHO [CMD [ADDRESS]]  the same -tt in a fresh 80x24 tmux pane, its
#                             ssh client's pid in $s/client.pid, "EXIT=N" shown
#                             when it ends; LOGIN_ENV: env's arguments for the
#                             client's environment (-u LANG: no locale sent)
#   arcade_options [OPTION...]  serve's options from the next login on
#   arcade_config             the instance's sshd_config ($s/sshd_config)
#   arcade_sshd CONFIG        start another instance from CONFIG (port, sshd_pid)
#   arcade_cleanup            everything undone (the EXIT trap); a test's own
#                             undoing first in a function arcade_exit_hook
#
# The instance is the package's (debian/lightsout-arcade.*): the shipped
# contrib/sshd_config.lightsout-arcade with its marked paths, account and
# host key edited, on 127.0.0.1 on a free port; sshd run through a link
# named after the instance, so that it asks PAM under that name, whose
# service is contrib/pam.lightsout-sshd with the account's name; the
# account's login shell lightsout-shell (LIGHTSOUT_SHELL) beside a copy of
# the game, with serve.options, all root's under /run (sshd's rule for its
# helpers).  Set after arcade_start: acct, base, BIN (the game), SHELL_BIN,
# SSHD, pam, s (keys, config, logs), port, sshd_pid, host (the players'
# directory), arcade_changed (lines of the shipped config edited).

: "${LIGHTSOUT_SHELL:?LIGHTSOUT_SHELL must name the lightsout-shell binary}"
s="$ui_tmp/ssh"
mkdir -p "$s"
acct=
base=
pam=
sshd_pid=
arcade_pids=

arcade_key() {
	for k in "$@"; do
		ssh-keygen -q -t ed25519 -N '' -C "$k" -f "$s/$k" || return 1
	done
}

arcade_options() {
	printf '%s\n' "# the test's options for serve" "$*" >"$base/bin/serve.options"
	chmod 644 "$base/bin/serve.options"
}

arcade_config() {
	shipped="$SRCDIR/contrib/sshd_config.lightsout-arcade"
	sed -e "s|^AllowUsers play\$|AllowUsers $acct|" \
		-e "s|^HostKey /etc/lightsout-arcade/ssh_host_ed25519_key\$|HostKey $s/host_key|" \
		-e "/^HostKey \\/etc\\/lightsout-arcade\\/ssh_host_rsa_key\$/d" \
		-e "s|^\\(AuthorizedKeysCommand \\)/usr/local/bin/lightsout |\\1$KEYS |" \
		-e "s|^\\(ForceCommand \\)/usr/local/libexec/lightsout/lightsout-shell\$|\\1$SHELL_BIN|" \
		-e "s|^\\(UnusedConnectionTimeout \\)60\$|\\12|" \
		"$shipped" >"$s/shipped"
	arcade_changed=$(diff "$shipped" "$s/shipped" | grep -c '^<')
	sanitizer_env=$(sshd_sanitizer_env)
	{
		cat "$s/shipped"
		echo "ListenAddress 127.0.0.1"
		echo "LogLevel VERBOSE"
		[ -z "$sanitizer_env" ] || echo "SetEnv$sanitizer_env"
	} >"$s/sshd_config"
}

arcade_sshd() {
	sshd_start "$SSHD" "$1" "$s"
	arcade_pids="$arcade_pids $sshd_pid"
	[ -n "$port" ] || return 1
	echo "[127.0.0.1]:$port $(cat "$s/host_key.pub")" >>"$s/known_hosts"
	echo "$port" >"$s/port"
}

arcade_start() {
	sshd_game_copy "$LIGHTSOUT" lightsout-arcade || return 1
	SHELL_BIN="$base/bin/lightsout-shell"
	cp "$LIGHTSOUT_SHELL" "$SHELL_BIN"
	chmod 755 "$SHELL_BIN"
	# sshd gives the keys command a bare environment: a sanitizer
	# build's leak check (which may not run as nobody) is turned off by a
	# wrapper.
	KEYS="$BIN"
	if sanitized; then
		KEYS="$base/bin/keys"
		printf '#!/bin/sh\nASAN_OPTIONS=detect_leaks=0 exec %s "$@"\n' "$BIN" >"$KEYS"
		chmod 755 "$KEYS"
	fi
	arcade_options "$@"
	acct="loarc$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')"
	if ! useradd -M -d "$base/home" -s "$SHELL_BIN" "$acct"; then
		acct=
		return 1
	fi
	usermod -p '*' "$acct"
	chown "$acct" "$base/home"
	chmod 700 "$base/home"
	host="$base/home/.local/state/lightsout/host"
	# The package's /usr/sbin/lightsout-sshd: a link, as the package has it.
	SSHD="$base/bin/$acct-sshd"
	ln -s "$(command -v sshd)" "$SSHD"
	pam="/etc/pam.d/$acct-sshd"
	sed "s/ user = play\$/ user = $acct/" "$SRCDIR/contrib/pam.lightsout-sshd" >"$pam"
	ssh-keygen -q -t ed25519 -N '' -f "$s/host_key" || return 1
	arcade_config
	"$SSHD" -t -f "$s/sshd_config" || return 1
	cat >"$s/ssh" <<EOF
who=\$1
shift
if [ "\$who" = guest ]; then
	set -- -o PubkeyAuthentication=no -o KbdInteractiveAuthentication=yes "\$@"
else
	set -- -i '$s/'"\$who" -o PubkeyAuthentication=yes -o KbdInteractiveAuthentication=no -o BatchMode=yes "\$@"
fi
exec ssh -F /dev/null -o IdentitiesOnly=yes -o IdentityAgent=none -o PasswordAuthentication=no \\
	-o UserKnownHostsFile='$s/known_hosts' -o StrictHostKeyChecking=yes -o LogLevel=ERROR \\
	-o SendEnv=LANG -o "SendEnv=LC_*" -o IgnoreUnknown=ObscureKeystrokeTiming -o ObscureKeystrokeTiming=no \\
	\${SSH_BIND:+-b "\$SSH_BIND"} -p \$(cat '$s/port') "\$@" $acct@127.0.0.1 \${SSH_CMD:+"\$SSH_CMD"}
EOF
	arcade_sshd "$s/sshd_config"
}

login() {
	ui_next_server
	rm -f "$s/client.pid"
	cat >"$ui_tmp/run.sh" <<RUN
echo \$\$ >"$s/client.pid"
exec env ${LOGIN_ENV:-} SSH_CMD='${2:-}' SSH_BIND='${3:-}' sh '$s/ssh' $1 -tt
RUN
	cat >"$ui_tmp/pane.sh" <<RUN
sh '$ui_tmp/run.sh'
echo "EXIT=\$?"
exec sleep 600
RUN
	$TMUX_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/pane.sh'"
	$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
}

arcade_cleanup() {
	command -v arcade_exit_hook >/dev/null 2>&1 && arcade_exit_hook
	for pid in $arcade_pids; do kill "$pid" 2>/dev/null; done
	if [ -n "$acct" ]; then
		pkill -9 -u "$acct" 2>/dev/null
		for _ in $(seq 40); do
			userdel "$acct" 2>/dev/null && break
			sleep 0.05
		done
	fi
	ui_cleanup
	[ -z "$base" ] || rm -rf "$base"
	[ -z "$pam" ] || rm -f "$pam"
}
trap arcade_cleanup EXIT
