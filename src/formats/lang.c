/* The player's language (lang.h). */
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/path.h"
#include "formats/lang.h"
#include "i18n.h"

const lang_entry lang_list[] = {
	{ "en", "English" },
	{ "de", "Deutsch" },
	{ "fr", "Français" },
	{ "zh_CN", "简体中文" },
	{ NULL, NULL },
};

/* The language the environment asked for ("de" of de_DE.UTF-8), or "";
 * LANGUAGE as it was given; the language read now. */
static char asked[8];
static char *given_language;
static const char *current = "en";

const lang_entry *lang_find(const char *code)
{
	for (const lang_entry *e = lang_list; code && e->code; e++)
		if (strcmp(e->code, code) == 0)
			return e;
	return NULL;
}

/* The locale name the environment gives CATEGORY's variable, POSIX's
 * order: LC_ALL, then the category's own, then LANG. */
static const char *env_locale(const char *category)
{
	const char *names[] = { "LC_ALL", category, "LANG" };
	for (int i = 0; i < 3; i++) {
		const char *v = getenv(names[i]);
		if (v && *v)
			return v;
	}
	return "";
}

/* "de" of "de_DE.UTF-8@euro"; "" for C and POSIX.  Chinese is written
 * two ways: "zh_CN" of zh_CN, zh_SG and a bare zh (Simplified, the
 * catalog's), "zh" of zh_TW, zh_HK (Traditional, which it is not). */
static void language_of(const char *locale, char *out, size_t len)
{
	size_t n = strcspn(locale, "_.@");
	if (n == 0 || n >= len || strcmp(locale, "C") == 0 || strncmp(locale, "C.", 2) == 0 ||
	    strcmp(locale, "POSIX") == 0)
		n = 0;
	memcpy(out, locale, n);
	out[n] = '\0';
	if (strcmp(out, "zh") == 0 && len > sizeof "zh_CN" - 1 &&
	    (locale[n] != '_' || strncmp(locale + n, "_CN", 3) == 0 || strncmp(locale + n, "_SG", 3) == 0))
		memcpy(out, "zh_CN", sizeof "zh_CN");
}

static bool says_utf8(const char *locale)
{
	const char *dot = strchr(locale, '.');
	return dot && (strncasecmp(dot + 1, "utf-8", 5) == 0 || strncasecmp(dot + 1, "utf8", 4) == 0);
}

static const char *effective(void);

/* gettext looks LANGUAGE's names up as they are given: a bare "zh" or
 * "zh_SG" finds no catalog, though both mean ours (zh_CN).  Each name the
 * game has a catalog for is given as that catalog's; the others stay. */
static void language_normalize(void)
{
	const char *l = getenv("LANGUAGE");
	char out[256];
	size_t o = 0;
	while (l && *l) {
		char one[32], code[8];
		size_t n = strcspn(l, ":");
		snprintf(one, sizeof one, "%.*s", (int)(n < sizeof one ? n : 0), l);
		language_of(one, code, sizeof code);
		const char *name = strcmp(code, "zh_CN") == 0 ? code : one;
		int w = snprintf(out + o, sizeof out - o, "%s%s", o ? ":" : "", name);
		if (w < 0 || (size_t)w >= sizeof out - o)
			return;		/* a list this long is left as it was */
		o += (size_t)w;
		l += n + (l[n] == ':');
	}
	if (o)
		setenv("LANGUAGE", out, 1);
}

#if ENABLE_NLS
/* The directory locale/ beside this program, when there is one (a build
 * tree: make compiles po/ there); an installed game has none. */
static bool catalogs_beside(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len);
	if (n <= 0 || (size_t)n >= len)
		return false;
	buf[n] = '\0';
	char *slash = strrchr(buf, '/');
	struct stat st;
	if (!slash || (size_t)(slash - buf) + sizeof "/locale" > len)
		return false;
	memcpy(slash, "/locale", sizeof "/locale");
	return stat(buf, &st) == 0 && S_ISDIR(st.st_mode);
}
#endif

