import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getLanguage,
  getOrganizationId,
  getUpgradeError,
  getUpgradePayment,
  setLanguage,
  setOrganizationId,
  setTokens,
  setUpgradeError,
  setUpgradePayment,
  subscribe,
} from './storage';

describe('storage', () => {
  it('notifies subscribers of changes in this tab, once per change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setTokens({ access: 'a', refresh: 'r' });
    setOrganizationId('org-1');
    setOrganizationId('org-1');
    expect(listener).toHaveBeenCalledTimes(2);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(getOrganizationId()).toBeNull();
    unsubscribe();
    setOrganizationId('org-2');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('notifies subscribers when another tab changes our keys, and only ours', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'invoicing.accessToken' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-else' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('keeps the language, English by default', () => {
    expect(getLanguage()).toBe('en');
    setLanguage('ar');
    expect(getLanguage()).toBe('ar');
    window.localStorage.setItem('invoicing.language', 'fr');
    expect(getLanguage()).toBe('en');
  });

  it('keeps the upgrade error and the upgrade payment', () => {
    setUpgradeError({ message: 'Invoice limit reached', limitType: 'invoices', currentUsage: 20, limit: 20 });
    expect(getUpgradeError()).toEqual({
      message: 'Invoice limit reached',
      limitType: 'invoices',
      currentUsage: 20,
      limit: 20,
    });
    window.localStorage.setItem('invoicing.upgradeError', '{not json');
    expect(getUpgradeError()).toBeNull();
    setUpgradePayment({ paymentId: 'pay-1', billingCycle: 'yearly' });
    expect(getUpgradePayment()).toEqual({ paymentId: 'pay-1', billingCycle: 'yearly' });
    setUpgradePayment(null);
    expect(getUpgradePayment()).toBeNull();
  });
});
