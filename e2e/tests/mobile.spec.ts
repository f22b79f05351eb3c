import { expect, test } from '@playwright/test';
import {
  chooseOrganization,
  demo,
  demoOrganizations,
  languages,
  login,
  saveScreenshot,
  text,
  useLanguage,
} from '../support/app';

test.use({ viewport: { width: 390, height: 844 } });

for (const language of languages) {
  test(`the mobile menu holds the bar's links (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await expect(page.getByTestId('nav-bar')).toBeHidden();
    await page.getByTestId('nav-burger').click();
    await expect(page.getByTestId('drawer-nav-login')).toHaveText(text(language, 'nav:login'));
    await page.getByTestId('drawer-nav-login').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('drawer-nav')).toBeHidden();

    await login(page, demo.email, demo.password);
    await chooseOrganization(page, demoOrganizations.gulf);
    await saveScreenshot(page, 'mobile-dashboard', language);
    await page.getByTestId('nav-burger').click();
    await expect(page.getByTestId('drawer-nav-invoiceDashboard')).toHaveText(
      text(language, 'nav:invoiceDashboard'),
    );
    // An open drawer covers the viewport only: a full-page picture would cut it off.
    await saveScreenshot(page, 'mobile-menu', language, { fullPage: false });
    await page.getByTestId('drawer-nav-logout').click();
    await expect(page).toHaveURL(/\/login$/);
  });
}
