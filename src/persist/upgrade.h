/* A host that lightsout 0.1.1 (or before) kept in files is read into
 * its database once, on the first start of a version that has one:
 * every player's name (and since when it is theirs), last login and last
 * rename (with the name it left, still kept for them), and the new
 * players each client address made that day.  The names' keys are not
 * read: the players' names are the truth, and the re-key that follows
 * (roster_rekey) keys them again.  Offers (ten minutes) are not carried.
 * The files read are then set aside, renamed, never deleted. */
#ifndef LO_UPGRADE_H
#define LO_UPGRADE_H

#include <stddef.h>

#include "persist/store.h"

/* Read dir's files into s, in the transaction the caller began (it sets
 * the "imported" mark in the same one): the players read, or -1 with why. */
int upgrade_host(const char *dir, store *s, char *why, size_t len);

/* The files upgrade_host read, renamed FILE.imported (names/,
 * addresses/, offers/, and each player's name, seen and renamed), once
 * the database holding them is committed. */
void upgrade_set_aside(const char *dir);

#endif
