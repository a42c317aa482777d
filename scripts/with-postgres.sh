#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL on a loopback port, then stops it and removes it.
# The command sees BILLFOLD_TEST_POSTGRES_URL (an admin URL; tests create a database each).
#   scripts/with-postgres.sh swift test
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "with-postgres: PostgreSQL is not installed (run: make deps)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/billfold-pg.XXXXXX)
chmod 755 "$dir"
port=${BILLFOLD_TEST_POSTGRES_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
as_postgres=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_postgres=(runuser -u postgres --)
fi

stop() {
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_postgres[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_postgres[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

export BILLFOLD_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"
