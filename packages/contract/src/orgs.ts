import { z } from 'zod';
import { optionalText, text } from './common';
import { validationMessages as m } from './errors';
import { memberManagerRoles } from './members';
import { currentOrganizationCall } from './read-calls';
import { membershipRoles } from './roles';
import { defineRoute } from './route';

/**
 * The countries an organization can name (ISO 3166-1 alpha-2): Egypt and the Gulf. `SA` puts ZATCA's
 * simplified tax invoice QR code on its invoices.
 */
export const organizationCountries = ['EG', 'SA', 'AE', 'KW', 'BH', 'QA', 'OM'] as const;
export type OrganizationCountry = (typeof organizationCountries)[number];

/** ZATCA's VAT registration number: 15 digits, the first and the last a 3. */
export const saudiVatNumberPattern = /^3\d{13}3$/;

/** What an owner or an admin changes of the organization: what its invoices print about it. */
export const organizationProfileInput = z
  .object({
    name: text({
      max: 200,
      required: m.organizationNameRequired,
      tooLong: m.organizationNameTooLong,
    }),
    /** Null or empty: no country given. */
    country: z
      .enum([...organizationCountries, ''], { error: m.countryInvalid })
      .nullish()
      .transform((v): OrganizationCountry | null => v || null),
    tax_id: optionalText({ max: 60, directionMarks: false }),
    address: optionalText({ max: 1000, multiline: true }),
  })
  .superRefine((v, ctx) => {
    if (v.country === 'SA' && v.tax_id !== '' && !saudiVatNumberPattern.test(v.tax_id)) {
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: m.saudiVatNumberInvalid });
    }
  });
export type OrganizationProfileInput = z.input<typeof organizationProfileInput>;

const currentOrganization = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  country: z.enum(organizationCountries).nullable(),
  tax_id: z.string(),
  address: z.string(),
  role: z.enum(membershipRoles),
  subscription: z
    .object({ plan_name: z.string(), status: z.string(), trial_ends_at: z.string().nullable() })
    .nullable(),
});
export type CurrentOrganization = z.infer<typeof currentOrganization>;

const organizationListItem = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(membershipRoles),
  currency: z.string(),
});
export type OrganizationListItem = z.infer<typeof organizationListItem>;

export const orgRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/orgs/',
    access: 'user',
    summary: "The caller's organizations",
    response: z.array(organizationListItem),
  }),
  current: defineRoute({
    ...currentOrganizationCall,
    summary: 'The selected organization, with its profile, the caller role and its subscription',
    response: currentOrganization,
  }),
  updateCurrent: defineRoute({
    method: 'PUT',
    path: '/orgs/current/',
    access: 'org',
    roles: memberManagerRoles,
    summary: "Change the organization's name, country, tax id and address (owners and admins)",
    body: organizationProfileInput,
    response: currentOrganization,
  }),
};
