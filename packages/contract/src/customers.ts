import { z } from 'zod';
import { defineRoute } from './route';
import { idParams, optionalText, pageQuery, paginated, text } from './common';
import { validationMessages as m } from './errors';

export const customerInput = z.object({
  name: text({ max: 200, required: m.customerNameRequired }),
  email: optionalText({ max: 254, tooLong: m.emailInvalid, directionMarks: false }).refine(
    (v) => v === '' || z.email().safeParse(v).success,
    { error: m.emailInvalid },
  ),
  phone: optionalText({ max: 40, directionMarks: false }).refine(
    (v) => v === '' || /^[+\d\s()\-./٠-٩]{3,40}$/.test(v),
    { error: m.phoneInvalid },
  ),
  tax_id: optionalText({ max: 60, directionMarks: false }),
  address: optionalText({ max: 1000, multiline: true }),
});
export type CustomerInput = z.input<typeof customerInput>;

export const customer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  tax_id: z.string(),
  address: z.string(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

const customerListQuery = pageQuery.extend({ q: optionalText({ max: 200 }) });

export const customerRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customers/',
    access: 'org',
    summary: 'Customers, searched by name, email, phone or tax id',
    query: customerListQuery,
    response: paginated(customer),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/customers/',
    access: 'org',
    summary: 'Create a customer',
    body: customerInput,
    response: customer,
    successStatus: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/customers/:id/',
    access: 'org',
    summary: 'One customer',
    params: idParams,
    response: customer,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/customers/:id/',
    access: 'org',
    summary: 'Replace a customer',
    params: idParams,
    body: customerInput,
    response: customer,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/customers/:id/',
    access: 'org',
    summary: 'Delete a customer that no invoice refers to',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
};
