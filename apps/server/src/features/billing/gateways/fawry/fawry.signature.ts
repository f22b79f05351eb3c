import crypto from 'node:crypto';

/**
 * FawryPay's signatures (developer.fawrystaging.com): SHA-256, lowercase hex, of documented fields
 * concatenated without separators and followed by the merchant's secure key. Amounts are written with two
 * decimals ("10.00").
 */

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** Piasters as FawryPay writes an amount: "123.45". */
export const amountText = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** An amount FawryPay sent (a JSON number or text) with two decimals, or null when it is not one. */
export const twoDecimals = (value: unknown): string | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 ? n.toFixed(2) : null;
};

/** Piasters of an amount written with two decimals. */
export const minorOf = (text: string) => Number(text.replace('.', ''));

/**
 * The charge request (reference number, "PayAtFawry"): merchantCode + merchantRefNum + customerProfileId
 * (empty when absent) + paymentMethod + amount (two decimals) + secureKey.
 */
export const chargeSignature = (o: {
  merchantCode: string;
  merchantRefNum: string;
  customerProfileId?: string;
  paymentMethod: string;
  amount: string;
  secureKey: string;
}) =>
  sha256(
    `${o.merchantCode}${o.merchantRefNum}${o.customerProfileId ?? ''}${o.paymentMethod}${o.amount}${o.secureKey}`,
  );

/** Get Payment Status (V2): merchantCode + merchantRefNumber + secureKey. */
export const statusSignature = (o: { merchantCode: string; merchantRefNumber: string; secureKey: string }) =>
  sha256(`${o.merchantCode}${o.merchantRefNumber}${o.secureKey}`);

/**
 * The server notification V2 (and the V2 status answer), `messageSignature`: fawryRefNumber +
 * merchantRefNumber + paymentAmount (two decimals) + orderAmount (two decimals) + orderStatus + paymentMethod
 * + paymentRefrenceNumber (FawryPay's spelling; empty when absent) + secureKey.
 */
export const notificationSignature = (o: {
  fawryRefNumber: string;
  merchantRefNumber: string;
  paymentAmount: string;
  orderAmount: string;
  orderStatus: string;
  paymentMethod: string;
  paymentRefrenceNumber?: string;
  secureKey: string;
}) =>
  sha256(
    `${o.fawryRefNumber}${o.merchantRefNumber}${o.paymentAmount}${o.orderAmount}${o.orderStatus}${o.paymentMethod}${o.paymentRefrenceNumber ?? ''}${o.secureKey}`,
  );

/** Refund: merchantCode + referenceNumber + refundAmount (two decimals) + reason (when given) + secureKey. */
export const refundSignature = (o: {
  merchantCode: string;
  referenceNumber: string;
  refundAmount: string;
  reason?: string;
  secureKey: string;
}) => sha256(`${o.merchantCode}${o.referenceNumber}${o.refundAmount}${o.reason ?? ''}${o.secureKey}`);

/** Compares a received hex signature with the expected one in constant time. */
export const sameSignature = (received: string, expected: string) => {
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/** The signed fields of a V2 notification or status answer, read from its JSON; null when one is missing. */
export const signedFieldsOf = (body: Record<string, unknown>) => {
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  const fawryRefNumber = text(body.fawryRefNumber);
  const merchantRefNumber = text(body.merchantRefNumber);
  const paymentAmount = twoDecimals(body.paymentAmount);
  const orderAmount = twoDecimals(body.orderAmount);
  const orderStatus = text(body.orderStatus);
  const paymentMethod = text(body.paymentMethod);
  if (
    !fawryRefNumber ||
    !merchantRefNumber ||
    !paymentAmount ||
    !orderAmount ||
    !orderStatus ||
    paymentMethod === null
  ) {
    return null;
  }
  return {
    fawryRefNumber,
    merchantRefNumber,
    paymentAmount,
    orderAmount,
    orderStatus,
    paymentMethod,
    paymentRefrenceNumber: text(body.paymentRefrenceNumber) ?? '',
  };
};
