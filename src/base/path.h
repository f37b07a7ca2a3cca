/* The one size of a buffer that holds a path the program makes: longer
 * than any path the system opens (PATH_MAX), so a path cut short to fit
 * is still one it refuses (ENAMETOOLONG), never another, shorter file. */
#ifndef LO_PATH_H
#define LO_PATH_H

#include <limits.h>

enum { PATH_LEN = PATH_MAX + 512 };

#endif
