import { ActionIcon } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDots } from '../../../components/icons';
import { isolate } from '../../../lib/format';
import type { InvoiceActions, InvoiceRef } from './invoice-actions';

// The menu itself (its floating dropdown and what positions it) is loaded when a row's menu is first opened.
const InvoiceRowMenuDropdown = lazy(() =>
  import('./invoice-row-menu-dropdown').then((module) => ({ default: module.InvoiceRowMenuDropdown })),
);

/** The row's menu button, the same before and after the menu's code is there. */
export function menuButtonProps(t: TFunction, invoice: InvoiceRef) {
  return {
    variant: 'subtle',
    color: 'gray',
    'aria-label': t('invoices:actions.menu', { number: isolate(invoice.number) }),
    'aria-haspopup': 'menu',
    'data-testid': 'invoice-menu',
    children: <IconDots size={18} />,
  } as const;
}

/** The list row's menu: preview, download, duplicate, and delete for a draft. */
export function InvoiceRowMenu({ invoice, actions }: { invoice: InvoiceRef; actions: InvoiceActions }) {
  const { t } = useTranslation('invoices');
  const [wanted, setWanted] = useState(false);
  const button = <ActionIcon {...menuButtonProps(t, invoice)} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={<ActionIcon {...menuButtonProps(t, invoice)} loading />}>
      <InvoiceRowMenuDropdown invoice={invoice} actions={actions} />
    </Suspense>
  );
}
