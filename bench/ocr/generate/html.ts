// Builds the HTML page of an invoice spec and the truth of what it prints.
import { convertDigits, formatDate, formatNumber } from './format.js';
import type { Pair } from './data.js';
import type { InvoiceSpec } from './spec.js';
import { subtotalMinor, taxMinor } from './spec.js';

/** A4 at CSS pixels (96 per inch). */
export const PAGE_W = 794;
export const PAGE_H = 1123;

export interface Rendered {
  invoice_number: string;
  issue_date: string;
  due_date: string;
  currency: string;
  subtotal: string;
  tax: string;
  total: string;
  tax_rate: string;
  vendor_tax_id?: string;
  vendor_name: string;
  customer_name: string;
  line_items: { description: string; quantity: string; unit_price: string; line_total: string }[];
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const isArabic = (s: string): boolean => /[\u0600-\u06ff]/.test(s);

/** A text piece; Arabic pieces take the Arabic font first. `iso` isolates numbers and codes left-to-right. */
function t(s: string, cls = '', iso = false): string {
  const lang = isArabic(s) ? ' lang="ar"' : '';
  const dir = iso ? ' dir="ltr"' : '';
  return `<span class="t${cls ? ' ' + cls : ''}"${lang}${dir}>${esc(s)}</span>`;
}

export function buildInvoice(s: InvoiceSpec): { html: string; rendered: Rendered } {
  const L = s.layout;
  const lang = s.language;
  const dec = s.currency.decimals;
  const f = 10 ** dec;
  const money = (minor: number): string => formatNumber(minor / f, dec, s.numberFormat, s.digits);
  const qty = (q: number): string =>
    formatNumber(q, null, s.numberFormat === 'ar_sep' ? 'ar_sep' : 'plain', s.digits);
  const date = (iso: string): string => formatDate(iso, s.dateFormat, s.digits);
  const dig = (x: string): string => convertDigits(x, s.digits);
  const longArabicDate = s.dateFormat.startsWith('long_ar');
  const pick = (p: Pair): string => (lang === 'ar' ? p[1] : p[0]);

  const sub = subtotalMinor(s);
  const tax = taxMinor(s);
  const ratePct = Math.round(s.taxRate * 10000) / 100;
  const rateText = s.digits === 'western' ? `${ratePct}%` : `${dig(String(ratePct))}٪`;

  /** A label: one language, or both as the spec's bilingual style says. */
  const label = (k: string, colon = false): string => {
    const p = s.labels[k] as Pair;
    const c = colon ? ':' : '';
    if (lang === 'en') return t(p[0] + c, 'lab');
    if (lang === 'ar') return t(p[1] + c, 'lab');
    if (s.biLabels === 'two_lines')
      return `<span class="lab2">${t(p[0], 'lab')}<br>${t(p[1] + c, 'lab')}</span>`;
    if (s.biLabels === 'both_sides') return t(p[0] + c, 'lab');
    return `${t(p[0], 'lab')} <span class="t lab">/</span> ${t(p[1] + c, 'lab')}`;
  };
  const tailLabel = (k: string): string =>
    lang === 'bi' && s.biLabels === 'both_sides' ? t((s.labels[k] as Pair)[1], 'lab tail') : '';

  const kv = (k: string, valueHtml: string, allowBare = false): string => {
    const style = L.meta === 'bare' && !allowBare ? 'colon' : L.meta;
    if (style === 'bare') return `<div class="kv bare">${valueHtml}</div>`;
    if (style === 'stacked')
      return `<div class="kv st"><div class="small">${label(k)}${tailLabel(k)}</div><div>${valueHtml}</div></div>`;
    if (style === 'grid')
      return `<tr><th>${label(k)}</th><td>${valueHtml}</td>${lang === 'bi' && s.biLabels === 'both_sides' ? `<th>${tailLabel(k)}</th>` : ''}</tr>`;
    return `<div class="kv">${label(k, true)} ${valueHtml} ${tailLabel(k)}</div>`;
  };
  const wrapKvs = (rows: string[]): string =>
    L.meta === 'grid'
      ? `<table class="kvgrid">${rows.join('')}</table>`
      : `<div class="kvs">${rows.join('')}</div>`;

  const number = dig(s.invoiceNumber);
  const issue = date(s.issueDate);
  const due = date(s.dueDate);
  const dateHtml = (d: string): string => (longArabicDate ? t(d, 'val') : t(d, 'val', true));
  const metaRows = [
    kv(
      'number',
      L.meta === 'bare' ? `${t('#', 'lab')}${t(number, 'val big', true)}` : t(number, 'val', true),
      true,
    ),
    kv('issue', dateHtml(issue), true),
    kv('due', dateHtml(due)),
  ];
  if (s.currencyPlace === 'header_note') {
    const p = s.labels.amountsIn as Pair;
    const txt = (w: string): string => w.replace('{c}', s.currencyText);
    const note =
      lang === 'en' ? t(txt(p[0])) : lang === 'ar' ? t(txt(p[1])) : `${t(txt(p[0]))} ${t(txt(p[1]))}`;
    metaRows.push(
      L.meta === 'grid' ? `<tr><td colspan="3">${note}</td></tr>` : `<div class="kv">${note}</div>`,
    );
  }
  const meta = `<div class="meta">${wrapKvs(metaRows)}</div>`;

  const names = (p: Pair, cls: string): string =>
    lang === 'bi' ? `<div>${t(p[0], cls)}</div><div>${t(p[1], cls)}</div>` : `<div>${t(pick(p), cls)}</div>`;
  const addressLines = (a: { en: string[]; ar: string[] }): string => {
    const lines = lang === 'en' ? a.en : lang === 'ar' ? a.ar : s.direction === 'rtl' ? a.ar : a.en;
    return lines.map((l) => `<div>${t(dig(l), 'addr')}</div>`).join('');
  };
  const partyDetails = (role: 'vendor' | 'customer'): string => {
    const p = role === 'vendor' ? s.vendor : s.customer;
    const rows: string[] = [addressLines(p.address)];
    if (p.taxId)
      rows.push(
        `<div class="kv">${label('taxId', true)} ${t(dig(p.taxId), 'val', true)} ${tailLabel('taxId')}</div>`,
      );
    rows.push(`<div class="kv">${label('phone', true)} ${t(dig(p.phone), 'val', true)}</div>`);
    return rows.join('');
  };
  const partyBlock = (role: 'vendor' | 'customer'): string => {
    const p = role === 'vendor' ? s.vendor : s.customer;
    return `<div class="party ${role}"><div class="phead">${label(role)}${tailLabel(role)}</div>${names(p.name, 'pname')}${partyDetails(role)}</div>`;
  };

  const title = label('title');
  const vendorInHeader = L.parties === 'vendor_in_header';
  const brand = vendorInHeader || L.header === 'band' || L.header === 'split' || L.header === 'logo';
  const brandHtml = brand ? `<div class="brand">${names(s.vendor.name, 'vname')}</div>` : '';
  const vendorDetails = vendorInHeader ? `<div class="vdet">${partyDetails('vendor')}</div>` : '';
  const metaInHeader = L.metaPos === 'header' ? meta : '';
  let header: string;
  const initials = s.vendor.name[0]
    .split(' ')
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  switch (L.header) {
    case 'center':
      header = `<header class="h-center">${brandHtml}${vendorDetails}<div class="title">${title}</div>${metaInHeader}</header>`;
      break;
    case 'band':
      header = `<header class="h-band"><div class="band"><div>${brandHtml}</div><div class="title">${title}</div></div><div class="row">${vendorDetails}${metaInHeader}</div></header>`;
      break;
    case 'split':
      header = `<header class="h-split"><div class="row"><div>${brandHtml}${vendorDetails}</div><div class="end"><div class="title">${title}</div>${metaInHeader}</div></div></header>`;
      break;
    case 'logo':
      header = `<header class="h-logo"><div class="row"><div class="logo-row"><div class="logo">${esc(initials || 'A')}</div>${brandHtml}</div><div class="title">${title}</div></div><div class="row">${vendorDetails}${metaInHeader}</div></header>`;
      break;
    default:
      header = `<header class="h-start"><div class="row"><div><div class="title">${title}</div>${brandHtml}${vendorDetails}</div>${metaInHeader}</div></header>`;
  }

  let parties: string;
  if (vendorInHeader) parties = `<section class="parties stack">${partyBlock('customer')}</section>`;
  else {
    const order = L.parties.endsWith('_cv') ? ['customer', 'vendor'] : ['vendor', 'customer'];
    const cls = L.parties.startsWith('side') ? 'side' : 'stack';
    parties = `<section class="parties ${cls}">${order.map((r) => partyBlock(r as 'vendor' | 'customer')).join('')}</section>`;
  }

  // Items table.
  const colLabel: Record<string, string> = {
    index: 'index',
    description: 'description',
    quantity: 'quantity',
    unitPrice: 'unitPrice',
    lineTotal: 'lineTotal',
  };
  const headCell = (c: string): string => {
    const p = s.labels[colLabel[c] as string] as Pair;
    const withCur = s.currencyPlace === 'columns' && (c === 'unitPrice' || c === 'lineTotal');
    const cur = (w: string): string => (withCur ? `${w} (${s.currencyText})` : w);
    const inner =
      lang === 'en'
        ? t(cur(p[0]))
        : lang === 'ar'
          ? t(cur(p[1]))
          : s.biLabels === 'slash'
            ? `${t(cur(p[0]))} ${t('/')} ${t(p[1])}`
            : `${t(cur(p[0]))}<br>${t(p[1])}`;
    return `<th class="c-${c}">${inner}</th>`;
  };
  const renderedItems: Rendered['line_items'] = [];
  const rows = s.items.map((it, i) => {
    const r = {
      description: lang === 'ar' ? it.description[1] : it.description[0],
      quantity: qty(it.quantity),
      unit_price: money(it.unitMinor),
      line_total: money(it.totalMinor),
    };
    renderedItems.push(r);
    const cell = (c: string): string => {
      switch (c) {
        case 'index':
          return `<td class="c-index">${t(dig(String(i + 1)))}</td>`;
        case 'description':
          return `<td class="c-description">${lang === 'bi' ? `${t(it.description[0])}${s.biLabels === 'slash' ? ' ' : '<br>'}${t(it.description[1])}` : t(r.description)}</td>`;
        case 'quantity':
          return `<td class="c-quantity">${t(r.quantity, 'num', s.digits === 'western')}</td>`;
        case 'unitPrice':
          return `<td class="c-unitPrice">${t(r.unit_price, 'num', true)}</td>`;
        default:
          return `<td class="c-lineTotal">${t(r.line_total, 'num', true)}</td>`;
      }
    };
    return `<tr>${s.columns.map(cell).join('')}</tr>`;
  });
  const table = `<table class="items t-${L.table}" dir="${s.tableDirection}"><thead><tr>${s.columns.map(headCell).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;

  // Totals.
  const withCur = (v: string): string => {
    if (s.currencyPlace !== 'totals') return t(v, 'num', true);
    const c = t(s.currencyText, 'cur');
    return s.currencyBefore ? `${c} ${t(v, 'num', true)}` : `${t(v, 'num', true)} ${c}`;
  };
  const rateHtml = s.digits === 'western' ? t(rateText, 'num', true) : t(rateText, 'num');
  const totalRow = (k: string, v: string, extra = '', cls = ''): string =>
    `<div class="trow ${cls}"><div class="tl">${label(k)}${extra}${tailLabel(k)}</div><div class="tv">${withCur(v)}</div></div>`;
  const totals = `<section class="totals tot-${L.totals}"><div class="tbox">${[
    totalRow('subtotal', money(sub)),
    totalRow('tax', money(tax), ` <span class="rate">(${rateHtml})</span>`),
    totalRow('total', money(sub + tax), '', 'grand'),
  ].join('')}</div></section>`;

  const foot: string[] = [];
  if (s.termsDays) {
    const p = s.labels.terms as Pair;
    const n = dig(String(s.termsDays));
    const en = t(p[0].replace('{n}', n));
    const ar = t(p[1].replace('{n}', n));
    foot.push(`<div>${lang === 'en' ? en : lang === 'ar' ? ar : `${en} ${ar}`}</div>`);
  }
  if (s.bank) {
    foot.push(
      `<div class="kv">${label('bank', true)} ${t(pick(s.bank.name))} ${t('IBAN')} ${t(dig(s.bank.iban), 'val', true)}</div>`,
    );
  }
  if (s.showThanks) {
    const p = s.labels.thanks as Pair;
    foot.push(
      `<div class="thanks">${lang === 'en' ? t(p[0]) : lang === 'ar' ? t(p[1]) : `${t(p[0])} ${t(p[1])}`}</div>`,
    );
  }
  const footer = `<footer>${foot.join('')}</footer>`;

  const body = [
    header,
    L.metaPos === 'before_parties' ? meta : '',
    parties,
    L.metaPos === 'after_parties' ? meta : '',
    table,
    totals,
    footer,
  ].join('');

  const html = `<!doctype html><html dir="${s.direction}" lang="${lang === 'ar' ? 'ar' : 'en'}"><head><meta charset="utf-8"><style>${css(s)}</style></head><body><div class="desk"><div class="page">${body}</div><div class="light"></div></div></body></html>`;

  const rendered: Rendered = {
    invoice_number: number,
    issue_date: issue,
    due_date: due,
    currency: s.currencyText,
    subtotal: money(sub),
    tax: money(tax),
    total: money(sub + tax),
    tax_rate: rateText,
    vendor_name: pick(s.vendor.name),
    customer_name: pick(s.customer.name),
    line_items: renderedItems,
  };
  if (s.vendor.taxId) rendered.vendor_tax_id = dig(s.vendor.taxId);
  return { html, rendered };
}

function css(s: InvoiceSpec): string {
  const lat = `'${s.fonts.latin}'`;
  const ara = `'${s.fonts.arabic}'`;
  const a = s.accent;
  const table: Record<string, string> = {
    grid: `.items th,.items td{border:1px solid #444}`,
    hrules: `.items thead th{border-top:2px solid #222;border-bottom:2px solid #222}.items td{border-bottom:1px solid #999}`,
    none: `.items thead th{font-weight:bold}`,
    zebra: `.items tbody tr:nth-child(even){background:#ececec}.items thead th{border-bottom:1px solid #555}`,
    header_band: `.items thead th{background:${a};color:#fff}.items tbody tr:last-child td{border-bottom:2px solid ${a}}`,
  };
  const totals: Record<string, string> = {
    end: `.totals{display:flex;justify-content:flex-end}.tbox{width:46%}`,
    start: `.totals{display:flex;justify-content:flex-start}.tbox{width:46%}`,
    full: `.tbox{width:100%}`,
    boxed: `.totals{display:flex;justify-content:flex-end}.tbox{width:50%;border:1.5px solid #333;padding:6px 10px}`,
  };
  return `
@page{size:A4;margin:14mm}
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff}
body{font-family:${lat},${ara},sans-serif;font-size:${s.fontSize}px;color:#111;line-height:1.35}
[lang=ar]{font-family:${ara},${lat},sans-serif}
/* Numbers, codes and dates print in their logical order, as invoicing systems isolate them. */
.t[dir=ltr]{unicode-bidi:bidi-override}
.page{width:${PAGE_W}px;min-height:${PAGE_H}px;padding:${s.margin}px;background:#fff;position:relative}
.row{display:flex;justify-content:space-between;align-items:flex-start;gap:24px}
header{margin-bottom:18px}
.title{font-size:${Math.round(s.fontSize * 1.9)}px;font-weight:bold;color:${a};margin:4px 0}
.vname{font-size:${Math.round(s.fontSize * 1.45)}px;font-weight:bold}
.pname{font-weight:bold}
.h-center{text-align:center}.h-center .meta{display:inline-block;text-align:start;margin-top:8px}
.h-band .band{background:${a};color:#fff;display:flex;justify-content:space-between;align-items:center;padding:12px 16px;margin-bottom:10px}
.h-band .band .title{color:#fff}
.h-split{border-bottom:2px solid ${a};padding-bottom:10px}.h-split .end{text-align:end}
.logo-row{display:flex;align-items:center;gap:12px}
.logo{width:54px;height:54px;border-radius:8px;background:${a};color:#fff;font:bold 22px sans-serif;display:flex;align-items:center;justify-content:center}
.meta{margin:8px 0 14px}
.kv{margin:2px 0}.kv.st{margin:0 0 6px}.small{font-size:0.85em;color:#555}
.kv.bare .big{font-size:1.2em;font-weight:bold}
.lab{font-weight:600}.tail{margin-inline-start:8px}
.kvgrid{border-collapse:collapse}.kvgrid th,.kvgrid td{border:1px solid #666;padding:3px 8px;text-align:start}
.parties{margin:10px 0 16px}
.parties.side{display:flex;gap:28px}.parties.side .party{flex:1}
.parties.stack .party{margin-bottom:12px}
.phead{color:${a};text-transform:none;margin-bottom:2px}
.items{width:100%;border-collapse:collapse;margin:8px 0 14px}
.items th,.items td{padding:5px 8px;text-align:start;vertical-align:top}
.items .c-quantity,.items .c-unitPrice,.items .c-lineTotal,.items .c-index{text-align:end;white-space:nowrap}
.items tr{break-inside:avoid}
${table[s.layout.table] ?? ''}
${totals[s.layout.totals] ?? ''}
.trow{display:flex;justify-content:space-between;gap:16px;padding:3px 0}.tv{white-space:nowrap}
.trow.grand{font-weight:bold;font-size:1.15em;border-top:1.5px solid #333;padding-top:5px}
footer{margin-top:22px;font-size:0.9em;color:#333}
.thanks{margin-top:8px;font-style:italic}
.light{display:none}
@media print{.page{width:auto;min-height:0;padding:0}}
`;
}
