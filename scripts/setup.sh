#!/usr/bin/env bash
# Installs everything the product needs on a fresh Debian machine: system packages (OCR engine, poppler,
# Chromium for page tests, fonts) and the npm dependencies exactly as locked. Nothing is downloaded at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-packages.sh
if ! command -v node >/dev/null 2>&1; then
  echo "Node.js 20.19 or later is required (see README)." >&2
  exit 1
fi
# onnxruntime-node ships its CPU binaries in the package; its install script would only fetch GPU ones.
ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund
