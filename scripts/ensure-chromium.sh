#!/usr/bin/env bash
# npm pretest: the browser tests drive Debian's Chromium at /usr/bin/chromium (never a downloaded browser).
# Present: nothing to do. Missing and running as root with apt-get: install the `chromium` package, saying so.
# Missing otherwise: fail with one line that says what to install.
set -uo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "npm test: $chromium is missing; installing Debian's chromium package with apt-get (as root) for the browser tests..."
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; then
    echo "npm test: installed $("$chromium" --version 2>/dev/null || echo chromium)"
    exit 0
  fi
  echo "npm test: apt-get could not install chromium; install it yourself (apt-get install chromium) and run npm test again" >&2
  exit 1
fi

echo "npm test needs Debian's chromium at $chromium for the browser tests: install it with 'sudo apt-get install chromium' and run npm test again" >&2
exit 1
