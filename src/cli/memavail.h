/* How much memory a command may still take, to refuse a giant board
 * with the figure instead of failing part way: the least of the kernel's
 * MemAvailable, what ulimit -v (RLIMIT_AS) leaves of the address space,
 * and what the cgroup's memory.max leaves.  The engine is handed the
 * figure; it reads no files. */
#ifndef LO_MEMAVAIL_H
#define LO_MEMAVAIL_H

/* Bytes, and in *from which bound decided ("MemAvailable", "ulimit -v",
 * "the cgroup's memory.max"); a very large figure when none can be read.
 * root prefixes /proc and /sys paths: "" for the real ones, a folder of
 * fakes in tests. */
long long memavail_bytes(const char *root, const char **from);

/* n bytes in words: "412 MB", "1.3 GB". */
void memavail_words(long long n, char *buf, unsigned len);

#endif
