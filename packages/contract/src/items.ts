import { z } from 'zod';
import { defineRoute } from './route';
import {
  currencies,
  decimalInput,
  idParams,
  money,
  optionalText,
  pageQuery,
  paginated,
  text,
} from './common';
import { validationMessages as m } from './errors';

export const itemInput = z.object({
  name: text({ max: 200, required: m.itemNameRequired }),
  sku: optionalText({ max: 64, directionMarks: false }),
  currency: z.enum(currencies, { error: m.currencyInvalid }).optional(),
  unit_price: decimalInput({
    scale: 2,
    min: 0,
    max: 999_999_999_999,
    messages: { invalid: m.priceInvalid, min: m.priceNegative, max: m.amountTooLarge },
  }),
  tax_rate: decimalInput({
    scale: 2,
    min: 0,
    max: 100,
    messages: { invalid: m.taxRateInvalid, min: m.taxRateInvalid, max: m.taxRateInvalid },
  })
    .optional()
    .default('14'),
});
export type ItemInput = z.input<typeof itemInput>;

export const item = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  currency: z.string(),
  unit_price: money,
  tax_rate: money,
  created_at: z.string(),
});
export type Item = z.infer<typeof item>;

export const itemRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/items/',
    access: 'org',
    summary: 'Items, searched by name or SKU',
    query: pageQuery.extend({ q: optionalText({ max: 200 }) }),
    response: paginated(item),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/items/',
    access: 'org',
    summary: 'Create an item; the SKU is unique within the organization',
    body: itemInput,
    response: item,
    successStatus: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/items/:id/',
    access: 'org',
    summary: 'One item',
    params: idParams,
    response: item,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/items/:id/',
    access: 'org',
    summary: 'Replace an item',
    params: idParams,
    body: itemInput,
    response: item,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/items/:id/',
    access: 'org',
    summary: 'Delete an item; invoice lines keep their own description and price',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
};
