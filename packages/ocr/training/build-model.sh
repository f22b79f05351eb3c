#!/usr/bin/env bash
# Builds packages/ocr/models/Arabic_invoice.traineddata: Debian's `Arabic` script model fine-tuned to read
# Arabic-Indic digits and separators (and kept on Arabic words, English and Western digits).
#   packages/ocr/training/build-model.sh [WORKDIR]
# Needs: tesseract 5.3 with tesseract-ocr-script-arab, lstmtraining, combine_tessdata, dawg2wordlist,
# node with the repository's dependencies (sharp), the fonts of scripts/install-system-packages.sh. Runs niced; about 25 minutes
# on two cores. Fixed seeds: the same tools render the same lines and train the same model.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-$HERE/../models/Arabic_invoice.traineddata}"
WORK="${1:-${TMPDIR:-/tmp}/ocr-arabic-model}"
STOCK="${STOCK_TRAINEDDATA:-/usr/share/tesseract-ocr/5/tessdata/Arabic.traineddata}"
CONFIGS="${TESS_CONFIGS:-/usr/share/tesseract-ocr/5/tessdata/configs}"
LINES="${LINES:-8000}"
EVAL_LINES="${EVAL_LINES:-400}"
ITERATIONS="${ITERATIONS:-6000}"
LEARNING_RATE="${LEARNING_RATE:-0.0005}"
export OMP_THREAD_LIMIT="${OMP_THREAD_LIMIT:-2}"
NICE="nice -n 15"

# Every face must be installed: Pango would draw a missing one in a fallback font without a word.
missing=$(cd "$HERE" && node -e "import('./fonts.mjs').then((m) => console.log([...new Set([...m.AR_FONTS, ...m.LATIN_FONTS].map(m.familyOf))].join('\\n')))" |
  while IFS= read -r family; do [ -n "$(fc-list "$family" family)" ] || echo "  $family"; done)
if [ -n "$missing" ]; then
  echo "fonts not installed (run scripts/install-system-packages.sh):" >&2
  echo "$missing" >&2
  exit 1
fi

rm -rf "$WORK"
mkdir -p "$WORK/base" "$WORK/tessdata" "$WORK/ckpt"
cd "$WORK"
start=$(date +%s)

echo "== 1. stock model -> float"
cp "$STOCK" base/Arabic.traineddata
combine_tessdata -u base/Arabic.traineddata base/Arabic. >/dev/null
node "$HERE/int-to-float.mjs" base/Arabic.lstm base/Arabic-float.lstm
cp base/Arabic.traineddata tessdata/Arabic.traineddata
cp base/Arabic-float.lstm tessdata/Arabic.lstm
combine_tessdata -o tessdata/Arabic.traineddata tessdata/Arabic.lstm >/dev/null
rm tessdata/Arabic.lstm
ln -s "$CONFIGS" tessdata/configs
dawg2wordlist base/Arabic.lstm-unicharset base/Arabic.lstm-word-dawg base/words.txt >/dev/null 2>&1

echo "== 2. render lines"
$NICE node "$HERE/render-lines.mjs" base/words.txt train "$LINES" 20261122
$NICE node "$HERE/render-lines.mjs" base/words.txt eval "$EVAL_LINES" 7

echo "== 3. line images -> lstmf"
for d in train eval; do
  ls "$d"/page-*.png | sed 's/\.png$//' |
    OMP_THREAD_LIMIT=1 xargs -P 2 -I{} $NICE tesseract {}.png {} --psm 6 --dpi 300 -l Arabic \
      --tessdata-dir "$WORK/tessdata" lstm.train >/dev/null 2>&1
  ls "$WORK/$d"/page-*.lstmf >"$d.list"
done
echo "$(wc -l <train.list) training pages, $(wc -l <eval.list) eval pages"

echo "== 4. train"
$NICE lstmtraining \
  --continue_from base/Arabic-float.lstm \
  --traineddata tessdata/Arabic.traineddata \
  --model_output ckpt/Arabic_invoice \
  --train_listfile train.list \
  --max_iterations "$ITERATIONS" \
  --learning_rate "$LEARNING_RATE" \
  --debug_interval -1 2>&1 | grep -E 'At iteration|Finished|best' | awk 'NR % 5 == 1 || /Finished/'

echo "== 5. final (integer) model"
lstmtraining --stop_training --convert_to_int \
  --continue_from ckpt/Arabic_invoice_checkpoint \
  --traineddata tessdata/Arabic.traineddata \
  --model_output Arabic_invoice.traineddata
echo "eval lines, stock model:"
lstmeval --model tessdata/Arabic.traineddata --eval_listfile eval.list 2>&1 | tail -1
echo "eval lines, tuned model:"
lstmeval --model Arabic_invoice.traineddata --eval_listfile eval.list 2>&1 | tail -1
mkdir -p "$(dirname "$OUT")"
cp Arabic_invoice.traineddata "$OUT"
echo "wrote $OUT ($(stat -c %s "$OUT") bytes) in $(( ($(date +%s) - start) / 60 )) min"
