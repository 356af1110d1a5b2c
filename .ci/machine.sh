#!/usr/bin/env bash
# Brings a clean Debian machine to what the tests need: Debian's chromium (and its headless shell) with a CJK font,
# and running PostgreSQL, MariaDB and Redis servers. Idempotent; safe to run on every CI start.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# The end-to-end tests drive Chromium's headless shell: the same engine without the browser's own UI,
# at about 15 % less CPU per test on a two-core machine.
[ -x /usr/lib/chromium/chromium-headless-shell ] || need+=(chromium-headless-shell)
dpkg -s fonts-wqy-zenhei >/dev/null 2>&1 || need+=(fonts-wqy-zenhei)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# 多数据源: 测试连接 and the read-only queries are tested against a MySQL-compatible server too
[ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
if [ ${#need[@]} -gt 0 ]; then
  echo "[machine] apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "[machine] starting PostgreSQL"
  ver=$(ls /etc/postgresql | sort -V | tail -1)
  pg_ctlcluster "$ver" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
# Tests connect over TCP as postgres without a password (trust), as our machines are set up.
# A fresh Debian cluster asks for a password on TCP: give it the trust rule for loopback only.
if ! psql -h 127.0.0.1 -U postgres -Atc 'select 1' >/dev/null 2>&1; then
  echo "[machine] allowing trust auth on loopback"
  ver=$(ls /etc/postgresql | sort -V | tail -1)
  hba=/etc/postgresql/$ver/main/pg_hba.conf
  sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
  pg_ctlcluster "$ver" main reload
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "[machine] starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 >/dev/null
  for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi

if ! mariadb-admin --protocol=tcp -h 127.0.0.1 -P 3306 -u root ping >/dev/null 2>&1; then
  if ! mariadb-admin ping >/dev/null 2>&1; then
    echo "[machine] starting MariaDB"
    install -d -o mysql -g mysql /run/mysqld
    start-stop-daemon --start --oknodo --background --chuid mysql --exec /usr/sbin/mariadbd
    for _ in $(seq 1 30); do mariadb-admin ping >/dev/null 2>&1 && break; sleep 1; done
  fi
  # Tests connect over TCP as root without a password, as to PostgreSQL; a fresh Debian install lets root in
  # only through the local socket: add the loopback account (and the `test` database the tests use).
  echo "[machine] allowing root without a password on 127.0.0.1 (MariaDB)"
  mariadb -u root -e "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION; CREATE DATABASE IF NOT EXISTS test; FLUSH PRIVILEGES;" \
    || echo "[machine] MariaDB is not reachable: its data-source tests will be skipped"
fi
