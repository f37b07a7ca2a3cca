/* XDG paths, atomic writes, the lock, and moving damaged files aside. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "persist/aside.h"
#include "persist/atomic.h"
#include "persist/lock.h"
#include "persist/paths.h"
#include "tap.h"

static char tmp[256];

static int mode_of(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (int)(st.st_mode & 0777) : -1;
}

int main(void)
{
	char path[4096], want[4096], err[512];
	snprintf(tmp, sizeof tmp, "/tmp/lo-persist-files.XXXXXX");
	if (!mkdtemp(tmp)) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}

	/* XDG variables count only when absolute. */
	snprintf(want, sizeof want, "%s/state", tmp);
	setenv("XDG_STATE_HOME", want, 1);
	tap_ok(paths_file(PATHS_STATE, PATHS_SAVEGAME, true, path, sizeof path, err, sizeof err) == 0,
	       "state path: %s", path);
	snprintf(want, sizeof want, "%s/state/lightsout/game.save", tmp);
	tap_ok(strcmp(path, want) == 0, "under $XDG_STATE_HOME/lightsout");
	snprintf(want, sizeof want, "%s/state/lightsout", tmp);
	tap_is(mode_of(want), 0700, "directory made with mode 0700");
	snprintf(want, sizeof want, "%s/state", tmp);
	tap_is(mode_of(want), 0700, "and its missing parent too");

	setenv("HOME", tmp, 1);
	setenv("XDG_STATE_HOME", "relative/dir", 1);
	paths_file(PATHS_STATE, PATHS_SAVEGAME, false, path, sizeof path, err, sizeof err);
	snprintf(want, sizeof want, "%s/.local/state/lightsout/game.save", tmp);
	tap_ok(strcmp(path, want) == 0, "relative XDG_STATE_HOME ignored: %s", path);
	unsetenv("XDG_DATA_HOME");
	paths_file(PATHS_DATA, PATHS_STATS, true, path, sizeof path, err, sizeof err);
	snprintf(want, sizeof want, "%s/.local/share/lightsout/stats", tmp);
	tap_ok(strcmp(path, want) == 0, "data falls back to ~/.local/share: %s", path);
	snprintf(want, sizeof want, "%s/.local/share/lightsout", tmp);
	tap_is(mode_of(want), 0700, "created 0700");
	setenv("XDG_DATA_HOME", "", 1);
	paths_file(PATHS_DATA, PATHS_STATS, false, path, sizeof path, err, sizeof err);
	snprintf(want, sizeof want, "%s/.local/share/lightsout/stats", tmp);
	tap_ok(strcmp(path, want) == 0, "empty XDG_DATA_HOME ignored");
	snprintf(want, sizeof want, "%s/afile", tmp);
	fclose(fopen(want, "w"));
	snprintf(path, sizeof path, "%s/afile/sub", tmp);
	tap_ok(paths_mkdirs(path, err, sizeof err) < 0 && strstr(err, "afile"), "a file in the way: %s", err);

	/* Atomic writes. */
	snprintf(path, sizeof path, "%s/data.txt", tmp);
	tap_ok(atomic_write(path, "first\n", 6, err, sizeof err) == 0, "write a new file");
	tap_is(mode_of(path), 0600, "private: mode 0600");
	tap_ok(atomic_write(path, "second version\n", 15, err, sizeof err) == 0, "replace it");
	size_t len;
	char *text = atomic_read(path, &len, err, sizeof err);
	tap_ok(text && len == 15 && strcmp(text, "second version\n") == 0, "read back the new contents");
	free(text);
	snprintf(want, sizeof want, "ls -a %s | grep -q '^\\.data' ", tmp);
	tap_ok(system(want) != 0, "no temporary file left behind");
	snprintf(want, sizeof want, "%s/nodir/data.txt", tmp);
	tap_ok(atomic_write(want, "x", 1, err, sizeof err) < 0 && strstr(err, "nodir"), "missing directory: %s", err);
	errno = 0;
	tap_ok(!atomic_read(want, &len, err, sizeof err) && errno == ENOENT, "reading a missing file: ENOENT");
	/* A read-only directory refuses the write.  Root writes anyway, so
	 * as root the write is tried by a child that became nobody. */
	snprintf(want, sizeof want, "%s/ro", tmp);
	mkdir(want, 0555);
	chmod(tmp, 0755);
	snprintf(want, sizeof want, "%s/ro/f", tmp);
	pid_t ro = fork();
	if (ro == 0) {
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(2);
		_exit(atomic_write(want, "x", 1, err, sizeof err) < 0 && access(want, F_OK) != 0 ? 0 : 1);
	}
	int ro_status = -1;
	waitpid(ro, &ro_status, 0);
	if (WIFEXITED(ro_status) && WEXITSTATUS(ro_status) == 2)
		tap_skip("read-only directory: root could not become nobody here");
	else
		tap_ok(WIFEXITED(ro_status) && WEXITSTATUS(ro_status) == 0, "a read-only directory refuses the write");

	/* The lock: a second taker waits, then times out. */
	int fd = lock_take(path, 0, err, sizeof err);
	tap_ok(fd >= 0, "take the lock");
	pid_t pid = fork();
	if (pid == 0) {
		int fd2 = lock_take(path, 100, err, sizeof err);
		_exit(fd2 < 0 && strstr(err, "locked by another") ? 0 : 1);
	}
	int status;
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "another process times out while it is held");
	lock_release(fd);
	pid = fork();
	if (pid == 0) {
		int fd2 = lock_take(path, 100, err, sizeof err);
		_exit(fd2 >= 0 ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "and gets it once released");

	/* A mode whatever the umask, and writes in a directory held open. */
	char shared[4200];
	snprintf(shared, sizeof shared, "%s/shared.txt", tmp);
	mode_t old_mask = umask(077);
	struct stat mst = { 0 };
	bool wrote = atomic_write_mode(shared, "x\n", 2, 0644, 0, err, sizeof err) == 0 && stat(shared, &mst) == 0;
	tap_ok(wrote && (mst.st_mode & 0777) == 0644, "atomic_write_mode: 0644 under umask 077 (%o)",
	       (unsigned)(mst.st_mode & 0777));
	umask(old_mask);
	int dfd = open(tmp, O_RDONLY | O_DIRECTORY);
	char tname[300];
	tap_ok(atomic_write_at(dfd, "shared.txt", "yz\n", 3, 0600, ATOMIC_VOLATILE, err, sizeof err) == 0 &&
	       (text = atomic_read(shared, &len, err, sizeof err)) && !strcmp(text, "yz\n"),
	       "atomic_write_at, volatile: replaced");
	free(text);
	/* A temporary left by a write killed half-way. */
	snprintf(tname, sizeof tname, ".shared.txt.AbC123");
	int tfd = openat(dfd, tname, O_WRONLY | O_CREAT | O_EXCL, 0600);
	tap_ok(tfd >= 0 && write(tfd, "t\n", 2) == 2 && close(tfd) == 0, "a temporary .NAME.XXXXXX left behind");
	struct timespec old_ts[2] = { { time(NULL) - 60, 0 }, { time(NULL) - 60, 0 } };
	utimensat(dfd, tname, old_ts, 0);
	tap_ok(atomic_sweep_at(dfd, "shared.txt", 0) == 1 && faccessat(dfd, tname, F_OK, 0) != 0,
	       "atomic_sweep_at: it goes, the file stays");
	/* Created once: whole or not at all, never over another's file. */
	time_t when = 1700000000;
	struct stat cst = { 0 };
	tap_ok(atomic_create_at(dfd, "once.txt", "mine\n", 5, 0600, 0, when) == 0 &&
	       fstatat(dfd, "once.txt", &cst, 0) == 0 && cst.st_size == 5 && cst.st_mtime == when,
	       "atomic_create_at: made whole, with the time asked");
	tap_ok(atomic_create_at(dfd, "once.txt", "theirs\n", 7, 0600, 0, 0) == 1 &&
	       fstatat(dfd, "once.txt", &cst, 0) == 0 && cst.st_size == 5,
	       "atomic_create_at: a second writer finds it there and writes nothing");
	char once[4300];
	snprintf(once, sizeof once, "%s/once2.txt", tmp);
	tap_ok(atomic_create(once, "x", 1, 0644, 0, 0) == 0 && stat(once, &cst) == 0 && (cst.st_mode & 0777) == 0644 &&
	       atomic_create(once, "y", 1, 0644, 0, 0) == 1,
	       "atomic_create: by path, its mode, once");
	DIR *cd = fdopendir(dup(dfd));
	int temps = 0;
	for (struct dirent *de; cd && (de = readdir(cd));)
		temps += de->d_name[0] == '.' && strncmp(de->d_name, ".once", 5) == 0;
	if (cd)
		closedir(cd);
	tap_ok(temps == 0, "no temporary is left beside them (%d)", temps);
	snprintf(once, sizeof once, "%s/nodir/once.txt", tmp);
	tap_ok(atomic_create(once, "x", 1, 0600, 0, 0) < 0 && errno == ENOENT, "a missing directory: -1, ENOENT");
	close(dfd);

	/* A lock on a file already open: two opens are two holders. */
	char held[4200];
	snprintf(held, sizeof held, "%s/slot.live", tmp);
	int a = open(held, O_RDWR | O_CREAT, 0600), b = open(held, O_RDWR);
	tap_ok(a >= 0 && b >= 0 && !lock_fd_held(b), "lock_fd_held: nobody holds it");
	tap_ok(lock_fd(a, 0) == 0 && lock_fd_held(b), "lock_fd taken: another sees it held");
	errno = 0;
	tap_ok(lock_fd(b, 40) < 0 && errno == EWOULDBLOCK, "and waits, then gives up (EWOULDBLOCK)");
	lock_fd_release(a);
	tap_ok(!lock_fd_held(b) && lock_fd(b, 0) == 0, "released: free, and taken");
	tap_ok(lock_fd_held(a), "the holder of b is seen from a");
	close(a);
	close(b);

	/* Damaged files are moved aside, never over another. */
	char moved[4096], moved2[4096];
	tap_ok(aside_move(path, moved, sizeof moved) == 0 && strstr(moved, "data.txt.corrupt-"), "moved aside: %s", moved);
	tap_ok(access(path, F_OK) != 0, "the original name is free");
	text = atomic_read(moved, &len, err, sizeof err);
	tap_ok(text && strcmp(text, "second version\n") == 0, "contents kept");
	free(text);
	atomic_write(path, "third\n", 6, err, sizeof err);
	tap_ok(aside_move(path, moved2, sizeof moved2) == 0 && strcmp(moved, moved2) != 0,
	       "a second one in the same second gets its own name: %s", moved2);
	text = atomic_read(moved, &len, err, sizeof err);
	tap_ok(text && strcmp(text, "second version\n") == 0, "the first is not replaced");
	free(text);
	tap_ok(aside_move(path, moved, sizeof moved) < 0 && strstr(moved, "cannot move"), "nothing to move: %s", moved);

	snprintf(want, sizeof want, "chmod -R u+w %s; rm -rf %s", tmp, tmp);
	if (system(want) != 0)
		tap_diag("cleanup failed");
	return tap_done();
}
