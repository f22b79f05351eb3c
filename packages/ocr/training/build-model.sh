#!/usr/bin/env bash
# Builds packages/ocr/models/Arabic_invoice.traineddata: Debian's `Arabic` script model fine-tuned to read
# Arabic-Indic digits and separators (and kept on Arabic words, English and Western digits), in four stages:
# the faces of scripts/install-system-packages.sh, then those with the text faces of Debian's other Arabic
# font packages (install-fonts.sh), then Persian-digit numbers in those faces too, then references of Latin
# capitals and digits. See README.md.
#   packages/ocr/training/build-model.sh [WORKDIR]
# Needs: tesseract 5.3 with tesseract-ocr-script-arab, lstmtraining, combine_tessdata, dawg2wordlist,
# node with the repository's dependencies (sharp), the fonts of scripts/install-system-packages.sh and of
# install-fonts.sh. Runs niced; about an hour on two cores. Fixed seeds: the same tools render the same
# lines and train the same model.
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
WIDE_ITERATIONS="${WIDE_ITERATIONS:-4000}"
WIDE_LEARNING_RATE="${WIDE_LEARNING_RATE:-0.0003}"
export OMP_THREAD_LIMIT="${OMP_THREAD_LIMIT:-2}"
NICE="nice -n 15"

# Every face must be installed: Pango would draw a missing one in a fallback font without a word.
missing=$(cd "$HERE" && node -e "import('./fonts.mjs').then((m) => console.log(m.trainedFamilies().join('\\n')))" |
  while IFS= read -r family; do [ -n "$(fc-list "$family" family)" ] || echo "  $family"; done)
if [ -n "$missing" ]; then
  echo "fonts not installed (run scripts/install-system-packages.sh and packages/ocr/training/install-fonts.sh):" >&2
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

# render DIR LINES SEED STAGE: line images and their truth, turned into .lstmf files listed in DIR.list.
render() {
  $NICE node "$HERE/render-lines.mjs" base/words.txt "$1" "$2" "$3" "$4"
  ls "$1"/page-*.png | sed 's/\.png$//' |
    OMP_THREAD_LIMIT=1 xargs -P 2 -I{} $NICE tesseract {}.png {} --psm 6 --dpi 300 -l Arabic \
      --tessdata-dir "$WORK/tessdata" lstm.train >/dev/null 2>&1
  ls "$WORK/$1"/page-*.lstmf >"$1.list"
  echo "$1: $(wc -l <"$1.list") pages"
}

# train FROM_LSTM LIST ITERATIONS RATE OUT: fine-tune and write the integer model OUT.
train() {
  rm -rf ckpt && mkdir ckpt
  $NICE lstmtraining \
    --continue_from "$1" \
    --traineddata tessdata/Arabic.traineddata \
    --model_output ckpt/Arabic_invoice \
    --train_listfile "$2" \
    --max_iterations "$3" \
    --learning_rate "$4" \
    --debug_interval -1 2>&1 | grep -E 'At iteration|Finished|best' | awk 'NR % 5 == 1 || /Finished/'
  lstmtraining --stop_training --convert_to_int \
    --continue_from ckpt/Arabic_invoice_checkpoint \
    --traineddata tessdata/Arabic.traineddata \
    --model_output "$5"
}

# float MODEL NAME: the integer MODEL's network written back as doubles, to continue training from.
float() {
  combine_tessdata -u "$1" "base/$2." >/dev/null
  node "$HERE/int-to-float.mjs" "base/$2.lstm" "base/$2-float.lstm"
}

echo "== 2. first stage: lines in the faces of the system packages"
render train "$LINES" 20261122 base
render eval "$EVAL_LINES" 7 base
train base/Arabic-float.lstm train.list "$ITERATIONS" "$LEARNING_RATE" stage1.traineddata

# Each later stage continues from the stage before as an integer model made float again, as the committed
# model was built.
echo "== 3. second stage: the same faces and Debian's other Arabic text faces"
float stage1.traineddata stage1
render wide "$LINES" 20261128 wide
render wide-eval "$EVAL_LINES" 7 wide
train base/stage1-float.lstm wide.list "$WIDE_ITERATIONS" "$WIDE_LEARNING_RATE" stage2.traineddata

echo "== 4. third stage: Persian-digit numbers in the wider faces too"
float stage2.traineddata stage2
render wide-persian "$LINES" 20261129 wide-persian
train base/stage2-float.lstm wide-persian.list "$WIDE_ITERATIONS" "$WIDE_LEARNING_RATE" stage3.traineddata

echo "== 5. fourth stage: references of Latin capitals and digits"
float stage3.traineddata stage3
render wide-references "$LINES" 20261201 wide-references
render references-eval "$EVAL_LINES" 7 wide-references
train base/stage3-float.lstm wide-references.list "$WIDE_ITERATIONS" "$WIDE_LEARNING_RATE" Arabic_invoice.traineddata

echo "== 6. character error on the evaluation lines (first stage's faces | the wider faces | references)"
for m in tessdata/Arabic.traineddata stage1.traineddata stage2.traineddata stage3.traineddata Arabic_invoice.traineddata; do
  echo "$m: $(lstmeval --model "$m" --eval_listfile eval.list 2>&1 | tail -1) | $(lstmeval --model "$m" --eval_listfile wide-eval.list 2>&1 | tail -1) | $(lstmeval --model "$m" --eval_listfile references-eval.list 2>&1 | tail -1)"
done
mkdir -p "$(dirname "$OUT")"
cp Arabic_invoice.traineddata "$OUT"
echo "wrote $OUT ($(stat -c %s "$OUT") bytes) in $(( ($(date +%s) - start) / 60 )) min"
