import type { Customer } from '@invoicing/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordList } from '../../../components/list/record-list';
import { href, paths } from '../../../lib/paths';
import { useDeleteCustomerMutation } from '../api/delete-customer';
import { customersQueryOptions } from '../api/list-customers';

export function CustomerList() {
  const remove = useDeleteCustomerMutation();
  return (
    <RecordList
      namespace="customers"
      testIds={{ one: 'customer', many: 'customers' }}
      newPath={paths.customerNew}
      editPath={(customer) => href(paths.customerEdit, { id: customer.id })}
      listQuery={customersQueryOptions}
      remove={remove}
      details={(customer) => <CustomerDetails customer={customer} />}
    />
  );
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  return (
    <>
      {customer.email ? (
        <Text size="sm" dir="ltr" ta="start">
          {customer.email}
        </Text>
      ) : null}
      {customer.phone ? (
        <Text size="sm">
          {t('fields.phone')}: <bdi dir="ltr">{customer.phone}</bdi>
        </Text>
      ) : null}
      {customer.tax_id ? (
        <Text size="sm">
          {t('fields.taxId')}: <bdi>{customer.tax_id}</bdi>
        </Text>
      ) : null}
      {customer.address ? (
        <Text size="sm" c="dimmed">
          <bdi data-testid="customer-address">{customer.address}</bdi>
        </Text>
      ) : null}
    </>
  );
}
