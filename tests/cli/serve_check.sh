#!/bin/sh
# lightsout serve --check, as root (it makes a throwaway account): the
# shipped recipe with its Match and two program lines edited, checked
# through sshd -T (no sshd is started), with a PAM file and a shadow file
# of the test's own, the account's login shell lightsout-shell beside the
# game with its serve.options.  A safe setup is "ready", and so is the
# arcade's own instance (contrib/sshd_config.lightsout-arcade); the game in
# a directory others can write (the /tmp mistake), an empty password, no
# PAM rule for guests, no ExposeAuthInfo, a missing account, a closed
# players' directory, names a re-key found alike and a login shell that is
# a shell ("anyone can log in with a shell") are each reported with a fix,
# and the status says so.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes an account and runs sshd -T" sshd ssh-keygen useradd userdel runuser

sshd_game_copy "$LIGHTSOUT" lightsout-check || exit 1
# games DIR: the game and its login shell in DIR, with the shipped options.
games() {
	cp "$LIGHTSOUT" "$1/lightsout"
	cp "$LIGHTSOUT_SHELL" "$1/lightsout-shell"
	cp "$SRCDIR/contrib/serve.options" "$1/serve.options"
	chmod 755 "$1/lightsout" "$1/lightsout-shell"
}
games "$base/bin"
acct="lochk$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')"
useradd -M -d "$base/home" -s "$base/bin/lightsout-shell" "$acct" ||
	{ echo "1..0 # SKIP useradd failed"; rm -rf "$base"; exit 0; }
chown "$acct" "$base/home"
chmod 711 "$base/home"
t=$(mktemp -d /tmp/lightsout-check.XXXXXX) || exit 1
cleanup() {
	for _ in $(seq 40); do
		userdel "$acct" 2>/dev/null && break
		sleep 0.05
	done
	rm -rf "$base" "$t"
}
trap cleanup EXIT
ssh-keygen -q -t ed25519 -N '' -f "$t/host_key" || exit 1

# config DIR [SED-SCRIPT]: the shipped block for the account with the
# game and the shell in DIR (and SED-SCRIPT applied), in $t/sshd_config.
shipped="$SRCDIR/contrib/sshd_config.lightsout-public"
config() {
	{
		printf 'HostKey %s\nPidFile none\nUsePAM yes\n' "$t/host_key"
		sed -e "s|^Match User play\$|Match User $acct|" \
			-e "s|^\\(	AuthorizedKeysCommand \\)/usr/local/bin/lightsout |\\1$1/lightsout |" \
			-e "s|^\\(	ForceCommand \\)/usr/local/libexec/lightsout/lightsout-shell\$|\\1$1/lightsout-shell|" \
			-e "${2:-b}" "$shipped"
	} >"$t/sshd_config"
}
# pam RULE: sshd's PAM stack with RULE (may be empty) first.
pam() {
	{
		[ -z "$1" ] || printf '%s\n' "$1"
		printf '@include common-auth\naccount    required     pam_nologin.so\n@include common-account\n'
	} >"$t/pam"
}
rule="auth [success=done default=ignore] pam_succeed_if.so quiet user = $acct"
# shadow HASH: the account's password field.
shadow() { printf 'root:*:19000:0:99999:7:::\n%s:%s:19000:0:99999:7:::\n' "$acct" "$1" >"$t/shadow"; }
# run [ACCOUNT]: the check, its output in $t/out, its status in rc.
run() {
	"$LIGHTSOUT" serve --check "${1:-$acct}" --sshd-config "$t/sshd_config" --pam-config "$t/pam" \
		--shadow "$t/shadow" >"$t/out" 2>&1
	rc=$?
}
has() { grep -q -e "$1" "$t/out"; }
show() { sed 's/^/# /' "$t/out"; }

config "$base/bin"
pam "$rule"
shadow '*'
run
check "the shipped recipe, installed safely: status 0" test "$rc" -eq 0
check "... and it says ready" has "^ready: ssh $acct@"
check "... with no problem" sh -c "! grep -q PROBLEM '$t/out'"
check "... having checked sshd's view of the keys command" has "^ok: .*AuthorizedKeysCommand runs $BIN ssh-keys"
check "... and the login shell's game" has "^ok: .*ForceCommand runs $base/bin/lightsout-shell: $BIN serve with"
check "... and the login shell" has "^ok: .*login shell $base/bin/lightsout-shell can only start the game"
[ "$rc" -eq 0 ] || show