void lang_start(void)
{
	if (!setlocale(LC_ALL, "")) {
		/* Some category's locale is missing: each that exists is
		 * taken, and text named UTF-8 stays UTF-8. */
		setlocale(LC_ALL, "C");
		static const int cats[] = { LC_CTYPE, LC_MESSAGES, LC_COLLATE, LC_TIME };
		for (size_t i = 0; i < sizeof cats / sizeof cats[0]; i++)
			if (!setlocale(cats[i], "") && cats[i] == LC_CTYPE && says_utf8(env_locale("LC_CTYPE")))
				setlocale(LC_CTYPE, "C.UTF-8");
	}
	/* Numbers read and written in files and options keep the point
	 * (a German locale's comma would make 41.3 read as 41). */
	setlocale(LC_NUMERIC, "C");
	language_of(env_locale("LC_MESSAGES"), asked, sizeof asked);
	language_normalize();
	const char *l = getenv("LANGUAGE");
	free(given_language);
	given_language = l && *l ? strdup(l) : NULL;
#if ENABLE_NLS
	/* The tests name the build tree's catalogs; a game started from its
	 * build tree (the README's Quick start) finds them beside it. */
	const char *dir = getenv("LIGHTSOUT_LOCALEDIR");
	char beside[PATH_LEN];
	if (!dir || !*dir)
		dir = catalogs_beside(beside, sizeof beside) ? beside : LOCALEDIR;
	bindtextdomain(PACKAGE, dir);
	textdomain(PACKAGE);
	/* gettext reads no catalog under the C locale's messages: where the
	 * asked-for locale is missing, C.UTF-8 and LANGUAGE still give its
	 * language. */
	const char *msgs = setlocale(LC_MESSAGES, NULL);
	if (*asked && lang_find(asked) && msgs && (strcmp(msgs, "C") == 0 || strcmp(msgs, "POSIX") == 0) &&
	    setlocale(LC_MESSAGES, "C.UTF-8") && !getenv("LANGUAGE"))
		setenv("LANGUAGE", asked, 1);
	/* gettext would convert the catalogs' UTF-8 to the codeset, an
	 * accent it cannot write as "?": it hands them over as they are,
	 * and i18n_show() writes them in ASCII. */
	const char *set = nl_langinfo(CODESET);
	bool ascii = !set || (strcasecmp(set, "UTF-8") != 0 && strcasecmp(set, "utf8") != 0);
	i18n_ascii(ascii);
	if (ascii)
		bind_textdomain_codeset(PACKAGE, "UTF-8");
#endif
	current = effective();
}

/* The first language of LANGUAGE that lang_list has, else the locale's. */
static const char *effective(void)
{
	const char *l = getenv("LANGUAGE");
	while (l && *l) {
		char one[32], code[8];
		size_t n = strcspn(l, ":");
		snprintf(one, sizeof one, "%.*s", (int)(n < sizeof one ? n : 0), l);
		language_of(one, code, sizeof code);
		if (lang_find(code))
			return lang_find(code)->code;
		l += n + (l[n] == ':');
	}
	return lang_find(asked) ? lang_find(asked)->code : "en";
}

bool lang_choose(const char *code)
{
	if (code && *code && !lang_find(code))
		return false;
#if ENABLE_NLS
	if (code && *code) {
		const char *msgs = setlocale(LC_MESSAGES, NULL);
		if (msgs && (strcmp(msgs, "C") == 0 || strcmp(msgs, "POSIX") == 0))
			setlocale(LC_MESSAGES, "C.UTF-8");
		setenv("LANGUAGE", code, 1);
	} else if (given_language) {
		setenv("LANGUAGE", given_language, 1);
	} else {
		unsetenv("LANGUAGE");
	}
	/* gettext keeps what it found: this tells it the catalogs changed
	 * (the GNU gettext manual's way to switch languages at run time). */
	extern int _nl_msg_cat_cntr;
	++_nl_msg_cat_cntr;
#endif
	current = effective();
	return true;
}

const char *lang_code(void)
{
	return current;
}

const char *i18n_context(const char *id, const char *msg)
{
#if ENABLE_NLS
	const char *t = gettext(id);
	return i18n_show_or(t == id ? msg : t, msg);
#else
	(void)id;
	return msg;
#endif
}

const char *i18n_context_of(const char *ctx, const char *msg)
{
	char id[256];
	if ((size_t)snprintf(id, sizeof id, "%s\004%s", ctx, msg) >= sizeof id)
		return i18n_show(msg);
	return i18n_context(id, msg);
}
