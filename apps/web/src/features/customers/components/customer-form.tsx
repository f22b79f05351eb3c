import { customerInput } from '@invoicing/contract';
import { TextInput, Textarea } from '@mantine/core';
import { RecordForm } from '../../../components/form/record-form';
import { paths } from '../../../lib/paths';
import { useCustomer } from '../api/get-customer';
import { useSaveCustomerMutation } from '../api/save-customer';

export function CustomerFormPage({ id }: { id?: string }) {
  const query = useCustomer(id);
  const mutation = useSaveCustomerMutation();
  return (
    <RecordForm
      id={id}
      query={query}
      namespace="customers"
      testId="customer"
      schema={customerInput}
      defaults={{ name: '', email: '', phone: '', tax_id: '', address: '' }}
      save={(input, customer) => mutation.mutateAsync({ id: customer?.id, input })}
      listPath={paths.customers}
    >
      {(field) => (
        <>
          <TextInput {...field('name')} withAsterisk />
          <TextInput {...field('email')} type="email" dir="ltr" />
          <TextInput {...field('phone')} type="tel" dir="ltr" />
          <TextInput {...field('tax_id')} />
          <Textarea {...field('address')} autosize minRows={2} />
        </>
      )}
    </RecordForm>
  );
}
