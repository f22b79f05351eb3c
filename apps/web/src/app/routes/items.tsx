import { useParams } from 'react-router';
import { ItemFormPage } from '../../features/items/components/item-form';
import { ItemList } from '../../features/items/components/item-list';

export function ItemsPage() {
  return <ItemList />;
}

export function ItemNewPage() {
  return <ItemFormPage />;
}

export function ItemEditPage() {
  const { id } = useParams();
  return <ItemFormPage id={id} />;
}
