#!/usr/bin/env bash
# Installs the fonts the Arabic model's second training stage draws its lines in (fonts.mjs, MORE_AR_FONTS),
# from Debian's archive. Only build-model.sh needs them; the product and its tests do not.
set -euo pipefail
packages=(
  fonts-arabeyes fonts-farsiweb fonts-freefarsi fonts-sil-harmattan fonts-sil-lateef
  fonts-hosny-thabit fonts-noto-ui-core
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "training fonts: all present"
  exit 0
fi
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
echo "training fonts: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
