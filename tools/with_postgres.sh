#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL cluster on 127.0.0.1, its POSTGRES_* variables exported.
# The cluster lives in a temporary folder and is stopped and removed when the command ends, however it ends.
# Without PostgreSQL's server binaries the command runs as is (the PostgreSQL tests then skip, unless
# BOARDCORE_REQUIRE_POSTGRES=1, which .ci/run sets after installing the server).
set -euo pipefail

pg_bin=""
for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then pg_bin=$dir; break; fi
done
if [ -z "$pg_bin" ] && command -v initdb >/dev/null 2>&1; then pg_bin=$(dirname "$(command -v initdb)"); fi
if [ -z "$pg_bin" ]; then
  echo "with_postgres: no PostgreSQL server found; running without it" >&2
  exec "$@"
fi

cluster=$(mktemp -d /tmp/boardcore-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
as_owner=()
if [ "$(id -u)" = 0 ]; then  # initdb refuses to run as root
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$cluster"
  as_owner=(runuser -u postgres --)
fi

pg() { (cd "$cluster" && "${as_owner[@]}" "$@"); }  # run as the cluster's owner, from a folder it may enter

stop() {
  pg "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap stop EXIT INT TERM

printf '%s\n' "$password" > "$cluster/pw"
chmod 600 "$cluster/pw"
[ ${#as_owner[@]} -eq 0 ] || chown postgres "$cluster/pw"
pg "$pg_bin/initdb" -D "$cluster/data" -U boardcore --pwfile="$cluster/pw" \
  --auth-local=trust --auth-host=scram-sha-256 >"$cluster/initdb.log" 2>&1 \
  || { cat "$cluster/initdb.log" >&2; exit 1; }
pg "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c fsync=off" start >/dev/null \
  || { cat "$cluster/server.log" >&2; exit 1; }
pg "$pg_bin/createdb" -h "$cluster" -p "$port" -U boardcore boardcore_test

export POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=$port POSTGRES_USER=boardcore
export POSTGRES_PASSWORD=$password POSTGRES_DBNAME=boardcore_test
echo "with_postgres: throwaway cluster on 127.0.0.1:$port" >&2
"$@"
