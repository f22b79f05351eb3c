#!/usr/bin/env bash
# Every check and test of the product, in the order a failure is cheapest to find. With TEST_DATABASE_URL
# set, the API suites run on PGlite and again on that PostgreSQL server.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$1"; }

step "format"; npx prettier --check . --log-level warn
step "lint"; npx eslint . --max-warnings 0
step "import cycles and file names"; node scripts/check-import-cycles.mjs && node scripts/check-file-names.mjs
step "types"; npm run --silent typecheck
step "migrations"; bash scripts/check-migration-drift.sh
step "locale catalogues"; node scripts/check-locales.mjs
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "note: TEST_DATABASE_URL is not set: the API suites run on PGlite only."
fi
step "unit and API tests"; npx vitest run
step "build"; npm run --silent build
step "page tests (Chromium)"; npm run --silent test:e2e
