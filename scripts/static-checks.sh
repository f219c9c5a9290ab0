#!/usr/bin/env bash
# The static checks of `npm test`: all of them, failing if any fails. eslint takes longest and keeps one core busy,
# so it runs beside the others, one after another (the machine has 2 cores); each check's output is printed whole
# when it ends, with its time.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# check <name> <command...>: runs it, then prints its output and time; the exit code is kept in $out/<name>.rc.
check() {
  local name=$1 began rc
  shift
  began=$(date +%s)
  "$@" >"$out/$name.log" 2>&1
  rc=$?
  echo "$rc" >"$out/$name.rc"
  cat "$out/$name.log"
  echo "[static-checks] $name: $([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)") in $(($(date +%s) - began))s"
}

check lint npm run -s lint &
check typecheck npm run -s typecheck
check format npm run -s format:check
check validate-configs npm run -s validate:configs
check gen-types npm run -s gen:types -- --check
check gen-blocks npm run -s gen:blocks -- --check
wait

failed=$(grep -Lx 0 "$out"/*.rc | xargs -rn1 basename | sed 's/\.rc$//' | tr '\n' ' ')
[ -z "$failed" ] || { echo "[static-checks] failed: $failed"; exit 1; }
