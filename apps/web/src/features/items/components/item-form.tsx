import { currencies, itemInput } from '@invoicing/contract';
import { NativeSelect, TextInput } from '@mantine/core';
import { RecordForm } from '../../../components/form/record-form';
import { paths } from '../../../lib/paths';
import { useItem } from '../api/get-item';
import { useSaveItemMutation } from '../api/save-item';

export function ItemFormPage({ id }: { id?: string }) {
  const query = useItem(id);
  const mutation = useSaveItemMutation();
  return (
    <RecordForm
      id={id}
      query={query}
      namespace="items"
      testId="item"
      schema={itemInput}
      defaults={{ name: '', sku: '', currency: 'EGP', unit_price: '', tax_rate: '14.00' }}
      save={(input, item) => mutation.mutateAsync({ id: item?.id, input })}
      listPath={paths.items}
    >
      {(field) => (
        <>
          <TextInput {...field('name')} withAsterisk />
          <TextInput {...field('sku')} dir="ltr" />
          <NativeSelect {...field('currency')} data={[...currencies]} />
          <TextInput {...field('unit_price')} inputMode="decimal" dir="ltr" withAsterisk />
          <TextInput {...field('tax_rate')} inputMode="decimal" dir="ltr" />
        </>
      )}
    </RecordForm>
  );
}
