/* Hot loops built twice, for AVX2 and for any x86-64, the best chosen at
 * load time (an ifunc).  ThreadSanitizer cannot run an ifunc resolver
 * before it has started itself, so its builds take the plain version.
 * clang gives even a static clone a global resolver (name.resolver), so
 * every cloned function needs a name of its own across the library. */
#ifndef LO_CLONES_H
#define LO_CLONES_H

#if defined(__SANITIZE_THREAD__)
#define LO_CLONES
#define LO_CLONES_POPCNT
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LO_CLONES
#define LO_CLONES_POPCNT
#endif
#endif
#if !defined(LO_CLONES) && (defined(__x86_64__) || defined(__i386__))
#define LO_CLONES __attribute__((target_clones("avx2", "default")))
#define LO_CLONES_POPCNT __attribute__((target_clones("popcnt", "default")))
#endif
#ifndef LO_CLONES
#define LO_CLONES
#endif
#ifndef LO_CLONES_POPCNT
#define LO_CLONES_POPCNT
#endif

#endif
