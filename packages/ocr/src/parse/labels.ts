import { arabicSkeleton, editDistance, hasArabic, wordKey } from '../text.js';

export type LabelField =
  | 'invoice_number'
  | 'issue_date'
  | 'due_date'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'tax_id'
  | 'customer'
  | 'vendor'
  | 'address'
  | 'contact'
  | 'other_amount'
  | 'title';

/**
 * Printed labels per field, English and Arabic. Written naturally: they are matched after wordKey()
 * folding, so case, hamza forms, ta marbuta and punctuation do not matter. Longer phrases win, so
 * "Total before VAT" is a subtotal and not a total.
 */
export const LABELS: Record<LabelField, string[]> = {
  invoice_number: [
    'invoiceno',
    'invoice number',
    'invoice no',
    'invoice #',
    'invoice#',
    'invoice num',
    'invoice id',
    'inv no',
    'inv #',
    'inv#',
    'bill no',
    'bill #',
    'receipt no',
    'receipt #',
    'receipt number',
    'document no',
    'doc no',
    'invoice ref',
    'reference no',
    'ref no',
    'tax invoice no',
    'رقم الفاتورة',
    'فاتورة رقم',
    'رقم الفاتورة الضريبية',
    'رقم الإيصال',
    'رقم المستند',
    'الرقم المرجعي',
    'ref',
    'reference',
    'reference number',
    'inv no.',
    'invoice serial no',
    'serial no',
    'المرجع',
    'رقم المرجع',
    'الرقم',
    'رقم',
    'رقم الفاتوره',
    'مسلسل الفاتورة',
  ],
  issue_date: [
    'invoice date',
    'issue date',
    'date of issue',
    'date issued',
    'issued on',
    'date',
    'bill date',
    'receipt date',
    'tax point date',
    'تاريخ الفاتورة',
    'تاريخ الإصدار',
    'التاريخ',
    'تاريخ',
    'تاريخ التحرير',
    'dated',
    'date of supply',
    'supply date',
    'تحريرا في',
    'حررت في',
    'بتاريخ',
    'تاريخ التوريد',
  ],
  due_date: [
    'due date',
    'payment due',
    'due on',
    'pay by',
    'payment due date',
    'date due',
    'due',
    'تاريخ الاستحقاق',
    'الاستحقاق',
    'تاريخ السداد',
    'يستحق في',
    'موعد السداد',
    'payment date',
    'due by',
    'آخر موعد للسداد',
    'موعد الدفع',
    'تاريخ الدفع',
    'يستحق الدفع في',
  ],
  subtotal: [
    'subtotal',
    'sub total',
    'sub-total',
    'total before vat',
    'total before tax',
    'amount excl vat',
    'amount excluding vat',
    'amount excl tax',
    'amount excluding tax',
    'total excl. tax',
    'total excl vat',
    'total excluding vat',
    'total excl. vat',
    'total excl tax',
    'amount before tax',
    'amount before vat',
    'net amount',
    'net total',
    'taxable amount',
    'total excluding gst',
    'total excl gst',
    'total (excl. vat)',
    'total sales excluding gst',
    'total sales excl gst',
    'total sales exclusive gst',
    'total sales excluding vat',
    'total exclusive gst',
    'total excluding tax',
    'total amount excluding gst',
    'excluded gst sub total',
    'المجموع الفرعي',
    'الإجمالي قبل الضريبة',
    'المجموع قبل الضريبة',
    'الإجمالي الفرعي',
    'المبلغ قبل الضريبة',
    'الإجمالي غير شامل الضريبة',
    'الصافي قبل الضريبة',
    'المبلغ الخاضع للضريبة',
    'الإجمالي الخاضع للضريبة',
    'الإجمالي بدون ضريبة',
  ],
  tax: [
    'vat',
    'tax',
    'gst',
    'sales tax',
    'tax amount',
    'vat amount',
    'total tax',
    'total vat',
    'vat total',
    'value added tax',
    'total gst',
    'gst amount',
    'service tax',
    'totalgst',
    'totaltax',
    'totalvat',
    'ضريبة القيمة المضافة',
    'الضريبة',
    'قيمة الضريبة',
    'ضريبة',
    'ض.ق.م',
    'مبلغ الضريبة',
    'ضريبة المبيعات',
  ],
  total: [
    'total',
    'total due',
    'grand total',
    'amount due',
    'total amount',
    'balance due',
    'total payable',
    'amount payable',
    'total incl vat',
    'total including vat',
    'total inc vat',
    'total (incl. vat)',
    'total incl gst',
    'total inclusive gst',
    'total inc gst',
    'total incl. gst',
    'rounded total',
    'total amount due',
    'invoice total',
    'net payable',
    'total sales',
    'nett total',
    'grandtotal',
    'totaldue',
    'total rm',
    'total (rm)',
    'total sales inclusive gst',
    'total sales inclusive of gst',
    'total sales incl gst',
    'total inclusive of gst',
    'total inclusive of vat',
    'total after adj incl gst',
    'total after adj',
    'total amt payable',
    'total amount payable',
    'total amt incl gst',
    'total incl. gst',
    'final total',
    'total rounded',
    'net total rounded',
    'nett total rounded',
    'total due gst incl',
    'amount due incl gst',
    'الإجمالي',
    'الاجمالي الكلي',
    'الإجمالي الكلي',
    'المبلغ المستحق',
    'المجموع الكلي',
    'الإجمالي شامل الضريبة',
    'المجموع',
    'الإجمالي المستحق',
    'إجمالي الفاتورة',
    'المبلغ الإجمالي',
    'الإجمالي النهائي',
    'صافي المبلغ',
    'المطلوب سداده',
    'الإجمالي المستحق الدفع',
    'الصافي المستحق',
    'صافي المستحق',
    'المبلغ المطلوب',
    'إجمالي المبلغ المستحق',
  ],
  tax_id: [
    'tax reg no',
    'tax reg. no',
    'tax registration no',
    'tax registration number',
    'trn',
    'vat no',
    'vat number',
    'vat reg no',
    'vat registration no',
    'vat id',
    'tax id',
    'tin',
    'gst id',
    'gst reg no',
    'gst no',
    'gst reg',
    'tax number',
    'tax no',
    'vat reg',
    'الرقم الضريبي',
    'رقم التسجيل الضريبي',
    'رقم ضريبي',
    'الرقم الضريبي للمورد',
    'رقم التسجيل',
    'رقم التعريف الضريبي',
    'ب.ض',
    'البطاقة الضريبية',
    'رقم ضريبة القيمة المضافة',
    'الرقم الضريبي للضريبة',
    'رقم الضريبة',
    'رقم التسجيل في ضريبة القيمة المضافة',
    'رقم السجل التجاري',
    'السجل التجاري',
    'vat registration number',
    'tax registration',
    'commercial registration',
    'cr no',
  ],
  customer: [
    'billto',
    'bill to',
    'billed to',
    'invoice to',
    'sold to',
    'issued to',
    'customer',
    'client',
    'customer name',
    'client name',
    'buyer',
    'ship to',
    'to',
    'فاتورة إلى',
    'العميل',
    'اسم العميل',
    'السادة',
    'المشتري',
    'إلى',
    'مقدمة إلى',
    'مطلوب من',
    'العميل المحترم',
  ],
  vendor: [
    'seller',
    'vendor',
    'supplier',
    'from',
    'sold by',
    'issued by',
    'billed by',
    'bill from',
    'invoice from',
    'service provider',
    'البائع',
    'اسم البائع',
    'المورد',
    'اسم المورد',
    'من',
    'صادرة من',
    'صادر من',
    'صادرة عن',
    'مقدم الخدمة',
  ],
  address: ['address', 'العنوان'],
  contact: [
    'tel',
    'phone',
    'telephone',
    'mobile',
    'fax',
    'email',
    'e-mail',
    'website',
    'web',
    'هاتف',
    'الهاتف',
    'جوال',
    'فاكس',
    'البريد الإلكتروني',
    'tel no',
    'hp',
    'whatsapp',
  ],
  other_amount: [
    'discount',
    'cash',
    'change',
    'paid',
    'amount paid',
    'tendered',
    'rounding',
    'rounding adj',
    'round adj',
    'rounding adjustment',
    'rounding adj.',
    'round adj.',
    'round',
    'total qty',
    'total quantity',
    'total items',
    'total item',
    'item count',
    'total discount',
    'total saving',
    'total savings',
    'change due',
    'balance',
    'deposit',
    'shipping',
    'الخصم',
    'خصم',
    'المدفوع',
    'نقدا',
    'الباقي',
    'المتبقي',
    'الشحن',
    'مدفوع',
    'card',
    'visa',
    'mastercard',
    'credit card',
  ],
  title: [
    'invoice',
    'tax invoice',
    'simplified tax invoice',
    'فاتورة',
    'فاتورة ضريبية',
    'فاتورة ضريبية مبسطة',
    'sales invoice',
    'commercial invoice',
    'proforma invoice',
    'cash invoice',
    'cash bill',
    'فاتورة مبيعات',
    'فاتورة تجارية',
    'فاتورة نقدية',
    'فاتورة أولية',
    'receipt',
    'cash receipt',
    'official receipt',
    'إيصال',
  ],
};

