import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  clippedContent,
  expectLanguage,
  languages,
  saveScreenshot,
  text,
  uniqueEmail,
  useLanguage,
} from '../support/app';
import type { Language } from '../support/app';

/** Registers a new owner with an organization of their own and opens its dashboard. */
async function registerOwner(page: Page, language: Language, organization: string): Promise<string> {
  const email = uniqueEmail(`owner-${language}`);
  await useLanguage(page, language);
  await page.goto('/register');
  await page.getByTestId('register-name').fill(language === 'ar' ? 'منى المالكة' : 'Mona Owner');
  await page.getByTestId('register-organization').fill(organization);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('a-good-password-1');
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/org\/select$/);
  await page
    .getByTestId('organization-list')
    .locator('li', { hasText: organization })
    .getByRole('button')
    .click();
  await expect(page.getByTestId('dashboard-welcome')).toContainText(organization);
  return email;
}

/** The links of the desktop bar whose label does not fit. */
const cutBarLinks = (page: Page) =>
  page.getByTestId('nav-bar').evaluate((nav) =>
    [...nav.querySelectorAll('a, button')]
      .filter((link) => {
        const label = link.querySelector('.mantine-Button-label') ?? link;
        return label.scrollWidth > label.clientWidth + 1;
      })
      .map((link) => link.getAttribute('data-testid')),
  );

const memberRow = (page: Page, email: string) =>
  page.getByTestId('member-row').filter({ has: page.getByTestId('member-email').getByText(email) });

