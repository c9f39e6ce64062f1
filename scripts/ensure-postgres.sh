#!/usr/bin/env bash
# `npm run postgres -- start` runs a PostgreSQL server from Debian's packages. Installs the package
# `postgresql` with apt when no server binaries are under /usr/lib/postgresql/*/bin (as root, or
# through passwordless sudo); otherwise says what to install. Reuses an installed one. Prints the
# binaries' folder last, on stdout.
set -euo pipefail
ROOT=${POSTGRES_LIB_ROOT:-/usr/lib/postgresql}

found() {
  local dir
  # The newest major version whose server binaries are all there.
  for dir in $(ls -d "$ROOT"/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] && [ -x "$dir/psql" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if dir=$(found); then
  echo "postgres: using $dir" >&2
  echo "$dir"
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  run() { "$@"; }
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  run() { sudo -n "$@"; }
else
  echo "PostgreSQL's server is not installed (no initdb, pg_ctl and postgres under $ROOT/*/bin) and this user cannot install packages: run 'apt-get install postgresql' as root" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "PostgreSQL's server is not installed (no initdb, pg_ctl and postgres under $ROOT/*/bin) and there is no apt-get: install PostgreSQL's server binaries there" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt_install() { run apt-get install -y -qq --no-install-recommends postgresql >/dev/null; }
started=$(date +%s)
echo "postgres: installing Debian's package postgresql (apt-get)" >&2
# The package lists are refreshed only when apt knows no candidate or the install fails with them.
if ! apt-cache policy postgresql 2>/dev/null | grep -Eq 'Candidate: [0-9]'; then
  run apt-get update -qq || { echo "apt-get update failed; cannot install postgresql" >&2; exit 1; }
  apt_install || { echo "apt-get install postgresql failed (see above)" >&2; exit 1; }
elif ! apt_install; then
  echo "postgres: apt-get install failed with the current package lists; updating them and trying again" >&2
  run apt-get update -qq || { echo "apt-get update failed; cannot install postgresql" >&2; exit 1; }
  apt_install || { echo "apt-get install postgresql failed (see above)" >&2; exit 1; }
fi
dir=$(found) || { echo "apt installed postgresql but no server binaries are under $ROOT/*/bin" >&2; exit 1; }
echo "postgres: installed $("$dir/postgres" --version) in $(($(date +%s) - started)) s" >&2
# Debian's package may create and start its own cluster ("main", port 5432); ours is separate.
if command -v pg_lsclusters >/dev/null && pg_lsclusters -h 2>/dev/null | grep -q ' online'; then
  echo "postgres: note: Debian's own cluster runs too (pg_lsclusters); it holds its port, so give ours another POSTGRES_PORT" >&2
fi
echo "$dir"
