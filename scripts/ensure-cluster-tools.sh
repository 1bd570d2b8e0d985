#!/usr/bin/env bash
# npm pretest: the cluster tests run Debian's redis-server and haproxy (tests/cluster/, started on free ports by
# the tests themselves). Present: nothing to do. Missing and running as root with apt-get: install the
# packages, saying so, and leave no system service running. Missing otherwise: fail with one line that says what
# to install.
set -uo pipefail
redis="${REDIS_SERVER_PATH:-$(command -v redis-server || echo /usr/bin/redis-server)}"
haproxy="${HAPROXY_PATH:-$(command -v haproxy || echo /usr/sbin/haproxy)}"
missing=()
[ -x "$redis" ] || missing+=(redis-server)
[ -x "$haproxy" ] || missing+=(haproxy)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "npm test: ${missing[*]} missing; installing Debian's ${missing[*]} with apt-get (as root) for the cluster tests..."
  # No service started by the packages: the tests start their own on free ports.
  policy=/usr/sbin/policy-rc.d
  had_policy=0
  [ -e "$policy" ] && had_policy=1
  if [ "$had_policy" = 0 ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  status=$?
  [ "$had_policy" = 1 ] || rm -f "$policy"
  if [ "$status" -eq 0 ]; then
    echo "npm test: installed ${missing[*]}"
    exit 0
  fi
  echo "npm test: apt-get could not install ${missing[*]}; install them yourself (apt-get install ${missing[*]}) and run npm test again" >&2
  exit 1
fi

echo "npm test needs Debian's ${missing[*]} for the cluster tests: install with 'sudo apt-get install ${missing[*]}' and run npm test again" >&2
exit 1
