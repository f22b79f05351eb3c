import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export type Language = 'en' | 'ar';
export const languages: Language[] = ['en', 'ar'];

export const demo = { email: 'demo@example.com', password: 'demo-password-123' };
export const superadmin = { email: 'admin@example.com', password: 'admin-password-123' };
export const demoOrganizations = { nile: 'Nile Trading Co.', gulf: 'شركة الخليج للتجارة' };

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const screenshotsDir = path.resolve(import.meta.dirname, '../artifacts/screenshots');

type Catalogue = Record<string, unknown>;
const cache = new Map<string, Catalogue>();

/** A string of the web app's catalogues, e.g. text('ar', 'nav:logout'). */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  const file = `${language}/${namespace}`;
  let catalogue = cache.get(file);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(path.join(localesDir, `${file}.json`), 'utf8')) as Catalogue;
    cache.set(file, catalogue);
  }
  const value = dotted.split('.').reduce<unknown>((node, part) => (node as Catalogue)[part], catalogue);
  if (typeof value !== 'string') throw new Error(`No string ${language}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

/** Chooses the language the way a returning visitor has it: stored in the browser before the page loads. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('invoicing.language', value), language);
  await page.reload();
  await expectLanguage(page, language);
}

export async function expectLanguage(page: Page, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/org\/select$/);
}

export async function chooseOrganization(page: Page, name: string): Promise<void> {
  await page.getByTestId('organization-list').locator('li', { hasText: name }).getByRole('button').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-welcome')).toContainText(name);
}

/** The test ids of the links in the desktop bar, in order. */
export async function barLinks(page: Page): Promise<string[]> {
  const nav = page.getByTestId('nav-bar');
  return nav
    .locator('a, button')
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-testid') ?? ''));
}

/** A full-page picture of the page for people to look at; toasts are hidden so they do not cover it. */
export async function saveScreenshot(
  page: Page,
  name: string,
  language: Language,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  const fullPage = options.fullPage ?? true;
  // A whole page taken while scrolled down draws the fixed navigation bar across its middle.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(screenshotsDir, `${name}-${language}.png`),
    fullPage,
    animations: 'disabled',
    style: '.mantine-Notifications-root { display: none !important; }',
  });
}

/**
 * What a phone user cannot see: the page wider than the screen, a box that cuts its content (a table in a
 * scroll box, a filter bar), or anything laid out beyond the screen's edges. Text cut on purpose with an
 * ellipsis, inputs (their text scrolls) and what is not shown are left out.
 */
export function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}` +
      `${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}: ` +
      `"${(element.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    }
    for (const element of document.querySelectorAll('main *')) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(element.tagName)) continue;
      if (style.textOverflow === 'ellipsis' || (style.position === 'absolute' && box.width <= 1)) continue;
      const clips = ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX);
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} cuts ${element.scrollWidth - element.clientWidth}px`);
      }
      if (box.right > width + 1 || box.left < -1) found.push(`${name(element)} lies beyond the screen`);
    }
    return found;
  });
}
