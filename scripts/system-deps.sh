#!/bin/sh
# Debian packages the test suite needs: espeak-ng and sox make the test speech, libsox-fmt-mp3
# lets sox write mp3, chromium runs the browser tests (tests/web, driven by Playwright). A fast
# no-op when they are all present; installs them when run as root, otherwise says what to
# install and fails.
set -eu

PACKAGES="espeak-ng sox libsox-fmt-mp3 chromium"
missing=""
for pkg in $PACKAGES; do
    case "$pkg" in
        espeak-ng|sox|chromium) command -v "$pkg" >/dev/null 2>&1 && continue ;;
        *) dpkg -s "$pkg" >/dev/null 2>&1 && continue ;;
    esac
    missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "system-deps: installing$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
else
    echo "system-deps: missing Debian packages:$missing" >&2
    echo "install them with: sudo apt-get install -y$missing" >&2
    exit 1
fi