# The arcade's own instance, as the package installs it.
sed -e "s|^AllowUsers play\$|AllowUsers $acct|" \
	-e "s|^HostKey /etc/lightsout-arcade/ssh_host_ed25519_key\$|HostKey $t/host_key|" \
	-e "/^HostKey \\/etc\\/lightsout-arcade\\/ssh_host_rsa_key\$/d" \
	-e "s|^\\(AuthorizedKeysCommand \\)/usr/local/bin/lightsout |\\1$BIN |" \
	-e "s|^\\(ForceCommand \\)/usr/local/libexec/lightsout/lightsout-shell\$|\\1$base/bin/lightsout-shell|" \
	"$SRCDIR/contrib/sshd_config.lightsout-arcade" >"$t/arcade_config"
sed "s/ user = play\$/ user = $acct/" "$SRCDIR/contrib/pam.lightsout-sshd" >"$t/arcade_pam"
"$LIGHTSOUT" serve --check "$acct" --sshd-config "$t/arcade_config" --pam-config "$t/arcade_pam" \
	--shadow "$t/shadow" >"$t/out" 2>&1
rc=$?
check "the arcade's own instance and PAM service: ready" test "$rc" -eq 0
check "... on its own port" has "^ready: ssh -p 2222 $acct@"
[ "$rc" -eq 0 ] || show
# Whether anything answers on that port, said (not a problem): the arcade's
# sshd started on a free port of its own, its config saying that port.
if ! port_answers_here=$(grep -c "^ok: .*port 2222 answers" "$t/out") || [ "$port_answers_here" -eq 0 ]; then
	check "nothing on 2222 here: a note says so, with how to start it" has "^note: .*nothing answers on port 2222 here yet: start"
fi
sshd_start "$(command -v sshd)" "$t/arcade_config" "$t" -o ListenAddress=127.0.0.1
if [ -n "$port" ]; then
	sed "s/^Port 2222\$/Port $port/" "$t/arcade_config" >"$t/arcade_config.port"
	"$LIGHTSOUT" serve --check "$acct" --sshd-config "$t/arcade_config.port" --pam-config "$t/arcade_pam" \
		--shadow "$t/shadow" >"$t/out" 2>&1
	check "the arcade's sshd running: --check says it answers, with its greeting" \
		has "^ok: .*port $port answers here (SSH-2.0-OpenSSH"
	check "... and the ready line names that port" has "^ready: ssh -p $port $acct@"
	kill "$sshd_pid" 2>/dev/null
	wait "$sshd_pid" 2>/dev/null
else
	not_ok "the arcade's sshd starts for the port check"
	sed 's/^/# /' "$t/sshd.log"
fi

# A login shell that is a shell: should the ForceCommand go, anyone gets in.
usermod -s /bin/sh "$acct"
run
check "the account's shell /bin/sh: status 1" test "$rc" -eq 1
check "... anyone can log in with a shell, said" has "login shell is /bin/sh: .*anyone can log in with a shell"
check "... lightsout-shell as its fix" has "fix: *usermod --shell .*/lightsout-shell $acct"
config "$base/bin" '/ForceCommand/d'
run
check "and no ForceCommand: said again for sshd" has "ForceCommand is 'none', .*anyone can log in with a shell"
usermod -s "$base/bin/lightsout-shell" "$acct"
run
check "no ForceCommand, the login shell lightsout-shell: still a problem" has "ForceCommand is 'none', .*the login shell still starts the game"
check "... but not that anyone gets a shell" sh -c "! grep -q 'anyone can log in with a shell' '$t/out'"

# The /tmp mistake: /tmp is writable by everyone, so nothing under it is
# safe for sshd, even a root-owned 0755 program.
mkdir -p "$t/build"
chmod 755 "$t" "$t/build"
games "$t/build"
config "$t/build"
run
check "a game under /tmp: status 1" test "$rc" -eq 1
check "... sshd's refusal named" has 'Unsafe AuthorizedKeysCommand'
check "... /tmp named as what others can write" has '/tmp is writable by others'
check "... every key-holder becoming a guest said" has 'every key-holder silently becomes a guest'
check "... the fix given" has '^  fix: *make install'
check "... and no ready line" has '^[0-9]* problems\{0,1\}$'

