/* How many threads a search may run: the cores this process is allowed
 * (its CPU affinity, and the cgroup quota where one is set: v2 or v1),
 * or what --threads or LIGHTSOUT_THREADS says instead.  The engine is
 * handed the count; it reads no files and no environment. */
#ifndef LO_CORES_H
#define LO_CORES_H

#include <stddef.h>

#include "engine/search.h"

#define CORES_MAX SEARCH_MAX_THREADS	/* the most threads a search starts */

/* The cgroup quota of the process's cgroup and those above it, in cores
 * rounded up, the least of them: v2's cpu.max "QUOTA PERIOD", or where
 * v2 sets none, v1's cpu.cfs_quota_us over cpu.cfs_period_us (under
 * /sys/fs/cgroup/cpu,cpuacct or .../cpu); 0 when none is set ("max", -1)
 * or it cannot be read.  root prefixes the paths (/proc/self/cgroup and
 * /sys/fs/cgroup/...): "" for the real ones, a folder of fakes in tests. */
int cores_quota(const char *root);

/* The CPUs in the affinity mask, at least 1. */
int cores_affinity(void);

/* The threads to run: option (NULL when not given) over the environment
 * variable's value (NULL when unset) over what is allowed (affinity and
 * quota), at most CORES_MAX.  *from says which decided ("--threads",
 * "LIGHTSOUT_THREADS", "detected").  -1 with err on a bad value. */
int cores_threads(const char *option, const char *env, int *threads, const char **from, char *err, size_t errlen);

#endif
