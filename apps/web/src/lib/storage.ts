/**
 * The one place that touches localStorage. Everything the browser remembers between visits lives here,
 * so that a change from any page (or from another tab) reaches every subscriber, such as the navigation bar.
 */

const KEYS = {
  accessToken: 'invoicing.accessToken',
  refreshToken: 'invoicing.refreshToken',
  organizationId: 'invoicing.organizationId',
  language: 'invoicing.language',
  upgradeError: 'invoicing.upgradeError',
  upgradePaymentId: 'invoicing.upgradePaymentId',
  upgradeBillingCycle: 'invoicing.upgradeBillingCycle',
} as const;

export type Language = 'en' | 'ar';
export const languages: readonly Language[] = ['en', 'ar'];

/** What the API said when a plan limit stopped an action; the usage page shows it. */
export interface UpgradeError {
  message: string;
  limitType: string | null;
  currentUsage: number | null;
  limit: number | null;
}

export type BillingCycle = 'monthly' | 'yearly';

export interface UpgradePayment {
  paymentId: string;
  billingCycle: BillingCycle;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

// Storage can be unavailable (private mode, disabled cookies): the app then keeps working for this page view.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See read(): nothing better to do than to carry on without persistence.
  }
}

function update(changes: Record<string, string | null>): void {
  let changed = false;
  for (const [key, value] of Object.entries(changes)) {
    if (read(key) !== value) {
      write(key, value);
      changed = true;
    }
  }
  if (changed) notify();
}

let windowListenerAttached = false;

function onStorageEvent(event: StorageEvent): void {
  // A null key means another tab called localStorage.clear().
  if (event.key === null || event.key.startsWith('invoicing.')) notify();
}

/** Calls `listener` after any stored value changes, in this tab or another one. Returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!windowListenerAttached && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorageEvent);
    windowListenerAttached = true;
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && windowListenerAttached) {
      window.removeEventListener('storage', onStorageEvent);
      windowListenerAttached = false;
    }
  };
}

export function getAccessToken(): string | null {
  return read(KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(KEYS.refreshToken);
}

export function setTokens(tokens: { access: string; refresh: string }): void {
  update({ [KEYS.accessToken]: tokens.access, [KEYS.refreshToken]: tokens.refresh });
}

export function getOrganizationId(): string | null {
  return read(KEYS.organizationId);
}

export function setOrganizationId(id: string | null): void {
  update({ [KEYS.organizationId]: id });
}

/** Signs the browser out: tokens and the selected organization go together. */
export function clearSession(): void {
  update({ [KEYS.accessToken]: null, [KEYS.refreshToken]: null, [KEYS.organizationId]: null });
}

export function getLanguage(): Language {
  const value = read(KEYS.language);
  return value === 'ar' ? 'ar' : 'en';
}

export function setLanguage(language: Language): void {
  update({ [KEYS.language]: language });
}

function parseUpgradeError(raw: string | null): UpgradeError | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    return {
      message: typeof record.message === 'string' ? record.message : '',
      limitType: typeof record.limitType === 'string' ? record.limitType : null,
      currentUsage: num(record.currentUsage),
      limit: num(record.limit),
    };
  } catch {
    return null;
  }
}

export function getUpgradeError(): UpgradeError | null {
  return parseUpgradeError(read(KEYS.upgradeError));
}

/** The raw stored text, stable between calls, for subscribers that compare snapshots. */
export function getUpgradeErrorRaw(): string | null {
  return read(KEYS.upgradeError);
}

export function setUpgradeError(error: UpgradeError | null): void {
  update({ [KEYS.upgradeError]: error ? JSON.stringify(error) : null });
}

export function getUpgradePayment(): UpgradePayment | null {
  const paymentId = read(KEYS.upgradePaymentId);
  const cycle = read(KEYS.upgradeBillingCycle);
  if (!paymentId) return null;
  return { paymentId, billingCycle: cycle === 'yearly' ? 'yearly' : 'monthly' };
}

export function setUpgradePayment(payment: UpgradePayment | null): void {
  update({
    [KEYS.upgradePaymentId]: payment?.paymentId ?? null,
    [KEYS.upgradeBillingCycle]: payment?.billingCycle ?? null,
  });
}
