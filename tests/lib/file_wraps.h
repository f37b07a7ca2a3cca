/* The file calls wrapped at link time (FILE_WRAPS in Makefile.am),
 * for a test that counts what a piece of the game touches: each calls
 * file_wrapped(call, dirfd, path), which the test defines, then the real
 * one.  A rename or a link is given its new name. */
#ifndef LO_TEST_FILE_WRAPS_H
#define LO_TEST_FILE_WRAPS_H

#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>

static void file_wrapped(const char *call, int dirfd, const char *path);

#define FILE_WRAP(ret, name, params, path, args) \
	ret __real_##name params; \
	ret __wrap_##name params; \
	ret __wrap_##name params { file_wrapped(#name, AT_FDCWD, path); return __real_##name args; }
FILE_WRAP(FILE *, fopen, (const char *p, const char *m), p, (p, m))
FILE_WRAP(int, mkdir, (const char *p, mode_t m), p, (p, m))
FILE_WRAP(int, mkstemp, (char *t), t, (t))
FILE_WRAP(int, stat, (const char *p, struct stat *st), p, (p, st))
FILE_WRAP(int, lstat, (const char *p, struct stat *st), p, (p, st))
FILE_WRAP(int, access, (const char *p, int m), p, (p, m))
FILE_WRAP(int, rename, (const char *a, const char *b), b, (a, b))
FILE_WRAP(int, unlink, (const char *p), p, (p))
FILE_WRAP(int, link, (const char *a, const char *b), b, (a, b))
FILE_WRAP(DIR *, opendir, (const char *p), p, (p))
#undef FILE_WRAP

/* open and openat take a mode only with O_CREAT. */
int __real_open(const char *p, int flags, ...);
int __wrap_open(const char *p, int flags, ...);
int __wrap_open(const char *p, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t m = (flags & O_CREAT) ? (mode_t)va_arg(ap, int) : 0;
	va_end(ap);
	file_wrapped("open", AT_FDCWD, p);
	return __real_open(p, flags, m);
}
int __real_openat(int d, const char *p, int flags, ...);
int __wrap_openat(int d, const char *p, int flags, ...);
int __wrap_openat(int d, const char *p, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t m = (flags & O_CREAT) ? (mode_t)va_arg(ap, int) : 0;
	va_end(ap);
	file_wrapped("openat", d, p);
	return __real_openat(d, p, flags, m);
}

#endif
