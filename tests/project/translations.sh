#!/bin/sh
# Translations a native would sign, held to po/GLOSSARY.md: no message
# of a catalog uses a word its language's glossary bans (the table of
# bans, read from there); French typography: a narrow no-break space
# (U+202F) before every : ; ? ! of prose and inside « »; every message
# that shows a count with %d has its plural forms (P_()), in English and
# so in every catalog; the keys are named as the language's keyboard
# names them (the context "key"), and a yes/no question names the
# language's own letters.
. "$SRCDIR/tests/lib/tap.sh"
command -v perl > /dev/null || { skip "perl is not installed"; done_testing; exit; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$SRCDIR" || exit 1

# po.pl CHECK FILE...: a catalog's entries, one a line for the checks
# below, or the failures of one check.  Entries: obsolete ones skipped,
# the strings unescaped; each plural form is checked as a message.
cat > "$T/po.pl" <<'PERL'
use strict; use warnings; use utf8;
binmode STDOUT, ':utf8';
my ($check, $file, $glossary, $lang) = @ARGV;
sub unq { my $s = shift; $s =~ s/\\(n|t|"|\\)/$1 eq 'n' ? "\n" : $1 eq 't' ? "\t" : $1/ge; return $s; }
sub entries {
	my ($f) = @_;
	open my $fh, '<:utf8', $f or die "$f: $!";
	my (@e, %cur, $key);
	my $flush = sub { push @e, {%cur} if defined $cur{msgid} && $cur{msgid} ne ''; %cur = (); $key = undef; };
	while (my $l = <$fh>) {
		chomp $l;
		if ($l =~ /^#~/) { next; }
		if ($l =~ /^$/) { $flush->(); next; }
		if ($l =~ /^#, .*fuzzy/) { $cur{fuzzy} = 1; next; }
		if ($l =~ /^#/) { next; }
		if ($l =~ /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?) "(.*)"$/) {
			my ($kw, $n, $s) = ($1, $2, $3);
			$flush->() if $kw eq 'msgctxt' || ($kw eq 'msgid' && exists $cur{msgstr});
			$key = $kw =~ /^msgstr/ ? 'msgstr' . ($n // 0) : $kw;
			$cur{$key} = unq($s);
			$cur{forms}++ if $kw =~ /^msgstr/;
		} elsif ($l =~ /^"(.*)"$/ && defined $key) {
			$cur{$key} .= unq($1);
		}
	}
	$flush->();
	return @e;
}
sub show { my $s = shift; $s =~ s/\n/\\n/g; return length($s) > 70 ? substr($s, 0, 70) . '...' : $s; }
my @e = entries($file);
if ($check eq 'banned') {
	# The glossary's bans: "    LANG | REGEX | ENGLISH-REGEX".
	open my $g, '<:utf8', $glossary or die "$glossary: $!";
	my @bans;
	while (my $l = <$g>) {
		next unless $l =~ /^    (\w+) \| (.*?) \|(?: (.*?))?\s*$/;
		push @bans, [$2, $3 // ''] if $1 eq $lang;
	}
	for my $b (@bans) {
		my ($bad, $where) = @$b;
		for my $m (@e) {
			my $id = (defined $m->{msgctxt} ? "$m->{msgctxt}\x{4}" : '') . $m->{msgid};
			next if $where ne '' && $id !~ /$where/;
			for my $i (0 .. ($m->{forms} // 1) - 1) {
				my $t = $m->{"msgstr$i"} // '';
				print "/$bad/: ", show($t), "\n" if $t =~ /$bad/;
			}
		}
	}
} elsif ($check eq 'typography') {
	# A : ; ? ! of prose (followed by a space, the end, or a closing
	# bracket or quote) has U+202F before it, "lightsout solve : " too
	# (as GNU's French catalogs write "%s : %s"); what is data stays: a
	# file:line: before a message, a ':' in quotes.  « and » have U+202F
	# inside.
	for my $m (@e) {
		for my $i (0 .. ($m->{forms} // 1) - 1) {
			my $t = $m->{"msgstr$i"} // '';
			next if $t eq '' || $m->{msgid} eq '';
			while ($t =~ /(.)([:;?!])(?=\s|$|[)\]»"'’])/g) {
				my ($before, $p, $after) = ($1, $2, substr($t, pos($t), 1));
				next if $before eq "\x{202F}";
				next if ($before eq "'" || $before eq '"') && $after eq $before;
				my $head = substr($t, 0, pos($t) - 1);
				next if $p eq ':' && $head =~ /:(?:%(?:l|ll|z)?[du]|[0-9]+)$/;
				next if $head =~ /\b[[:upper:]]+$/;	# a placeholder: 'V at ROW COL: ...'
				print show($t), "  [", ($before eq ' ' ? 'space' : 'none'), " before $p]\n";
				last;
			}
			print show($t), "  [« »]\n" if $t =~ /«(?!\x{202F})|(?<!\x{202F})»/;
		}
	}
} elsif ($check eq 'counts') {
	# An English message with a count (%d, %ld, %u...) before a noun or
	# a result, with no plural form: "in %d tries", "%d won".  A bound
	# ("at most %d", "up to %d") is no count shown, nor a size (a board's
	# %dx%d, its rows and cells, an input's characters).
	my $nouns = qr/(?:moves?|press(?:es)?|tries|won|lost|games?|places?|results?|lights?|players?|seconds?|minutes?|hours?|days?|wins?|races?|boards?|patterns?|solutions?|steps?|combinations?|guests?|members?|keys?)\b/;
	my $bound = qr/(?:at most|up to|more than|larger than|longer than|past|than|within|under|over|of up to|limit of|to|beyond|needs?)\s+$/;
	for my $m (@e) {
		next if exists $m->{msgid_plural};
		my $id = $m->{msgid};
		while ($id =~ /%(?:l|ll|z)?[du]\s+(?=$nouns)/g) {
			my $head = substr($id, 0, $-[0]);
			next if $head =~ $bound || $head =~ /(?:x|x |\^|%)$/;	# 3x%d board: a size
			print show($id), "\n";
			last;
		}
	}
} elsif ($check eq 'keys' || $check eq 'marked') {
	my %want = map { $_ => 1 } qw(Space Enter Esc Home End PgUp PgDn Ctrl Backspace Tab Shift);
	for my $m (@e) {
		next unless ($m->{msgctxt} // '') eq 'key';
		delete $want{$m->{msgid}};
		print "key $m->{msgid}: untranslated\n" if $check eq 'keys' && ($m->{msgstr0} // '') eq '';
	}
	print "key $_: not in the catalog\n" for sort keys %want;
} elsif ($check eq 'line') {
	# The message line's messages ($glossary: one msgid a line) in its
	# 78 columns at 80 (a count as 2 digits, a pid as 5): a translation
	# fits where the English does.
	open my $g, '<:utf8', $glossary or die "$glossary: $!";
	my %said;
	while (my $l = <$g>) { chomp $l; $said{unq($l)} = 1; }
	sub cols {
		my $s = shift;
		$s =~ s/%ld/12345/g;
		$s =~ s/%(\d+\$)?[-0-9.]*[duc]/12/g;
		my $n = 0;
		$n += /\p{East_Asian_Width=Wide}|\p{East_Asian_Width=Fullwidth}/ ? 2 : 1 for split //, $s;
		return $n;
	}
	for my $m (@e) {
		next unless $said{$m->{msgid}} && ($m->{msgstr0} // '') ne '' && $m->{msgid} !~ /%s|\n/;
		printf "%d > 78: %s\n", cols($m->{msgstr0}), show($m->{msgstr0})
			if cols($m->{msgid}) <= 78 && cols($m->{msgstr0}) > 78;
	}
} elsif ($check eq 'yesno') {
	my ($yes, $asked) = ('', '');
	for my $m (@e) {
		$yes = $m->{msgstr0} if ($m->{msgctxt} // '') eq 'question' && $m->{msgid} eq 'y';
		$asked = $m->{msgstr0} if $m->{msgid} eq '%s (y/n)';
	}
	print "no yes letter (msgctxt question, y)\n" if $yes eq '';
	print "the question names ($asked), not its yes letter ($yes)\n" if $yes ne '' && $asked !~ /\(\Q$yes\E\//;
}
PERL

run() { LC_ALL=C.UTF-8 perl "$T/po.pl" "$@" > "$T/out" 2>&1; }
some() { printf '%s' "$(wc -l < "$T/out"): $(head -3 "$T/out" | tr '\n' ' ')"; }

xgettext_ok=no
if command -v xgettext > /dev/null; then
	XOPTS=$(awk '/^XGETTEXT_OPTIONS *=/ { p = 1; sub(/^[^=]*= */, "") } p { c = sub(/\\$/, ""); printf "%s ", $0; if (!c) exit }' po/Makevars)
	# The catalog of the sources as they are (po/lightsout.pot may lag).
	xgettext $XOPTS --no-wrap -o "$T/lightsout.pot" $(grep -v '^#' po/POTFILES.in) 2> /dev/null && xgettext_ok=yes
fi
if [ $xgettext_ok = yes ]; then
	run counts "$T/lightsout.pot"
	check "every English message that shows a count has its plural forms, P_() ($(some))" test ! -s "$T/out"
	run marked "$T/lightsout.pot"
	check "the sources mark every key's name for translation, C_(\"key\", ...) ($(some))" test ! -s "$T/out"
	# One English word, two meanings, two messages: "classic" is a rule's
	# word and a theme's name, which a language may say apart.
	themes=$(awk '/^#: / { ref = $0 } /^msgctxt "theme"$/ && ref ~ /theme\.c/ { n++ } END { print n + 0 }' "$T/lightsout.pot")
	shared=$(awk '/^#: / { ref = $0 } /^msgctxt / { ctx = 1 } /^msgid / { if (!ctx && ref ~ /ui\/theme\.c/) print $0; ctx = 0 }' "$T/lightsout.pot")
	check "each theme's name is a message of its own, msgctxt theme ($themes; shared: ${shared:-none})" \
		test "$themes" -eq 4 -a -z "$shared"
else
	skip "xgettext is not installed (gettext)"
fi

for l in $(sed 's/#.*//' po/LINGUAS); do
	run banned "po/$l.po" po/GLOSSARY.md "$l"
	bans=$(grep -c "^    $l | " po/GLOSSARY.md)
	check "po/$l.po uses none of the $bans words po/GLOSSARY.md bans ($(some))" test ! -s "$T/out"
	run keys "po/$l.po"
	check "po/$l.po names every key ($(some))" test ! -s "$T/out"
	run yesno "po/$l.po"
	check "po/$l.po: a question names the language's yes letter ($(some))" test ! -s "$T/out"
done
# The message line's messages, as the screens say them (app_say,
# app_ask, draw_message, or the msg a screen writes for them).
perl -0777 -ne 'print "$1\n" while /(?:app_say\([a-z>-]+,|draw_message\(&?[a-z>.-]+,|snprintf\((?:msg|q), sizeof (?:msg|q),|app_ask\([a-z]+,)\s*_\("([^"]+)"\)/g' \
	src/ui/*.c | sort -u > "$T/said"
check "the screens' message-line messages are found ($(wc -l < "$T/said"))" test "$(wc -l < "$T/said")" -gt 30
for l in $(sed 's/#.*//' po/LINGUAS); do
	run line "po/$l.po" "$T/said"
	check "po/$l.po: a message-line message fits 80 columns where the English does ($(some))" test ! -s "$T/out"
done
if grep -q -x 'fr' po/LINGUAS; then
	run typography po/fr.po
	check "po/fr.po: a narrow no-break space before every : ; ? ! and inside « » ($(some))" test ! -s "$T/out"
fi
done_testing
