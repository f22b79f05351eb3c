#!/usr/bin/env bash
# One command from a fresh clone: install, build, and start the product on the embedded database with
# demo data. The console says where to open it and how to sign in.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build
export SUPERADMIN_EMAIL="${SUPERADMIN_EMAIL:-admin@example.com}"
export SUPERADMIN_PASSWORD="${SUPERADMIN_PASSWORD:-admin-password-123}"
# Fewer malloc arenas: native worker threads (image processing, OCR) otherwise keep freed memory in their own.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# Large blocks (page images) given back to the system when freed: glibc otherwise raises its threshold for
# them after the first one is freed and keeps the later ones in a heap that only grows.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec node apps/server/dist/main.js --demo
