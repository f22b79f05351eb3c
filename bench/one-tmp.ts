import { readFile } from 'node:fs/promises';
import { recognizeInvoice } from '/work/main/packages/ocr/src/index.js';
const bytes = new Uint8Array(await readFile(process.argv[2]!));
const r = await recognizeInvoice({ bytes }, { pipeline: 'normal' });
console.log(r.raw_text.split('\n').filter((l) => /20\d\d/.test(l)).join('\n'));
console.log(r.fields_json.issue_date, r.fields_json.due_date);
process.exit(0);
