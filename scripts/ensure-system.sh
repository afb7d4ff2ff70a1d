#!/usr/bin/env bash
# Makes sure the system programs the suites run against are here: a real
# redis-server for the differential suite, gcc to build its frozen-clock shim
# (packages/redis-sim/test/differential/clock-shim), Debian's chromium (its headless shell drives
# the browser suite; the full browser, the bench), xmllint for the
# course packages' manifests (tests/lms-packages.test.ts) and a CJK font, so
# the console's log draws ideographs at a CJK font's width, as a learner's
# browser does, not as a box of one cell (e2e/console-wrap.spec.ts).
# Installs what is missing when it can (root on Debian), otherwise stops with
# one line that says what to install. It never skips a suite silently.
set -euo pipefail

declare -A want=([redis-server]=redis-server [chromium]=chromium [chromium-headless-shell]=chromium-headless-shell [gcc]='gcc libc6-dev' [xmllint]=libxml2-utils)
# files, for the packages that bring no program
declare -A want_file=([/usr/share/fonts/truetype/wqy/wqy-microhei.ttc]=fonts-wqy-microhei)
missing=()
for bin in "${!want[@]}"; do
  if ! command -v "$bin" >/dev/null 2>&1; then missing+=(${want[$bin]}); fi
done
for file in "${!want_file[@]}"; do
  [ -e "$file" ] || missing+=(${want_file[$file]})
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-system: installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  for bin in "${!want[@]}"; do
    command -v "$bin" >/dev/null 2>&1 || { echo "ensure-system: $bin is still missing after apt-get; install it: apt-get install -y ${want[$bin]}" >&2; exit 1; }
  done
  for file in "${!want_file[@]}"; do
    [ -e "$file" ] || { echo "ensure-system: $file is still missing after apt-get; install it: apt-get install -y ${want_file[$file]}" >&2; exit 1; }
  done
  exit 0
fi

echo "ensure-system: the tests need ${missing[*]}; install with: sudo apt-get install -y ${missing[*]}" >&2
exit 1
