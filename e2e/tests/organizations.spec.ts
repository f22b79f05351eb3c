import { expect, test } from '@playwright/test';
import {
  chooseOrganization,
  demo,
  demoOrganizations,
  languages,
  login,
  text,
  useLanguage,
} from '../support/app';

for (const language of languages) {
  test(`a user of two organizations picks one and switches to the other (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await login(page, demo.email, demo.password);

    const list = page.getByTestId('organization-list');
    await expect(list.locator('li')).toHaveCount(2);
    await expect(list.locator('li', { hasText: demoOrganizations.nile })).toContainText(
      text(language, 'orgs:roles.OWNER'),
    );
    await expect(list.locator('li', { hasText: demoOrganizations.gulf })).toContainText(
      text(language, 'orgs:roles.ADMIN'),
    );

    await chooseOrganization(page, demoOrganizations.nile);
    await expect(page.getByTestId('dashboard-role')).toContainText(text(language, 'orgs:roles.OWNER'));

    // Switching: back through Organizations, the current one is marked.
    await page.getByTestId('nav-organizations').click();
    await expect(page).toHaveURL(/\/org\/select$/);
    await expect(list.locator('li', { hasText: demoOrganizations.nile })).toContainText(
      text(language, 'orgs:select.current'),
    );
    await chooseOrganization(page, demoOrganizations.gulf);
    await expect(page.getByTestId('dashboard-role')).toContainText(text(language, 'orgs:roles.ADMIN'));

    // The choice is remembered by the browser.
    await page.reload();
    await expect(page.getByTestId('dashboard-welcome')).toContainText(demoOrganizations.gulf);

    // The dashboard's switch button leads to the same list.
    await page.getByTestId('switch-organization').click();
    await expect(page).toHaveURL(/\/org\/select$/);
  });
}
