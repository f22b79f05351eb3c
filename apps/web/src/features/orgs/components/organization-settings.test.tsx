import type { CurrentOrganization, MembershipRole } from '@invoicing/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../lib/storage';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { OrganizationSettingsPage } from './organization-settings';

function fakeServer(role: MembershipRole = 'OWNER') {
  let organization: CurrentOrganization = {
    id: 'org-1',
    name: 'Nile Trading Co.',
    currency: 'EGP',
    country: 'EG',
    tax_id: '100-200-300',
    address: '15 Talaat Harb St, Cairo',
    role,
    subscription: null,
  };
  const calls = stubApi((call) => {
    if (call.path !== '/orgs/current/') return undefined;
    if (call.method === 'PUT') {
      const body = call.body as { name: string; country: string | null; tax_id: string; address: string };
      if (body.country === 'SA' && !/^3\d{13}3$/.test(body.tax_id))
        return jsonResponse(400, {
          detail: 'tax_id: A Saudi VAT number has 15 digits and starts and ends with 3',
          code: 'VALIDATION_FAILED',
          errors: { tax_id: ['A Saudi VAT number has 15 digits and starts and ends with 3'] },
        });
      organization = { ...organization, ...body, country: body.country as CurrentOrganization['country'] };
    }
    return jsonResponse(200, organization);
  });
  return { puts: () => calls.filter((c) => c.method === 'PUT').map((c) => c.body) };
}

const user = userEvent.setup({ delay: null });
const renderSettings = (language?: Language) =>
  renderPages({ '/organization': () => <OrganizationSettingsPage /> }, '/organization', language);

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('organization settings', { timeout: 30_000 }, () => {
  it('shows the profile and saves name, country, tax id and address', async () => {
    const server = fakeServer();
    await renderSettings();
    const name = await screen.findByTestId('organization-name');
    expect(name).toHaveValue('Nile Trading Co.');
    expect(screen.getByTestId('organization-tax-id')).toHaveValue('100-200-300');
    expect(screen.getByTestId('organization-address')).toHaveValue('15 Talaat Harb St, Cairo');
    expect(screen.getByText('Invoice currency: EGP')).toBeInTheDocument();

    await user.clear(screen.getByTestId('organization-address'));
    await user.type(screen.getByTestId('organization-address'), '3 Nile Corniche, Giza');
    await user.click(screen.getByTestId('organization-submit'));
    expect(await screen.findByText('Organization saved')).toBeInTheDocument();
    expect(server.puts()).toEqual([
      { name: 'Nile Trading Co.', country: 'EG', tax_id: '100-200-300', address: '3 Nile Corniche, Giza' },
    ]);
  });

  it('asks a Saudi organization for its VAT number, and checks it before sending, in Arabic', async () => {
    const server = fakeServer();
    await renderSettings('ar');
    await user.click(await screen.findByTestId('organization-country'));
    await user.click(await screen.findByRole('option', { name: 'المملكة العربية السعودية' }));
    expect(screen.getByText('رقم التسجيل في ضريبة القيمة المضافة')).toBeInTheDocument();
    await user.click(screen.getByTestId('organization-submit'));
    expect(
      await screen.findByText('الرقم الضريبي السعودي من 15 رقمًا يبدأ بالرقم 3 وينتهي به'),
    ).toBeInTheDocument();
    expect(server.puts()).toEqual([]);

    await user.clear(screen.getByTestId('organization-tax-id'));
    await user.type(screen.getByTestId('organization-tax-id'), '310122393500003');
    await user.click(screen.getByTestId('organization-submit'));
    await waitFor(() => expect(server.puts()).toHaveLength(1));
    expect(server.puts()[0]).toMatchObject({ country: 'SA', tax_id: '310122393500003' });
    expect(await screen.findByText('حُفظت بيانات المؤسسة')).toBeInTheDocument();
  });

  it('tells a USER that only owners and admins change it', async () => {
    fakeServer('USER');
    await renderSettings();
    expect(await screen.findByTestId('organization-not-allowed')).toHaveTextContent(
      'Only an owner or an admin can change the organization.',
    );
    expect(screen.queryByTestId('organization-form')).not.toBeInTheDocument();
  });
});
