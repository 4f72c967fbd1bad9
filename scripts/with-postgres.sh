#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a private, throw-away PostgreSQL cluster
# (initdb in a temporary folder, a free port, stopped and removed at exit).
# Usage: scripts/with-postgres.sh npm test
set -euo pipefail
bindir=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
dir=$(mktemp -d /tmp/yiguan-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
cleanup() { run "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
run "$bindir/initdb" -D "$dir/data" -U yiguan --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
run "$bindir/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" -l "$dir/log" -w start >/dev/null
export DATABASE_URL="postgres://yiguan@127.0.0.1:$port/postgres"
echo "[with-postgres] PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"
"$@"
