#!/bin/sh
# lightsout ssh-keys against ssh-keygen: for keys it makes, one
# authorized_keys line that ssh-keygen reads back with the same SHA256
# fingerprint, bound to the game; for anything malformed, nothing on
# standard output (sshd would let a printed key in), one line on stderr,
# exit 2.
. "$SRCDIR/tests/lib/tap.sh"
if ! command -v ssh-keygen > /dev/null 2>&1; then
	echo "1..0 # SKIP ssh-keygen is not installed (Debian: openssh-client)"
	exit 0
fi
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# The binary's own path, as the command= option should name it.
self=$(readlink -f "$LIGHTSOUT")
case $self in
*[\"\\\ ]* | "") want_cmd="" ;;
*) want_cmd="restrict,pty,command=\"$self serve\" " ;;
esac

# fp FILE: the SHA256 fingerprint ssh-keygen -l gives the first key in FILE.
fp() { ssh-keygen -l -E sha256 -f "$1" 2> /dev/null | awk 'NR == 1 { print $2 }'; }

# accepts NAME KEYGEN-ARGS...: a key made by ssh-keygen is let in, rightly.
accepts() {
	name=$1
	shift
	if ! ssh-keygen -q -N '' -C "$name" -f "$T/$name" "$@" < /dev/null > /dev/null 2>&1; then
		skip "$name: this ssh-keygen cannot make one"
		return
	fi
	read -r type b64 rest < "$T/$name.pub"
	want=$(fp "$T/$name.pub")
	"$LIGHTSOUT" ssh-keys play "$type" "$b64" > "$T/out" 2> "$T/err"
	rc=$?
	line=$(cat "$T/out")
	got=${line##* lightsout-player-}
	if [ $rc -ne 0 ] || [ -s "$T/err" ] || [ "$(wc -l < "$T/out")" -ne 1 ]; then
		not_ok "$name: exit $rc, $(wc -l < "$T/out") lines, stderr: $(head -c 300 "$T/err")"
	elif [ "$line" != "$want_cmd$type $b64 lightsout-player-$want" ] && [ -n "$want_cmd" ]; then
		not_ok "$name: the line is '$line'"
	elif [ "$got" != "$want" ]; then
		not_ok "$name: fingerprint $got, ssh-keygen says $want"
	else
		ok "$name: one line, restrict,pty and the game, fingerprint $want"
	fi
	case $line in
	"restrict,pty "* | "restrict,pty,command="*) ok "$name: the options begin with restrict,pty" ;;
	*) not_ok "$name: the options are not restrict,pty first: $line" ;;
	esac
	# ssh-keygen reads it as an authorized_keys line, options and all.
	cp "$T/out" "$T/authorized_keys"
	check "$name: ssh-keygen -lf reads the line as the same key" [ "$(fp "$T/authorized_keys")" = "$want" ]
}

accepts ed25519 -t ed25519
accepts rsa1024 -t rsa -b 1024
accepts rsa2048 -t rsa -b 2048
accepts rsa3072 -t rsa -b 3072
accepts ecdsa256 -t ecdsa -b 256
accepts ecdsa384 -t ecdsa -b 384
accepts ecdsa521 -t ecdsa -b 521
accepts dsa -t dsa

# refuses WHAT ARGS...: nothing on stdout, one "lightsout ssh-keys:" line
# on stderr, exit 2.
refuses() {
	what=$1
	shift
	"$LIGHTSOUT" ssh-keys "$@" > "$T/out" 2> "$T/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && [ "$(wc -l < "$T/err")" -eq 1 ] &&
		grep -q '^lightsout ssh-keys: .' "$T/err"; then
		ok "$what: exit 2, nothing on stdout, $(cat "$T/err")"
	else
		not_ok "$what: exit $rc, stdout $(wc -c < "$T/out") bytes, stderr: $(head -c 300 "$T/err")"
	fi
}

