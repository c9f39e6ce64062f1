#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Installs it with apt when it is absent (as root, or
# through passwordless sudo); otherwise says what to install. Reuses an installed one.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
  echo "chromium: using $CHROMIUM"
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  run() { "$@"; }
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  run() { sudo -n "$@"; }
else
  echo "chromium is not installed at $CHROMIUM and this user cannot install packages: run 'apt-get install chromium' as root, or set CHROMIUM_PATH" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "chromium is not installed at $CHROMIUM and there is no apt-get: install Chromium and set CHROMIUM_PATH" >&2
  exit 1
fi
echo "chromium: installing Debian's package (apt-get)"
export DEBIAN_FRONTEND=noninteractive
run apt-get update -qq
run apt-get install -y -qq --no-install-recommends chromium >/dev/null
[ -x "$CHROMIUM" ] || { echo "apt installed chromium but $CHROMIUM is missing; set CHROMIUM_PATH" >&2; exit 1; }
echo "chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
