#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when it is missing and this user may (root with apt-get).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "The browser tests need Debian's chromium at /usr/bin/chromium: sudo apt-get install chromium" >&2
  exit 1
fi
