#!/usr/bin/env bash
# The OpenAPI document is what the server does: schemathesis (pinned, installed with pip into a
# virtualenv under the cache directory) fuzzes the running service from /v1/openapi.json, once without
# API keys and once with them, a bounded number of examples per operation. Any finding fails the run.
# Usage: bash scripts/schemathesis.sh [examples per operation, default 50]
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=4.32.5
EXAMPLES=${1:-50}
CACHE=${CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/movie-graph-research}
VENV="$CACHE/schemathesis-$VERSION"
if [ ! -x "$VENV/bin/schemathesis" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --disable-pip-version-check --quiet "schemathesis==$VERSION"
fi

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Starts the service on a free port (in this shell, so $pid is its process); sets $url.
start() {
  local log="$work/server-$1.log"
  env PORT=0 WORKERS=0 EMBEDDER=corpus CHAT_MODEL=none RATE_LIMIT_PER_MINUTE=0 RUNS_DIR="$work/runs-$1" EVAL_DIR="$work/evals" API_KEYS="$2" \
    node --import tsx src/main.ts >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    url=$(grep -o '"msg":"listening","url":"[^"]*"' "$log" | sed 's/.*"url":"\([^"]*\)"/\1/' || true)
    if [ -n "$url" ]; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then cat "$log" >&2; return 1; fi
    sleep 0.5
  done
  echo "the service did not start" >&2
  return 1
}

fuzz() {
  local url=$1
  shift
  "$VENV/bin/schemathesis" run "$url/v1/openapi.json" --checks all --max-examples "$EXAMPLES" --seed 1 "$@"
}

status=0
start open ""
echo "schemathesis $VERSION against $url (no API keys)"
fuzz "$url" || status=1
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""

key="st-$(od -An -tx1 -N8 /dev/urandom | tr -d ' \n')"
start keys "$key"
echo "schemathesis $VERSION against $url (API keys required)"
fuzz "$url" -H "Authorization: Bearer $key" || status=1
exit $status