read -r type b64 rest < "$T/ed25519.pub"
refuses "an ed25519 key given as ssh-rsa" play ssh-rsa "$b64"
refuses "a '!' in the base64" play "$type" "$(echo "$b64" | sed 's/^\(.....\)./\1!/')"
refuses "the base64 with its last character cut" play "$type" "${b64%?}"
cut=$(printf '%s' "$b64" | base64 -d | head -c 40 | base64 | tr -d '\n')
refuses "a blob cut to 40 bytes" play "$type" "$cut"
# One argument can be at most 128 KiB on Linux (MAX_ARG_STRLEN), so the
# megabyte is tested in test_sshkey; here the most execve takes.
big=$(head -c 131068 /dev/zero | tr '\0' A)
refuses "128 KiB of base64" play "$type" "$big"
refuses "no operands" 
refuses "two operands" play "$type"
refuses "four operands" play "$type" "$b64" extra
refuses "a user with a space" "pl ay" "$type" "$b64"
refuses "an empty user" "" "$type" "$b64"
refuses "a user beginning with a digit" 1play "$type" "$b64"
refuses "a user of 33 characters" abcdefghijklmnopqrstuvwxyzabcdefg "$type" "$b64"
refuses "an option in place of USER" --verbose "$type" "$b64"
"$LIGHTSOUT" ssh-keys 'svc_01.x-y$' "$type" "$b64" > "$T/out" 2> "$T/err"
rc=$?
{ [ $rc -eq 0 ] && [ -s "$T/out" ]; }
check "a user such as svc_01.x-y\$ is taken" [ $? -eq 0 ]
"$LIGHTSOUT" ssh-keys abcdefghijklmnopqrstuvwxyzabcdef "$type" "$b64" > /dev/null 2>&1
check "so is one of 32 characters" [ $? -eq 0 ]

# A binary whose path cannot go inside command="...": no command= at all.
mkdir "$T/a dir"
cp "$LIGHTSOUT" "$T/a dir/lightsout"
"$T/a dir/lightsout" ssh-keys play "$type" "$b64" > "$T/out" 2> "$T/err"
check "a path with a space: 'restrict,pty' alone" [ "$(cat "$T/out")" = "restrict,pty $type $b64 lightsout-player-$(fp "$T/ed25519.pub")" ]

# A real certificate: refused, by its type.
ssh-keygen -q -N '' -C ca -f "$T/ca" < /dev/null > /dev/null 2>&1
if ssh-keygen -q -s "$T/ca" -I player -n play "$T/ed25519.pub" > /dev/null 2>&1; then
	read -r ctype cb64 rest < "$T/ed25519-cert.pub"
	refuses "a certificate ($ctype)" play "$ctype" "$cb64"
	check "naming its type" grep -q "$ctype" "$T/err"
	refuses "a certificate given as a plain key" play "$type" "$cb64"
else
	skip "ssh-keygen cannot sign a certificate here"
	skip "ssh-keygen cannot sign a certificate here"
	skip "ssh-keygen cannot sign a certificate here"
fi

"$LIGHTSOUT" ssh-keys --help > "$T/out"
check "--help: exit 0" [ $? -eq 0 ]
check "--help gives the sshd lines" sh -c "grep -qF 'AuthorizedKeysCommand /usr/local/bin/lightsout ssh-keys %u %t %k' '$T/out' &&
	grep -qF 'AuthorizedKeysCommandUser nobody' '$T/out'"
check "lightsout --help lists ssh-keys" sh -c "\"$LIGHTSOUT\" --help | grep -q 'lightsout ssh-keys USER TYPE KEY'"
if [ -w /dev/full ]; then
	"$LIGHTSOUT" ssh-keys play "$type" "$b64" > /dev/full 2> "$T/err"
	check "a line that cannot be written: exit 2" [ $? -eq 2 ]
	check "with a write error" grep -q 'write error' "$T/err"
fi
done_testing
