import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceActions, InvoiceRef } from './invoice-actions';
import { menuButtonProps } from './invoice-row-menu';

/**
 * A row's menu once its code is there: it opens at once, since it is loaded by the press that opened it (see
 * InvoiceRowMenu).
 */
export function InvoiceRowMenuDropdown({
  invoice,
  actions,
}: {
  invoice: InvoiceRef;
  actions: InvoiceActions;
}) {
  const { t } = useTranslation('invoices');
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ActionIcon {...menuButtonProps(t, invoice)} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.preview(invoice)} data-testid="invoice-menu-preview">
          {t('actions.preview')}
        </Menu.Item>
        <Menu.Item onClick={() => actions.download(invoice)} data-testid="invoice-menu-download">
          {t('actions.download')}
        </Menu.Item>
        <Menu.Item onClick={() => void actions.duplicate(invoice)} data-testid="invoice-menu-duplicate">
          {t('actions.duplicate')}
        </Menu.Item>
        {invoice.status === 'DRAFT' ? (
          <Menu.Item color="red" onClick={() => actions.askDelete(invoice)} data-testid="invoice-menu-delete">
            {t('actions.delete')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
