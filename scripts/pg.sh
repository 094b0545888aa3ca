#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the database adapters' tests (compat/pgx,
# compat/gorm, compat/bun), which read its address from SAFEJSON_PG_DSN.
#
#   scripts/pg.sh start DIR     initdb into DIR/data (DIR must be empty or new),
#                               start the server on 127.0.0.1 at a free port, its
#                               unix socket in DIR; print the DSN on stdout
#   scripts/pg.sh stop DIR      stop that server and remove DIR
#
# By hand:  d=$(mktemp -d); export SAFEJSON_PG_DSN=$(scripts/pg.sh start "$d")
#           go -C compat/pgx test ./...; scripts/pg.sh stop "$d"
#
# The server binaries are Debian's (/usr/lib/postgresql/VERSION/bin); when they are
# missing and this runs as root, the `postgresql` package is installed with apt-get
# (without the cluster Debian would create and start on port 5432). PostgreSQL
# refuses to run as root: as root the cluster belongs to the user nobody.
# Everything but the DSN goes to stderr; exit 1 when no server could be started.
set -euo pipefail

pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

install_pg() {
	[ -n "$(pgbin)" ] && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "pg.sh: installing postgresql with apt-get" >&2
		mkdir -p /etc/postgresql-common
		[ -e /etc/postgresql-common/createcluster.conf ] ||
			echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.conf
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2 ||
			echo "pg.sh: apt-get install postgresql failed" >&2
	fi
	[ -n "$(pgbin)" ] || { echo "pg.sh: no PostgreSQL server binaries (/usr/lib/postgresql/*/bin)" >&2; exit 1; }
}

# as_owner CMD…: runs CMD as the cluster's owner (nobody when we are root).
as_owner() {
	if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}

# free_port: a loopback TCP port nothing listens on now (the server may still
# lose it to another process; start retries).
free_port() {
	local p
	for _ in $(seq 50); do
		p=$((20000 + RANDOM % 30000))
		(exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null || { echo $p; return; }
	done
	return 1
}

start() {
	local dir=$1 bin port
	install_pg
	bin=$(pgbin)
	mkdir -p "$dir"
	if [ "$(id -u)" = 0 ]; then
		chown nobody "$dir"
		as_owner test -w "$dir" || { echo "pg.sh: the user nobody cannot write $dir (a parent directory closed to it?): use a DIR under /tmp" >&2; exit 1; }
	fi
	as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
	for _ in 1 2 3 4 5; do
		port=$(free_port)
		if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
			-o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >&2; then
			echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
			return
		fi
	done
	cat "$dir/server.log" >&2
	exit 1
}

stop() {
	local dir=$1
	[ -d "$dir" ] || return 0
	if [ -f "$dir/data/postmaster.pid" ]; then
		as_owner "$(pgbin)/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
	fi
	rm -rf "$dir"
}

case ${1:-} in
start | stop) [ -n "${2:-}" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }; "$1" "$2" ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
