#!/bin/sh
# Regenerate the build system from configure.ac and Makefile.am.
set -e
cd "$(dirname "$0")"
mkdir -p build-aux m4
# The TAP driver ships with automake but is not copied by --add-missing.
cp -f "$(automake --print-libdir)/tap-driver.sh" build-aux/
autoreconf --install --force
