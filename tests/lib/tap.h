/* A minimal TAP producer for the unit tests: plan at the end. */
#ifndef LO_TAP_H
#define LO_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed;

static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;
	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond)
		tap_failed++;
	fflush(stdout);
	return cond;
}

static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A check that cannot run here, said as TAP's skip (never an "ok"). */
static inline void tap_skip(const char *fmt, ...)
{
	va_list ap;
	printf("ok %d # SKIP ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#define tap_is(got, want, ...) \
	(tap_ok((long long)(got) == (long long)(want), __VA_ARGS__) ? 1 : \
	 (tap_diag("  got %lld, want %lld", (long long)(got), (long long)(want)), 0))

/* SANITIZED: built with ASan or TSan, whose allocator and shadow memory
 * no measurement of memory or ulimit -v can go by (gcc and clang). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

#endif