/**
 * Labels that only say "number" ("رقم"; the English "No." is read apart, as it also opens addresses): they name the invoice number when nothing on their row
 * says the number is another one (a tax registration, a phone), which the engine may have misread past
 * the longer label's match ("رقم ضرية المضاقة" for "رقم ضريبة القيمة المضافة").
 */
export const BARE_NUMBER_LABELS = ['رقم', 'الرقم'];
/** Words (as key prefixes or parts) that make a row's number another one than the invoice's. */
export const OTHER_NUMBER_WORDS =
  /^(?:vat|tax|trn|tin|gst|cr|tel|phone|mobile|fax|iban|account|acc|p\.?o|box|order|customer|client|reg|registration|item|s|sr|sl)\b|ضري|مضاف|سجل|هات|جوال|تليفون|حساب|ص\.?ب/;

export interface Phrase {
  field: LabelField;
  keys: string[];
  arabic: boolean;
}

function keysOf(phrase: string): string[] {
  return phrase
    .split(/\s+/)
    .map((w) => (w === '#' ? '#' : wordKey(w)))
    .filter(Boolean);
}

export const PHRASES: Phrase[] = (Object.entries(LABELS) as [LabelField, string[]][])
  .flatMap(([field, list]) =>
    list.map((p) => ({ field, keys: keysOf(p), arabic: /[\u0600-\u06ff]/.test(p) })),
  )
  .sort((a, b) => b.keys.length - a.keys.length);

