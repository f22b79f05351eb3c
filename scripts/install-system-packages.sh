#!/usr/bin/env bash
# Installs the system packages the product and its tests need, from Debian's archive only:
# the OCR engine with English, Arabic and Arabic-script data, poppler for PDFs, Chromium for page tests,
# and fonts that render Arabic and Latin text (the Arabic model is trained on lines drawn in them).
# Safe to run again: it installs only what is missing. Given package names, it installs those instead
# (packages/ocr/training/install-fonts.sh).
set -euo pipefail

packages=(
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-ara tesseract-ocr-script-arab
  poppler-utils
  chromium
  fonts-noto-core fonts-dejavu-core
  fonts-hosny-amiri fonts-sil-scheherazade fonts-kacst fonts-liberation
)
if [ $# -gt 0 ]; then packages=("$@"); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
