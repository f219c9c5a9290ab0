#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL on a free loopback port, then stops it by its PID.
# Usage: scripts/with-postgres.sh <command...>   (exports DATABASE_URL for the command)
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bindir/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2; exit 1; }
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
dir=$(mktemp -d /tmp/pgtest.XXXXXX)
chown postgres "$dir"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
pid=$(head -1 "$dir/data/postmaster.pid")
cleanup() { kill -INT "$pid" 2>/dev/null || true; while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done; rm -rf "$dir"; }
trap cleanup EXIT
as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres app
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/app"
echo "[with-postgres] PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (pid $pid)"
"$@"
