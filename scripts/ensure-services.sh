#!/usr/bin/env bash
# Makes sure the services the test suite talks to answer on this machine:
#   PostgreSQL on 127.0.0.1:5432 with a database "test" the current OS user may use, and
#   Redis on 127.0.0.1:6379.
# A stopped service is started; a missing one is installed from the Debian packages first.
# A freshly installed PostgreSQL trusts connections from this machine (it only serves tests).
set -euo pipefail

pg_port=${POSTGRES_PORT:-5432}
pg_cluster=${POSTGRES_CLUSTER:-main}
redis_port=${REDIS_PORT:-6379}
me=$(id -un)

say() { echo "ensure-services: $*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else say "needs root to run: $*" >&2; return 1
  fi
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

# Retries a check once a second, for at most 30 seconds.
wait_until() {
  local what=$1; shift
  for _ in $(seq 30); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  say "$what did not answer within 30 seconds" >&2
  return 1
}

postgres_ready() { pg_isready -q -h 127.0.0.1 -p "$pg_port"; }
redis_ready() { [ "$(redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null)" = PONG ]; }
postgres_installed() { command -v pg_ctlcluster >/dev/null && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; }
newest_postgres_version() { ls /etc/postgresql | sort -V | tail -n 1; }

install_missing_packages() {
  local missing=()
  if ! postgres_ready && ! postgres_installed; then missing+=(postgresql); fi
  if ! redis_ready && ! command -v redis-server >/dev/null; then missing+=(redis-server); fi
  if [ ${#missing[@]} -eq 0 ]; then return 0; fi
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then trust_local_connections "$(newest_postgres_version)"; fi
}

# Debian's default asks for a password over TCP; the test cluster lets local connections in.
trust_local_connections() {
  local hba="/etc/postgresql/$1/$pg_cluster/pg_hba.conf"
  as_root sed -E -i 's#^(host\s+all\s+all\s+(127\.0\.0\.1/32|::1/128)\s+)\S+\s*$#\1trust#' "$hba"
  # The package may have started the cluster already; it must read the new rules.
  if postgres_ready; then as_root pg_ctlcluster --skip-systemctl-redirect "$1" "$pg_cluster" reload; fi
}

ensure_postgres() {
  if postgres_ready; then
    say "PostgreSQL answers on 127.0.0.1:$pg_port"
  else
    local version
    version=$(newest_postgres_version)
    say "starting PostgreSQL $version cluster $pg_cluster"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$pg_cluster" start
    wait_until "PostgreSQL on 127.0.0.1:$pg_port" postgres_ready
  fi
  ensure_test_database
}

ensure_test_database() {
  if psql -h 127.0.0.1 -p "$pg_port" -d test -Atqc 'select 1' >/dev/null 2>&1; then return 0; fi
  say "creating the PostgreSQL role $me and the database test"
  if [ "$(as_postgres psql -p "$pg_port" -Atqc "select count(*) from pg_roles where rolname = '$me'")" = 0 ]; then
    as_postgres createuser -p "$pg_port" --superuser "$me"
  fi
  if [ "$(as_postgres psql -p "$pg_port" -Atqc "select count(*) from pg_database where datname = 'test'")" = 0 ]; then
    as_postgres createdb -p "$pg_port" --owner "$me" test
  fi
  psql -h 127.0.0.1 -p "$pg_port" -d test -Atqc 'select 1' >/dev/null
}

ensure_redis() {
  if redis_ready; then
    say "Redis answers on 127.0.0.1:$redis_port"
    return 0
  fi
  say "starting Redis on 127.0.0.1:$redis_port"
  # Counters only: no snapshots, no append-only file.
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no >/dev/null
  wait_until "Redis on 127.0.0.1:$redis_port" redis_ready
}

install_missing_packages
ensure_postgres
ensure_redis