/** Every word of the Arabic labels, as keys: what a word cut in two is put back to. */
const ARABIC_LABEL_WORDS = new Set(PHRASES.filter((p) => p.arabic).flatMap((p) => p.keys));

/** Labels are short: one OCR slip is forgiven in a word of five letters or more. */
function closeEnough(a: string, b: string): boolean {
  if (a === b || sameLamAlif(a, b)) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  return editDistance(a, b) <= 1;
}

/**
 * The lam-alif ligature is often read with its letters swapped ("االستحقاق" for "الاستحقاق", "خالل" for
 * "خلال"): Arabic words equal once every "لا" is written "ال" are the same word.
 */
function sameLamAlif(a: string, b: string): boolean {
  if (!a.includes('ال') && !a.includes('لا')) return false;
  return hasArabic(a) && a.replace(/لا/g, 'ال') === b.replace(/لا/g, 'ال');
}

/** Two Arabic words of at least `min` letters with the same dotless skeleton. */
function sameSkeleton(a: string, b: string, min: number): boolean {
  if (a.length < min || b.length < min || !hasArabic(a) || !hasArabic(b)) return false;
  return arabicSkeleton(a) === arabicSkeleton(b);
}

/** The party labels written without spaces, as keys ("صادرةمن"). */
const PARTY_LABEL_KEYS = PHRASES.filter((p) => p.field === 'customer' || p.field === 'vendor').map((p) =>
  p.keys.join(''),
);

/**
 * A party's label misread by one letter ("البافع" for البائع, "السادد" for السادة, "صادرذمن" for صادرة
 * من): on its own a word of five letters or more one slip from a label is no name. Labels themselves are
 * matched exactly when they stand alone (`findLabels`), so these are what is left over.
 */
export function misreadPartyLabel(text: string): boolean {
  const key = text
    .split(/\s+/)
    .map((w) => wordKey(w))
    .join('');
  return (
    key.length >= 5 &&
    PARTY_LABEL_KEYS.some((k) => Math.abs(k.length - key.length) <= 1 && closeEnough(key, k))
  );
}

export interface LabelMatch {
  field: LabelField;
  /** Index of the first and last word of the label in the given word list. */
  start: number;
  end: number;
  arabic: boolean;
}

