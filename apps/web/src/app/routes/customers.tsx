import { useParams } from 'react-router';
import { CustomerFormPage } from '../../features/customers/components/customer-form';
import { CustomerList } from '../../features/customers/components/customer-list';

export function CustomersPage() {
  return <CustomerList />;
}

export function CustomerNewPage() {
  return <CustomerFormPage />;
}

export function CustomerEditPage() {
  const { id } = useParams();
  return <CustomerFormPage id={id} />;
}
