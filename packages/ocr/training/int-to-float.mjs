// Converts the LSTM component of an integer ("fast") Tesseract model to float so that
// `lstmtraining --continue_from` accepts it. Each int8 weight row is multiplied back by its stored scale
// (the inverse of WeightMatrix::ConvertToInt); the network structure is copied unchanged.
// Usage: node int-to-float.mjs IN.lstm OUT.lstm
import { readFileSync, writeFileSync } from 'node:fs';

const [, , inFile, outFile] = process.argv;
if (!inFile || !outFile) {
  console.error('usage: node int-to-float.mjs IN.lstm OUT.lstm');
  process.exit(2);
}
const buf = readFileSync(inFile);
let pos = 0;
const out = [];
const emit = (b) => out.push(Buffer.from(b));
const take = (n) => {
  const b = buf.subarray(pos, pos + n);
  if (b.length !== n) throw new Error(`truncated at ${pos}`);
  pos += n;
  return b;
};
const u8 = () => take(1)[0];
const u32 = () => take(4).readUInt32LE(0);
const copy = (n) => emit(take(n));
const u32buf = (v) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0, 0);
  return b;
};
const str = () => {
  const n = u32();
  return take(n).toString('latin1');
};
const strbuf = (s) => Buffer.concat([u32buf(s.length), Buffer.from(s, 'latin1')]);

const TF_INT_MODE = 1;
let matrices = 0;
let weights = 0;

// WeightMatrix: mode byte, then int8 array + double scales (int) or a double array (float).
function weightMatrix() {
  const mode = u8();
  if (!(mode & 128)) throw new Error('old weight matrix format');
  if (!(mode & 1)) {
    // Already float: copy dims, empty value and elements.
    emit([mode]);
    const d1 = u32();
    const d2 = u32();
    emit(u32buf(d1));
    emit(u32buf(d2));
    copy(8 + d1 * d2 * 8);
    return d2;
  }
  const d1 = u32();
  const d2 = u32();
  take(1); // empty_ (int8)
  const ints = take(d1 * d2);
  const n = u32();
  const scales = [];
  for (let i = 0; i < n; i++) scales.push(take(8).readDoubleLE(0));
  emit([mode & ~1]);
  emit(u32buf(d1));
  emit(u32buf(d2));
  const data = Buffer.alloc(8 + d1 * d2 * 8);
  data.writeDoubleLE(0, 0);
  for (let r = 0; r < d1; r++) {
    const s = scales[r] ?? 0;
    for (let c = 0; c < d2; c++) {
      const v = ints.readInt8(r * d2 + c);
      data.writeDoubleLE(v * s, 8 + (r * d2 + c) * 8);
    }
  }
  emit(data);
  matrices++;
  weights += d1 * d2;
  return d2;
}

// Network header, then the type-specific part (see tesseract src/lstm/*.cpp Serialize).
function network() {
  const tag = u8();
  if (tag !== 0) throw new Error(`unexpected network tag ${tag} at ${pos}`);
  const type = str();
  take(1); // training state: written as disabled, so no training-only arrays follow
  const backprop = u8();
  const flags = u32();
  const ni = take(4).readInt32LE(0);
  const no = take(4).readInt32LE(0);
  const numWeights = u32();
  const name = str();
  emit([0]);
  emit(strbuf(type));
  emit([0, backprop]);
  emit(u32buf(flags));
  const nb = Buffer.alloc(8);
  nb.writeInt32LE(ni, 0);
  nb.writeInt32LE(no, 4);
  emit(nb);
  emit(u32buf(numWeights));
  emit(strbuf(name));
  switch (type) {
    case 'Input':
      copy(20);
      break;
    case 'Convolve':
    case 'Maxpool':
    case 'Reconfig':
      copy(8);
      break;
    case 'Parallel':
    case 'Replicated':
    case 'ParBidiLSTM':
    case 'DepParUDLSTM':
    case 'Par2dLSTM':
    case 'Series':
    case 'RTLReversed':
    case 'TTBReversed':
    case 'XYTranspose': {
      const n = u32();
      emit(u32buf(n));
      for (let i = 0; i < n; i++) network();
      if (flags & 64) {
        const k = u32();
        emit(u32buf(k));
        copy(k * 4);
      }
      break;
    }
    case 'LSTM':
    case 'SummLSTM':
    case 'LSTMSoftmax':
    case 'LSTMBinarySoftmax': {
      const na = take(4).readInt32LE(0);
      const nab = Buffer.alloc(4);
      nab.writeInt32LE(na, 0);
      emit(nab);
      const nf = type === 'LSTMSoftmax' ? no : type === 'LSTMBinarySoftmax' ? Math.ceil(Math.log2(no)) : 0;
      let is2d = false;
      for (let w = 0; w < 5; w++) {
        if (w === 4 && !is2d) continue;
        const before = out.length;
        weightMatrix();
        if (w === 0) {
          // ns = outputs of the CI gate: read back from the emitted dims.
          const d1 = out[before + 1].readUInt32LE(0);
          is2d = na - nf === ni + 2 * d1;
        }
      }
      if (type === 'LSTMSoftmax' || type === 'LSTMBinarySoftmax') network();
      break;
    }
    default:
      // FullyConnected variants: Softmax, SoftmaxNoCTC, Relu, Tanh, Linear, Logistic, ...
      weightMatrix();
  }
}

network();
// LSTMRecognizer trailer: network_str, training_flags, iteration, sample_iteration, null_char,
// adam_beta, learning_rate, momentum (charsets live in their own traineddata components).
const spec = str();
emit(strbuf(spec));
const tflags = u32();
emit(u32buf(tflags & ~TF_INT_MODE));
copy(buf.length - pos);
writeFileSync(outFile, Buffer.concat(out));
console.error(`${spec}: ${matrices} int matrices (${weights} weights) converted to float`);
