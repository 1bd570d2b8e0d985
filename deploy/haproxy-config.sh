#!/bin/sh
# Prints deploy/haproxy.cfg with one server line per replica given (a port on 127.0.0.1, or host:port), for any
# number of replicas:  deploy/haproxy-config.sh 4011 4012 > /tmp/mock-haproxy.cfg
set -eu
if [ "$#" -eq 0 ]; then
  echo "usage: deploy/haproxy-config.sh REPLICA_PORT... (or HOST:PORT...)" >&2
  exit 2
fi
cat "$(dirname "$0")/haproxy.cfg"
n=0
for replica in "$@"; do
  n=$((n + 1))
  case "$replica" in
    *:*) address=$replica ;;
    *) address=127.0.0.1:$replica ;;
  esac
  echo "    server replica$n $address check inter 500 fall 1 rise 1"
done