for (const language of languages) {
  test(`an owner invites a colleague, who joins by registering from the link; role change and removal (${language})`, async ({
    page,
    browser,
  }) => {
    const organization = language === 'ar' ? `فريق الاختبار ${Date.now()}` : `Team Org ${Date.now()}`;
    const colleagueEmail = uniqueEmail(`colleague-${language}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const ownerEmail = await registerOwner(page, language, organization);
    const colleagueName = language === 'ar' ? 'كريم' : 'Karim';

    // Members is in the bar of an owner, and every link of the bar still fits.
    await expect(page.getByTestId('nav-members')).toBeVisible();
    expect(await cutBarLinks(page)).toEqual([]);
    await page.getByTestId('nav-members').click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId('page-title')).toHaveText(text(language, 'members:title'));
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByTestId('member-you')).toHaveText(text(language, 'members:list.you'));
    await expect(page.getByTestId('invitations-empty')).toContainText(
      text(language, 'members:invitations.empty'),
    );

    // Invite, and copy the link.
    await page.getByTestId('invite-email').fill(colleagueEmail);
    await page.getByTestId('invite-role').selectOption('USER');
    await page.getByTestId('invite-submit').click();
    const linkBox = page.getByTestId('invitation-link');
    await expect(linkBox).toContainText(colleagueEmail);
    await linkBox.getByTestId('invitation-link-copy').click();
    await expect(linkBox.getByTestId('invitation-link-copy')).toHaveText(
      text(language, 'members:link.copied'),
    );
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\/[A-Za-z0-9_-]{40,}$/);
    await expect(linkBox.getByTestId('invitation-link-url')).toHaveValue(link);
    await expect(page.getByTestId('invitation-row')).toHaveCount(1);
    await expect(page.getByTestId('invitation-row')).toContainText(colleagueEmail);
    await saveScreenshot(page, 'members', language);

    // The colleague, in a browser of their own, opens the link and registers.
    const other = await browser.newContext();
    const colleague = await other.newPage();
    await colleague.goto('/');
    await colleague.evaluate((value) => window.localStorage.setItem('invoicing.language', value), language);
    await colleague.goto(link);
    await expectLanguage(colleague, language);
    await expect(colleague.getByTestId('page-title')).toHaveText(
      text(language, 'members:invitation.title', { organization }),
    );
    await expect(colleague.getByTestId('invitation-role')).toHaveText(text(language, 'orgs:roles.USER'));
    await expect(colleague.getByTestId('invited-register-email')).toHaveValue(colleagueEmail);
    await saveScreenshot(colleague, 'invitation', language);
    await colleague.getByTestId('invited-register-name').fill(colleagueName);
    await colleague.getByTestId('invited-register-password').fill('colleague-password-1');
    await colleague.getByTestId('invited-register-submit').click();
    await expect(colleague).toHaveURL(/\/dashboard$/);
    await expect(colleague.getByTestId('dashboard-welcome')).toContainText(organization);
    await expect(colleague.getByTestId('dashboard-role')).toContainText(text(language, 'orgs:roles.USER'));
    // A USER is offered no Members page, and the colleague owns no organization of their own.
    await expect(colleague.getByTestId('nav-customers')).toBeVisible();
    await expect(colleague.getByTestId('nav-members')).toHaveCount(0);
    await colleague.getByTestId('nav-organizations').click();
    await expect(colleague.getByTestId('organization-list').locator('li')).toHaveCount(1);
    await colleague.getByTestId('organization-list').locator('li').getByRole('button').click();
    await expect(colleague).toHaveURL(/\/dashboard$/);

    // The link was used once: opening it again says so.
    const third = await browser.newPage();
    await third.goto(link);
    await expect(third.getByTestId('invitation-invalid')).toContainText(
      'This invitation has already been used.',
    );
    await third.close();

    // The owner sees the new member, and no pending invitation.
    await page.reload();
    await expect(memberRow(page, colleagueEmail)).toBeVisible();
    await expect(page.getByTestId('invitations-empty')).toBeVisible();

    // Promotion: at once. The colleague has the role on their next page.
    await memberRow(page, colleagueEmail).getByTestId('member-role-select').selectOption('ADMIN');
    await expect(
      page.getByText(
        text(language, 'members:toast.roleChanged', {
          name: colleagueName,
          role: text(language, 'orgs:roles.ADMIN'),
        }),
      ),
    ).toBeVisible();
    await colleague.reload();
    await expect(colleague.getByTestId('dashboard-role')).toContainText(text(language, 'orgs:roles.ADMIN'));
    await expect(colleague.getByTestId('nav-members')).toBeVisible();

    // Demotion: only after the confirmation.
    await memberRow(page, colleagueEmail).getByTestId('member-role-select').selectOption('USER');
    const demote = page.getByTestId('demote-delete-dialog');
    await expect(demote).toContainText(text(language, 'members:confirm.demoteTitle'));
    await demote.getByTestId('demote-delete-confirm').click();
    await expect(demote).toBeHidden();
    await expect(memberRow(page, colleagueEmail).getByTestId('member-role-select')).toHaveValue('USER');
    await colleague.reload();
    await expect(colleague.getByTestId('dashboard-role')).toContainText(text(language, 'orgs:roles.USER'));

    // The last owner cannot step down: the refusal is said in the page language.
    await memberRow(page, ownerEmail).getByTestId('member-role-select').selectOption('USER');
    await page.getByTestId('demote-delete-confirm').click();
    await expect(page.getByTestId('demote-delete-error')).toContainText(
      language === 'en'
        ? "The last owner's role cannot be changed: make another member an owner first."
        : text('ar', 'errors:codes.LAST_OWNER'),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('demote-delete-dialog')).toBeHidden();

    // Removal, after the confirmation: the colleague's next request is refused.
    await memberRow(page, colleagueEmail).getByTestId('member-remove').click();
    const removal = page.getByTestId('member-delete-dialog');
    await expect(removal).toContainText(text(language, 'members:confirm.removeTitle'));
    await removal.getByTestId('member-delete-confirm').click();
    await expect(memberRow(page, colleagueEmail)).toHaveCount(0);
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await colleague.goto('/dashboard');
    await expect(colleague.getByText(text(language, 'errors:codes.NOT_A_MEMBER')).first()).toBeVisible();

    await other.close();
  });

  test(`the members page shows everything on a phone (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const organization = language === 'ar' ? `فريق الهاتف ${Date.now()}` : `Phone Team ${Date.now()}`;
    await registerOwner(page, language, organization);
    await page.goto('/members');
    await page.getByTestId('invite-email').fill(uniqueEmail(`a-rather-long-colleague-address-${language}`));
    await page.getByTestId('invite-role').selectOption('ADMIN');
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invitation-link')).toBeVisible();
    await expect(page.getByTestId('invitation-row')).toHaveCount(1);
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect.poll(() => clippedContent(page), { timeout: 10_000 }).toEqual([]);
    await saveScreenshot(page, 'members-phone', language);
  });
}
