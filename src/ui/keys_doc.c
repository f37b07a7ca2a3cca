#include "ui/keys_doc.h"

#include <stdio.h>
#include <string.h>

#include "formats/output.h"
#include "i18n.h"
#include "ui/screen.h"

/* Roff for the man page: the arrows by name, '-' as a minus sign. */
static void roff(const char *s)
{
	static const struct { const char *utf8, *roff; } names[] = {
		{ "\u2190", "\\(<-" }, { "\u2191", "\\(ua" }, { "\u2192", "\\(->" }, { "\u2193", "\\(da" },
	};
	while (*s) {
		bool done = false;
		for (size_t i = 0; i < sizeof names / sizeof names[0] && !done; i++)
			if (!strncmp(s, names[i].utf8, strlen(names[i].utf8))) {
				fputs(names[i].roff, stdout);
				s += strlen(names[i].utf8);
				done = true;
			}
		if (done)
			continue;
		if (*s == '-' || *s == '\\')
			putchar('\\');
		putchar(*s++);
	}
}

int cmd_keys(int argc, char **argv)
{
	bool man = argc == 2 && !strcmp(argv[1], "--man");
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("%s", _("Usage: lightsout keys [--man]\n"
			       "The game's keys, screen by screen, as a Markdown table (or man page source\n"
			       "with --man): the same rows the game dispatches on and its help shows.\n"));
		return 0;
	}
	if (argc > 2 || (argc == 2 && !man)) {
		fprintf(stderr, "%s", _("lightsout keys: use 'lightsout keys' (Markdown) or 'lightsout keys --man'\n"));
		return EXIT_USAGE;
	}
	/* The man page is English, whatever the language (scripts/keys-doc.sh
	 * writes docs/keys.md from the Markdown under LC_ALL=C.UTF-8): the
	 * Markdown is in the reader's language. */
#define TR(s) (man ? (s) : _(s))
	for (int i = 0; screens_all[i]; i++) {
		const screen *s = screens_all[i];
		if (man)
			printf(".SS %s\n", s->title);
		else
			printf("%s| %s | |\n|---|---|\n", i ? "\n" : "", TR(s->title));
		for (const key_row *r = s->rows; r->run || r->names_utf8; r++) {
			if (!r->names_utf8)
				continue;
			if (man) {
				fputs(".TP\n.B ", stdout);
				roff(r->names_utf8);
				putchar('\n');
				roff(r->label);
				putchar('\n');
			} else {
				char names[96];
				printf("| %s | %s |\n", screen_key_names(r->names_utf8, names, sizeof names), TR(r->label));
			}
		}
	}
#undef TR
	return 0;	/* main checks the output (formats/output.c) */
}
