#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a private, throw-away PostgreSQL cluster
# (initdb in a temporary folder, a free port, stopped and removed at exit).
# With pgbouncer installed, DATABASE_URL goes through a private pgbouncer in transaction mode in front of the cluster
# (DATABASE_POOLER=transaction), as a pooled production would: every PostgreSQL suite then runs through the pooler.
# What must reach the server itself goes direct: the cache bus's LISTEN (DATABASE_LISTEN_URL) and the tests' admin
# work, CREATE DATABASE … TEMPLATE and DROP DATABASE (DATABASE_DIRECT_URL). WITH_PGBOUNCER=0 runs direct.
# Usage: scripts/with-postgres.sh npm test
set -euo pipefail
bindir=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
# The cluster lives in memory (tmpfs) when the machine has one: every suite's CREATE DATABASE … TEMPLATE copies the
# seeded demo's files, which on a disk file system cost more kernel time than the copy itself (inode allocation,
# journal, write-back of files dropped seconds later). fsync is off anyway: nothing here is meant to outlive the run.
root=/tmp
[ -d /dev/shm ] && [ -w /dev/shm ] && root=/dev/shm
dir=$(mktemp -d "$root/yiguan-pg.XXXXXX")
freeport() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
port=$(freeport)
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
cleanup() {
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  run "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
run "$bindir/initdb" -D "$dir/data" -U yiguan --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
run "$bindir/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" -l "$dir/log" -w start >/dev/null
direct="postgres://yiguan@127.0.0.1:$port/postgres"
export DATABASE_URL="$direct"
echo "[with-postgres] PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"

pgbouncer=$(command -v pgbouncer || ls /usr/sbin/pgbouncer 2>/dev/null || true)
if [ "${WITH_PGBOUNCER:-1}" = 0 ]; then
  echo "[with-postgres] WITH_PGBOUNCER=0: DATABASE_URL goes to PostgreSQL directly"
elif [ -z "$pgbouncer" ]; then
  echo "[with-postgres] pgbouncer not installed: DATABASE_URL goes to PostgreSQL directly (apt-get install pgbouncer to test through the pooler)"
else
  bport=$(freeport)
  # Any database name (the tests create one per suite) maps to the same name on the cluster. Up to 20 server
  # connections per database, as many as two server processes' pools hold direct; idle ones close after a few seconds.
  cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bport
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
server_idle_timeout = 5
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
  echo '"yiguan" ""' > "$dir/userlist.txt"
  [ "$(id -u)" = 0 ] && chown postgres "$dir/pgbouncer.ini" "$dir/userlist.txt"
  run "$pgbouncer" -d "$dir/pgbouncer.ini"
  for _ in $(seq 50); do "$bindir/pg_isready" -q -h 127.0.0.1 -p "$bport" -d postgres && break; sleep 0.1; done
  if ! "$bindir/pg_isready" -q -h 127.0.0.1 -p "$bport" -d postgres; then
    echo "[with-postgres] pgbouncer did not start:"; tail -n 5 "$dir/pgbouncer.log" 2>/dev/null; exit 1
  fi
  export DATABASE_URL="postgres://yiguan@127.0.0.1:$bport/postgres"
  export DATABASE_POOLER=transaction
  export DATABASE_LISTEN_URL="$direct"
  export DATABASE_DIRECT_URL="$direct"
  echo "[with-postgres] pgbouncer $("$pgbouncer" --version | awk 'NR==1{print $2}') (transaction mode) on port $bport: DATABASE_URL through it, LISTEN and admin work direct"
fi
"$@"
