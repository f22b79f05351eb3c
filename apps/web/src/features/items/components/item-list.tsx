import type { Item } from '@invoicing/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordList } from '../../../components/list/record-list';
import { formatMoney, formatNumber } from '../../../lib/format';
import { href, paths } from '../../../lib/paths';
import { useDeleteItemMutation } from '../api/delete-item';
import { itemsQueryOptions } from '../api/list-items';

export function ItemList() {
  const remove = useDeleteItemMutation();
  return (
    <RecordList
      namespace="items"
      testIds={{ one: 'item', many: 'items' }}
      newPath={paths.itemNew}
      editPath={(item) => href(paths.itemEdit, { id: item.id })}
      listQuery={itemsQueryOptions}
      remove={remove}
      details={(item) => <ItemDetails item={item} />}
    />
  );
}

function ItemDetails({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('items');
  return (
    <>
      {item.sku ? (
        <Text size="sm">
          {t('fields.sku')}: <bdi>{item.sku}</bdi>
        </Text>
      ) : null}
      <Text size="sm" data-testid="item-price">
        {formatMoney(item.unit_price, item.currency, i18n.language)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('fields.taxRate')}:{' '}
        {formatNumber(Number(item.tax_rate) / 100, i18n.language, {
          style: 'percent',
          maximumFractionDigits: 2,
        })}
      </Text>
    </>
  );
}
