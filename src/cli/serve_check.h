/* lightsout serve --check: whether a public account (lightsout serve) is
 * set up so that keys are players, guests get in through sshd alone, and
 * local users can read its leaderboard -- as sshd will really apply it. */
#ifndef LO_SERVE_CHECK_H
#define LO_SERVE_CHECK_H

#include <stdio.h>

typedef struct serve_check_files {
	const char *sshd_config;	/* given to sshd -T -f; NULL: sshd's own */
	const char *pam;		/* sshd's PAM stack; NULL: /etc/pam.d/sshd */
	const char *shadow;		/* NULL: /etc/shadow */
} serve_check_files;

/* Check account, printing an "ok" line for each part that passed and each
 * problem with the command that fixes it, then "N problems" or "ready".
 * Returns the number of problems, or -1 when the check cannot run (not
 * root: sshd -T reads the host keys), said on out. */
int serve_check(const char *account, const serve_check_files *files, FILE *out);

#endif
