import type { DocumentDigits, DocumentLanguage, InvoiceStatus } from '@invoicing/contract';

/** What the document of an invoice shows: the seller, the customer, the lines and the figures. */
export interface InvoiceDocumentData {
  seller: { name: string; taxId: string; address: string; saudi: boolean };
  customer: { name: string; email: string; phone: string; taxId: string; address: string } | null;
  number: string;
  status: InvoiceStatus;
  /** ISO dates. */
  issueDate: string;
  dueDate: string;
  currency: string;
  /** Decimal strings, as stored. */
  subtotal: string;
  taxRate: string;
  taxAmount: string;
  total: string;
  lines: { description: string; quantity: string; unitPrice: string; total: string }[];
  /** ZATCA's QR code as an SVG element, for a Saudi seller with a VAT number. */
  qrSvg: string | null;
}

export interface DocumentOptions {
  language: DocumentLanguage;
  /** Arabic-Indic or Western digits in Arabic (English is always Western). */
  digits: DocumentDigits;
}

const texts = {
  en: {
    invoice: 'Invoice',
    simplifiedTaxInvoice: 'Simplified Tax Invoice',
    billTo: 'Bill to',
    number: 'Invoice number',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    status: 'Status',
    currency: 'Currency',
    taxId: 'Tax ID',
    vatNumber: 'VAT number',
    email: 'Email',
    phone: 'Phone',
    line: '#',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    vat: 'VAT',
    total: 'Total',
    qr: 'ZATCA e-invoice QR code',
    noCustomer: 'No customer',
    statuses: { DRAFT: 'Draft', SENT: 'Sent', PAID: 'Paid', OVERDUE: 'Overdue', CANCELLED: 'Cancelled' },
  },
  ar: {
    invoice: 'فاتورة',
    simplifiedTaxInvoice: 'فاتورة ضريبية مبسطة',
    billTo: 'فاتورة إلى',
    number: 'رقم الفاتورة',
    issueDate: 'تاريخ الإصدار',
    dueDate: 'تاريخ الاستحقاق',
    status: 'الحالة',
    currency: 'العملة',
    taxId: 'الرقم الضريبي',
    vatNumber: 'رقم تسجيل ضريبة القيمة المضافة',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    line: 'م',
    description: 'الوصف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    tax: 'الضريبة',
    vat: 'ضريبة القيمة المضافة',
    total: 'الإجمالي',
    qr: 'رمز الاستجابة السريعة للفاتورة الإلكترونية',
    noCustomer: 'بلا عميل',
    statuses: { DRAFT: 'مسودة', SENT: 'مرسلة', PAID: 'مدفوعة', OVERDUE: 'متأخرة', CANCELLED: 'ملغاة' },
  },
} as const;

type TextKey = Exclude<keyof (typeof texts)['en'], 'statuses'>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Intl formats decimal strings exactly (no float on the way); the typing of Node 20 only knows numbers. */
const formatDecimal = (formatter: Intl.NumberFormat, value: string) =>
  (formatter.format as (v: string) => string)(value);

/**
 * The file a PDF downloads as: the invoice number (characters a file name cannot hold replaced), and the
 * language when not English.
 */
export const invoiceFileName = (number: string, language: DocumentLanguage): string => {
  // Control characters and what file systems or the header refuse.
  const safe = number.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').trim() || 'invoice';
  const suffix = language === 'en' ? '' : language === 'ar' ? '-ar' : '-en-ar';
  return `${safe}${suffix}.pdf`;
};

/**
 * The invoice as the customer receives it: one self-contained HTML page (inline styles, inline QR code,
 * system fonts), the same for the preview and the PDF. English is left to right; Arabic is right to left;
 * bilingual shows every label in both languages side by side, left to right.
 */