/** Whether any of `flags[from]` to `flags[to - 1]` is set. */
function anyIn(flags: boolean[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (flags[i]) return true;
  return false;
}

/**
 * Finds label phrases in a list of words (in any visual order: each phrase is tried forwards and, for
 * Arabic phrases, in the right-to-left order boxes sorted by x give). `apart[i]` says word i stands far
 * from the word before it: no phrase spans that gap (in "تاريخ الاستحقاق      تاريخ الإصدار" sorted by x,
 * the first label's تاريخ and the second's الإصدار are neighbours in the list, not a phrase).
 */
export function findLabels(words: string[], apart: boolean[] = []): LabelMatch[] {
  const raw = words.map((w) => (w.trim() === '#' ? '#' : wordKey(w)));
  // "Invoice No.:" may come as one word, "رقم الفاتورة:" glued to a colon: keys are compared without them.
  const idx: number[] = [];
  const keys: string[] = [];
  raw.forEach((k, i) => {
    if (k) {
      idx.push(i);
      keys.push(k);
    }
  });
  // A label word the engine cut in two ("الر قم", "فاتو رة": a gap after a letter that does not join the
  // next): neighbours whose letters together make a label word, where they are not label words
  // themselves, are one word. Right-to-left, the first part stands to the right: after it in the list.
  const ends = [...idx];
  for (let i = 0; i + 1 < keys.length; i++) {
    const a = keys[i] as string;
    const b = keys[i + 1] as string;
    if (!hasArabic(a) || !hasArabic(b) || apart[idx[i + 1] ?? 0]) continue;
    const joined = [b + a, a + b].find((k) => ARABIC_LABEL_WORDS.has(k));
    if (!joined || (ARABIC_LABEL_WORDS.has(a) && ARABIC_LABEL_WORDS.has(b))) continue;
    keys.splice(i, 2, joined);
    ends.splice(i, 2, ends[i + 1] as number);
    idx.splice(i + 1, 1);
  }
  const used = new Array<boolean>(keys.length).fill(false);
  const out: LabelMatch[] = [];
  for (const ph of PHRASES) {
    const n = ph.keys.length;
    const orders = ph.arabic ? [ph.keys, [...ph.keys].reverse()] : [ph.keys];
    for (let i = 0; i + n <= keys.length; i++) {
      if (anyIn(used, i, i + n)) continue;
      if (anyIn(apart, (idx[i] ?? 0) + 1, (idx[i + n - 1] ?? 0) + 1)) continue;
      // Single words must match exactly: "Supplies" in a description is not the label "Supplier". Arabic
      // words may also match by their dotless skeleton (dots are what noise and blur lose first): in a
      // phrase when another of its words matches as written, a single word only when it is long enough
      // not to be another word's skeleton (التابع is البائع's, اتصال ايصال's, السحب الشحن's).
      const same = n > 1 ? closeEnough : (a: string, b: string): boolean => a === b || sameLamAlif(a, b);
      const hit = orders.some((o) => {
        let written = 0;
        const all = o.every((k, j) => {
          const w = keys[i + j] ?? '';
          // Every way of matching below keeps a word's length within one letter (keys are folded already).
          if (w.length > k.length + 1 || k.length > w.length + 1) return false;
          if (same(w, k)) {
            written++;
            return true;
          }
          return sameSkeleton(w, k, n > 1 ? 3 : 7);
        });
        return all && (written > 0 || n === 1);
      });
      if (!hit) continue;
      for (let j = i; j < i + n; j++) used[j] = true;
      out.push({ field: ph.field, start: idx[i] ?? 0, end: ends[i + n - 1] ?? 0, arabic: ph.arabic });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Table header words and the column each names. */
export const HEADER_WORDS: Record<'desc' | 'qty' | 'price' | 'amount' | 'index', string[]> = {
  desc: [
    'description',
    'item',
    'items',
    'product',
    'service',
    'details',
    'particulars',
    'article',
    'البيان',
    'الوصف',
    'الصنف',
    'المنتج',
    'الخدمة',
    'التفاصيل',
    'البند',
  ],
  qty: ['qty', 'quantity', 'qnty', 'units', 'الكمية', 'العدد', 'كمية'],
  price: ['price', 'rate', 'unit price', 'unit cost', 'u.price', 'سعر', 'السعر', 'سعر الوحدة', 'الفئة'],
  amount: ['amount', 'total', 'line total', 'value', 'المبلغ', 'الإجمالي', 'المجموع', 'القيمة', 'الاجمالي'],
  index: ['#', 'no', 'sr', 'م', 'رقم'],
};
