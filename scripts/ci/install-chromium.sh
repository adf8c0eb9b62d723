#!/usr/bin/env bash
# Debian's Chromium for the browser tests (test/browser, driven by playwright-core; never
# `npx playwright install`, which downloads a browser build from a CDN). Called by .ci/run
# before `npm test`; runs as root on a fresh Debian machine. Does nothing when it is there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "[chromium] $(/usr/bin/chromium --version 2>/dev/null || echo present) at /usr/bin/chromium"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends chromium
echo "[chromium] installed: $(/usr/bin/chromium --version)"