# A directory of another user's above the game.
mkdir "$base/ubin"
games "$base/ubin"
chown "$acct" "$base/ubin"
config "$base/ubin"
run
check "a game in a directory the account owns: reported" has "$base/ubin is not owned by root"
check "... status 1" test "$rc" -eq 1

config "$base/bin"
shadow ''
run
check "an empty password: status 1" test "$rc" -eq 1
check "... every local user can su to it" has "every local user can su to $acct"
check "... the fix given" has "fix: *usermod -p '\\*' $acct"
shadow '!'
run
check "a locked password with PAM: ready" test "$rc" -eq 0

pam ''
run
check "no PAM rule for guests: status 1" test "$rc" -eq 1
check "... guests cannot log in" has 'guests cannot log in'
check "... the line to add given" has "fix: .*pam_succeed_if.so quiet user = $acct"
{ echo '@include common-auth'; echo "$rule"; } >"$t/pam"
run
check "the PAM rule after common-auth: reported" has 'after another auth line'
pam "auth   [default=ignore   success=done]	pam_succeed_if.so quiet user in nobody:$acct:games"
run
check "the rule with other spacing and a user list: ready" test "$rc" -eq 0
pam ''
sed -i "s/--guests 50 /--guests 0 /" "$base/bin/serve.options"
config "$base/bin"
run
check "no PAM rule, no guests (serve.options): ready" test "$rc" -eq 0
cp "$SRCDIR/contrib/serve.options" "$base/bin/serve.options"

pam "$rule"
config "$base/bin" '/ExposeAuthInfo/d'
run
check "no ExposeAuthInfo: status 1" test "$rc" -eq 1
check "... said" has "ExposeAuthInfo is 'no'"
config "$base/bin" 's/^\(	AuthenticationMethods\).*/\1 publickey/'
run
check "guests on but no keyboard-interactive: reported" has "AuthenticationMethods is 'publickey'"

config "$base/bin"
run "lonobody$$"
check "an account that does not exist: status 1" test "$rc" -eq 1
check "... said, with useradd as its fix" has "no account lonobody$$"
check "... useradd as its fix" has "fix: *useradd .*lonobody$$"

# The players' directory: every directory down to it open to others (o+x).
host="$base/home/.local/state/lightsout/host"
mkdir -p "$host"
chown -R "$acct" "$base/home/.local"
chmod 700 "$base/home/.local"
chmod 711 "$base/home/.local/state" "$base/home/.local/state/lightsout" "$host"
run
check "a closed .local: status 1" test "$rc" -eq 1
check "... the fix names it" has "fix: *chmod o+x $base/home/.local\$"
chmod 711 "$base/home/.local"
chmod 777 "$host"
run
check "a players' directory writable by others: reported" has "$host is writable by others"
chmod 711 "$host"
run
check "the players' directory as serve makes it: ready" test "$rc" -eq 0

# Names a re-key found alike (roster_rekey's names-collide): reported, a
# link never followed.
printf '# a comment\n%032d\tTOM\t%032d\t\316\244\316\237\316\234\n' 1 2 >"$host/names-collide"
run
check "names alike since a re-key: status 1" test "$rc" -eq 1
check "... said, with the file" has "1 player's name looks like another's since the names' rule changed: see $host/names-collide"
check "... and what to do" has "fix: *ask the second player of each line to choose another name"
rm "$host/names-collide"
ln -s /etc/passwd "$host/names-collide"
run
check "a link in its place is not read: ready" test "$rc" -eq 0
rm "$host/names-collide"

# Not root: the check says it needs root (status 2).  A sanitizer build's
# leak check cannot run as nobody.
if sanitized; then
	skip "not root (a sanitizer build)"
else
	runuser -u nobody -- "$BIN" serve --check "$acct" >"$t/out" 2>&1
	rc=$?
	check "not root: status 2 and the reason" sh -c "[ $rc -eq 2 ] && grep -q 'must run as root' '$t/out'"
fi
[ "$failed" -eq 0 ] || show
done_testing
