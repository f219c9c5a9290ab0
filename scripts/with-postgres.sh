#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL on a free loopback port, then stops it by its PID.
# Usage: scripts/with-postgres.sh <command...>   (exports DATABASE_URL for the command; see scripts/postgres.ts)
exec node --import tsx "$(dirname "$0")/postgres.ts" "$@"