export const renderInvoiceHtml = (data: InvoiceDocumentData, options: DocumentOptions): string => {
  const { language } = options;
  const arabicDigits = language !== 'en' && options.digits === 'arab';
  // Numbers of a bilingual document with Western digits read the English way (1,140.00).
  const numberLocale = arabicDigits ? 'ar-EG' : language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US';
  const dateLocale = (lang: 'en' | 'ar') =>
    lang === 'en' ? 'en-GB' : arabicDigits ? 'ar-EG' : 'ar-EG-u-nu-latn';
  const moneyFormat = new Intl.NumberFormat(numberLocale, { style: 'currency', currency: data.currency });
  const quantityFormat = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 3 });
  const plainFormat = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 });
  const westernPlain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

  const money = (amount: string) =>
    `<span class="num">${escapeHtml(formatDecimal(moneyFormat, amount))}</span>`;
  const date = (iso: string) => {
    const at = new Date(`${iso}T00:00:00Z`);
    const one = (lang: 'en' | 'ar') =>
      new Intl.DateTimeFormat(dateLocale(lang), {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(at);
    return language === 'bilingual'
      ? `${one('en')}<br>${arabic(one('ar'))}`
      : language === 'ar'
        ? one('ar')
        : one('en');
  };
  // Text in Arabic inside the left-to-right bilingual page: isolated, in its own direction.
  const arabic = (html: string) => `<bdi lang="ar" dir="rtl">${html}</bdi>`;
  /** A label: in both languages, English at the start and Arabic at the end of its space. */
  const label = (key: TextKey, after: (lang: 'en' | 'ar') => string = () => '') =>
    language === 'bilingual'
      ? `<span class="pair"><span>${texts.en[key]}${after('en')}</span>${arabic(texts.ar[key] + after('ar'))}</span>`
      : texts[language][key] + after(language);
  /** A label within a sentence: both languages one after the other. */
  const inline = (key: TextKey) =>
    language === 'bilingual' ? `${texts.en[key]} / ${arabic(texts.ar[key])}` : texts[language][key];
  /** A heading: in both languages, Arabic on a line of its own. */
  const stacked = (key: TextKey) =>
    language === 'bilingual'
      ? `<span>${texts.en[key]}</span><span class="second">${arabic(texts.ar[key])}</span>`
      : texts[language][key];
  const status =
    language === 'bilingual'
      ? `${texts.en.statuses[data.status]} · ${arabic(texts.ar.statuses[data.status])}`
      : texts[language].statuses[data.status];
  // What users typed: its own direction, whatever the page's.
  const typed = (value: string) => `<bdi dir="auto">${escapeHtml(value)}</bdi>`;
  const lines = (value: string) => value.split(/\r?\n/).map(typed).join('<br>');
  const rate = (lang: 'en' | 'ar') =>
    lang === 'ar' && arabicDigits
      ? ` (${formatDecimal(plainFormat, data.taxRate)}٪)`
      : ` (${formatDecimal(westernPlain, data.taxRate)}%)`;
  const title = data.seller.saudi ? 'simplifiedTaxInvoice' : 'invoice';
  const sellerTaxLabel = data.seller.saudi ? 'vatNumber' : 'taxId';
  const tax = data.seller.saudi ? 'vat' : 'tax';

  const field = (key: TextKey, value: string) =>
    `<tr><th scope="row">${label(key)}</th><td>${value}</td></tr>`;

  const customer = data.customer
    ? [
        `<p class="party-name">${typed(data.customer.name)}</p>`,
        data.customer.address ? `<p>${lines(data.customer.address)}</p>` : '',
        data.customer.taxId
          ? `<p>${inline('taxId')}: <bdi dir="ltr">${escapeHtml(data.customer.taxId)}</bdi></p>`
          : '',
        data.customer.email ? `<p><bdi dir="ltr">${escapeHtml(data.customer.email)}</bdi></p>` : '',
        data.customer.phone ? `<p><bdi dir="ltr">${escapeHtml(data.customer.phone)}</bdi></p>` : '',
      ].join('')
    : `<p>${inline('noCustomer')}</p>`;

  const rows = data.lines
    .map(
      (line, i) => `<tr>
        <td class="idx num">${escapeHtml(formatDecimal(quantityFormat, String(i + 1)))}</td>
        <td class="desc">${lines(line.description)}</td>
        <td class="num">${escapeHtml(formatDecimal(quantityFormat, line.quantity))}</td>
        <td class="num">${money(line.unitPrice)}</td>
        <td class="num">${money(line.total)}</td>
      </tr>`,
    )
    .join('');

  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const lang = language === 'ar' ? 'ar' : 'en';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts[lang][title])} ${escapeHtml(data.number)}</title>
<style>${styles}</style>
</head>
<body class="lang-${language}">
<main class="sheet">
  <header class="top">
    <section class="seller">
      <h1 class="seller-name">${typed(data.seller.name)}</h1>
      ${data.seller.address ? `<p>${lines(data.seller.address)}</p>` : ''}
      ${data.seller.taxId ? `<p>${inline(sellerTaxLabel)}: <bdi dir="ltr" class="num">${escapeHtml(data.seller.taxId)}</bdi></p>` : ''}
    </section>
    <section class="doc">
      <h2 class="doc-title">${stacked(title)}</h2>
      <p class="doc-number"><bdi dir="ltr">${escapeHtml(data.number)}</bdi></p>
      <p><span class="status status-${data.status.toLowerCase()}">${status}</span></p>
    </section>
  </header>
  <section class="parties">
    <div class="bill-to">
      <h3>${inline('billTo')}</h3>
      ${customer}
    </div>
    <table class="facts">
      <tbody>
        ${field('number', `<bdi dir="ltr">${escapeHtml(data.number)}</bdi>`)}
        ${field('issueDate', date(data.issueDate))}
        ${field('dueDate', date(data.dueDate))}
        ${field('currency', escapeHtml(data.currency))}
      </tbody>
    </table>
  </section>
  <table class="lines">
    <thead>
      <tr>
        <th class="idx">${stacked('line')}</th>
        <th class="desc">${stacked('description')}</th>
        <th class="num">${stacked('quantity')}</th>
        <th class="num">${stacked('unitPrice')}</th>
        <th class="num">${stacked('amount')}</th>
      </tr>
    </thead>
    <tbody>${rows}</tbody>
  </table>
  <section class="bottom">
    <div class="qr">${
      data.qrSvg ? `<figure>${data.qrSvg}<figcaption>${stacked('qr')}</figcaption></figure>` : ''
    }</div>
    <table class="totals">
      <tbody>
        <tr><th scope="row">${label('subtotal')}</th><td class="num">${money(data.subtotal)}</td></tr>
        <tr><th scope="row">${label(tax, rate)}</th><td class="num">${money(data.taxAmount)}</td></tr>
        <tr class="grand"><th scope="row">${label('total')}</th><td class="num">${money(data.total)}</td></tr>
      </tbody>
    </table>
  </section>
