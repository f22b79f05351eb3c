import { minorUnitsOf } from '../gateway';
import type { SandboxChargeRow } from './sandbox.repository';

/** The pages of the sandbox gateway: plain HTML, in English and Arabic, styled inline-free (CSP). */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const amountOf = (row: SandboxChargeRow) => {
  const digits = Math.round(Math.log10(minorUnitsOf(row.currency)));
  return `${(row.amountMinor / 10 ** digits).toFixed(digits)} ${row.currency}`;
};

const methodNames: Record<string, [string, string]> = {
  card_eg: ['Card', 'بطاقة'],
  wallet_eg: ['Mobile wallet', 'محفظة الهاتف المحمول'],
  kiosk_eg: ['Aman / Masary kiosk', 'أمان / مصاري'],
  valu: ['ValU', 'فاليو'],
  fawry: ['Fawry', 'فوري'],
  mada: ['mada', 'مدى'],
  stc_pay: ['STC Pay', 'STC Pay'],
  apple_pay: ['Apple Pay', 'Apple Pay'],
  knet: ['KNET', 'كي نت'],
  card_intl: ['International card', 'بطاقة دولية'],
  paypal: ['PayPal', 'باي بال'],
};

/** A page with the same text in both languages, English first. */
const page = (title: [string, string], body: string, script = false) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title[0])}</title>
<link rel="stylesheet" href="/api/v1/billing/sandbox/sandbox.css">
${script ? '<script src="/api/v1/billing/sandbox/sandbox.js" defer></script>' : ''}
</head>
<body>
<main>
<p class="badge">Sandbox payment: no money moves · دفع تجريبي: لا تنتقل أي أموال</p>
<h1>${escape(title[0])}</h1>
<h1 lang="ar" dir="rtl">${escape(title[1])}</h1>
${body}
</main>
</body>
</html>
`;

const both = (en: string, ar: string) => `<p>${escape(en)}</p>\n<p lang="ar" dir="rtl">${escape(ar)}</p>`;

const button = (action: string, label: [string, string], kind: 'primary' | 'secondary') =>
  `<form method="post" action="${escape(action)}"><button type="submit" class="${kind}">${escape(label[0])} · <span lang="ar">${escape(label[1])}</span></button></form>`;

const summary = (row: SandboxChargeRow) => {
  const [en, ar] = methodNames[row.method] ?? [row.method, row.method];
  return `<dl>
<dt>Amount · المبلغ</dt><dd>${escape(amountOf(row))}</dd>
<dt>Method · طريقة الدفع</dt><dd>${escape(en)} · <span lang="ar">${escape(ar)}</span></dd>
${row.reference ? `<dt>Reference code · الرقم المرجعي</dt><dd class="reference">${escape(row.reference)}</dd>` : ''}
</dl>`;
};

const settled = (row: SandboxChargeRow) =>
  ({
    paid: both('This payment is complete.', 'تم هذا الدفع.'),
    failed: both('This payment was declined.', 'تم رفض هذا الدفع.'),
    cancelled: both('This payment was cancelled.', 'تم إلغاء هذا الدفع.'),
    expired: both('This payment has expired.', 'انتهت صلاحية هذا الدفع.'),
    refunded: both('This payment was refunded.', 'تم رد هذا الدفع.'),
  })[row.status] ?? '';

/** The hosted page a redirect leads to (wallets, ValU, the Gulf methods, international cards, PayPal). */
export const checkoutPage = (row: SandboxChargeRow, actionBase: string) =>
  page(
    ['Complete your payment', 'أكمل الدفع'],
    `${summary(row)}
${
  row.status === 'pending'
    ? `${both('Choose Pay to approve the payment, or Cancel to go back without paying.', 'اختر "ادفع" للموافقة على الدفع، أو "إلغاء" للعودة دون دفع.')}
<div class="actions">${button(`${actionBase}/pay`, ['Pay', 'ادفع'], 'primary')}${button(`${actionBase}/cancel`, ['Cancel', 'إلغاء'], 'secondary')}</div>`
    : settled(row)
}`,
  );

/** The embedded frame of Egyptian cards; a settled frame tells the page around it (sandbox.js). */
export const framePage = (row: SandboxChargeRow, actionBase: string) => {
  if (row.status === 'pending') {
    return page(
      ['Secure card payment', 'دفع آمن بالبطاقة'],
      `${summary(row)}
${both('Test card form: choose Pay to approve or Decline to refuse.', 'نموذج بطاقة تجريبي: اختر "ادفع" للموافقة أو "رفض" للرفض.')}
<div class="actions">${button(`${actionBase}/pay`, ['Pay', 'ادفع'], 'primary')}${button(`${actionBase}/decline`, ['Decline', 'رفض'], 'secondary')}</div>`,
    );
  }
  const type = row.status === 'paid' ? 'payment-complete' : 'payment-failed';
  return page(
    ['Secure card payment', 'دفع آمن بالبطاقة'],
    `<div id="sandbox-result" data-type="${type}" data-payment-id="${escape(row.paymentId)}"></div>
${settled(row)}`,
    true,
  );
};

/** The page of a reference code: in the demo and tests it stands for paying at a kiosk or Fawry outlet. */
export const kioskPage = (row: SandboxChargeRow, actionBase: string) =>
  page(
    ['Pay with a reference code', 'الدفع برقم مرجعي'],
    `${summary(row)}
${
  row.status === 'pending'
    ? `${both('At the outlet, the cashier enters the reference code and takes the amount.', 'في المنفذ، يُدخل الكاشير الرقم المرجعي ويستلم المبلغ.')}
<div class="actions">${button(`${actionBase}/pay`, ['Pay at the outlet', 'ادفع في المنفذ'], 'primary')}</div>`
    : settled(row)
}`,
  );

export const notFoundPage = () =>
  page(
    ['Payment not found', 'الدفع غير موجود'],
    both('This payment does not exist.', 'هذا الدفع غير موجود.'),
  );

/** Tells the page that embeds a settled frame how it ended (same origin only). */
export const sandboxScript = `(() => {
  const result = document.getElementById('sandbox-result');
  if (!result || window.parent === window) return;
  window.parent.postMessage(
    { type: result.dataset.type, payment_id: result.dataset.paymentId },
    window.location.origin,
  );
})();
`;

export const sandboxStyles = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:24px;color:#1a1b1e}
main{max-inline-size:480px;margin-inline:auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.25rem;margin-block:0 .25rem}
.badge{display:inline-block;background:#fff3bf;color:#5c3c00;border-radius:4px;padding:2px 8px;font-size:.8rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}
dt{color:#555}dd{margin:0;font-weight:600}
.reference{font-size:1.5rem;letter-spacing:.1em}
.actions{display:flex;gap:12px;margin-block-start:16px}
button{font-size:1rem;padding:10px 20px;border-radius:6px;border:1px solid #228be6;cursor:pointer}
button.primary{background:#228be6;color:#fff}button.secondary{background:#fff;color:#228be6}
`;
