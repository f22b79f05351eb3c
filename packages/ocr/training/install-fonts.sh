#!/usr/bin/env bash
# Installs the fonts the Arabic model's second and third training stages draw their lines in (fonts.mjs,
# MORE_AR_FONTS), from Debian's archive. Only build-model.sh needs them; the product and its tests do not.
set -euo pipefail
exec bash "$(dirname "$0")/../../../scripts/install-system-packages.sh" \
  fonts-arabeyes fonts-farsiweb fonts-freefarsi fonts-sil-harmattan fonts-sil-lateef \
  fonts-hosny-thabit fonts-noto-ui-core