</main>
</body>
</html>`;
};

const styles = `
@page { size: A4; margin: 14mm 14mm 16mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0;
  color: #1f2328;
  font: 10pt/1.5 'Noto Sans', 'Noto Naskh Arabic', 'DejaVu Sans', sans-serif;
}
[lang="ar"], .lang-ar { font-family: 'Noto Naskh Arabic', 'Noto Sans', 'DejaVu Sans', sans-serif; }
.lang-ar { font-size: 11pt; }
@media screen {
  body { background: #e9ecef; padding: 24px 12px; }
  .sheet {
    background: #fff;
    max-width: 210mm;
    min-height: 297mm;
    margin: 0 auto;
    padding: 14mm;
    box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15);
  }
}
p { margin: 0 0 2px; }
h1, h2, h3 { margin: 0; font-weight: 700; }
.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.top {
  display: flex;
  justify-content: space-between;
  gap: 24px;
  padding-bottom: 12px;
  border-bottom: 2px solid #1c7ed6;
}
.seller { max-width: 60%; }
.seller-name { font-size: 17pt; line-height: 1.3; margin-bottom: 4px; }
.doc { text-align: end; }
.doc-title { font-size: 16pt; color: #1c7ed6; line-height: 1.3; }
.doc-title .second { display: block; font-size: 14pt; }
.doc-number { font-size: 12pt; font-weight: 700; margin: 4px 0; }
.status {
  display: inline-block;
  padding: 1px 10px;
  border-radius: 10px;
  font-size: 8.5pt;
  font-weight: 700;
  letter-spacing: 0.04em;
  background: #e9ecef;
  color: #495057;
}
.status-sent { background: #e7f5ff; color: #1971c2; }
.status-paid { background: #ebfbee; color: #2b8a3e; }
.status-overdue { background: #fff4e6; color: #d9480f; }
.status-cancelled { background: #fff5f5; color: #c92a2a; }
.parties { display: flex; justify-content: space-between; gap: 24px; margin: 16px 0 20px; }
.bill-to { max-width: 55%; }
.bill-to h3 {
  font-size: 8.5pt;
  color: #868e96;
  letter-spacing: 0.05em;
  margin-bottom: 4px;
}
.party-name { font-size: 11.5pt; font-weight: 700; }
table { border-collapse: collapse; }
.facts th { font-weight: 400; color: #868e96; text-align: start; padding: 2px 12px 2px 0; vertical-align: baseline; }
.facts td { text-align: end; font-weight: 600; padding: 2px 0; vertical-align: baseline; }
[dir="rtl"] .facts th { padding: 2px 0 2px 12px; }
.pair { display: flex; gap: 12px; justify-content: space-between; }
.lines { width: 100%; }
.lines th {
  background: #f1f3f5;
  color: #495057;
  font-size: 8.5pt;
  font-weight: 700;
  text-align: start;
  padding: 6px 8px;
  border-bottom: 1px solid #ced4da;
  vertical-align: bottom;
}
.lines th .second { display: block; font-weight: 400; }
.lines td { padding: 7px 8px; border-bottom: 1px solid #e9ecef; vertical-align: top; }
.lines .num { text-align: end; }
.lines th.num { text-align: end; }
.lines .idx { width: 1%; color: #868e96; }
.lines .desc { width: 50%; }
.lines tr { break-inside: avoid; }
.bottom { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; margin-top: 16px; break-inside: avoid; }
.qr figure { margin: 0; width: 34mm; text-align: center; }
.qr svg { width: 34mm; height: 34mm; display: block; }
.qr figcaption { font-size: 7.5pt; color: #868e96; line-height: 1.3; }
.qr figcaption .second { display: block; }
.totals { min-width: 45%; }
.totals th { text-align: start; font-weight: 400; color: #495057; padding: 4px 16px 4px 0; vertical-align: baseline; white-space: nowrap; }
[dir="rtl"] .totals th { padding: 4px 0 4px 16px; }
.totals td { text-align: end; padding: 4px 0; vertical-align: baseline; }
.totals .grand th, .totals .grand td {
  font-size: 12.5pt;
  font-weight: 700;
  color: #1f2328;
  border-top: 2px solid #1f2328;
  padding-top: 8px;
}
`;
