import { ActionIcon, Button, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemOptions } from '../api/search-items';
import type { ErrorFor, LineState } from '../hooks/invoice-form';

type NewLine = Omit<LineState, 'key'>;

interface LinesTableProps {
  lines: LineState[];
  /** Each line's total, formatted. */
  lineTotals: string[];
  errorFor: ErrorFor;
  onAdd: (line: NewLine) => void;
  onChange: (key: number, patch: Partial<LineState>) => void;
  onRemove: (key: number) => void;
}

/** The invoice's lines: added from the catalogue or free, edited in place, removed. */
export function InvoiceLinesTable({
  lines,
  lineTotals,
  errorFor,
  onAdd,
  onChange,
  onRemove,
}: LinesTableProps) {
  const { t } = useTranslation('invoices');
  const linesError = errorFor('lines_data');
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {t('editor.lines')}
        </Title>
        <AddLineControls onAdd={onAdd} />
      </Group>
      {linesError ? (
        <Text c="red" size="sm" role="alert" data-testid="invoice-lines-error">
          {linesError}
        </Text>
      ) : null}
      {lines.length === 0 ? (
        <Text c="dimmed" data-testid="invoice-no-lines">
          {t('editor.noLines')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('editor.description')}</Table.Th>
                <Table.Th w={120}>{t('editor.quantity')}</Table.Th>
                <Table.Th w={160}>{t('editor.unitPrice')}</Table.Th>
                <Table.Th w={160} className="money">
                  {t('editor.lineTotal')}
                </Table.Th>
                <Table.Th w={60}>{t('editor.remove')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <LineRow
                  key={line.key}
                  line={line}
                  index={index}
                  total={lineTotals[index] ?? ''}
                  errorFor={errorFor}
                  onChange={onChange}
                  onRemove={onRemove}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

// The parts below take their callbacks and data unchanged from one keystroke to the next, so that typing
// in one line renders that line and the totals, not every field of the invoice.

const AddLineControls = memo(function AddLineControls({ onAdd }: { onAdd: (line: NewLine) => void }) {
  const { t } = useTranslation('invoices');
  const [itemSearch, setItemSearch] = useState('');
  const [itemQ] = useDebouncedValue(itemSearch, 250);
  const items = useItemOptions(itemQ);
  const itemData = useMemo(
    () =>
      (items.data?.results ?? []).map((item) => ({
        value: item.id,
        label: item.sku ? `${item.name} (${item.sku})` : item.name,
      })),
    [items.data],
  );

  function addItem(itemId: string | null) {
    const item = items.data?.results.find((candidate) => candidate.id === itemId);
    if (!item) return;
    onAdd({ item_id: item.id, description: item.name, quantity: '1', unit_price: item.unit_price });
    setItemSearch('');
  }

  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('editor.addItem')}
        placeholder={t('editor.addItemPlaceholder')}
        searchable
        value={null}
        searchValue={itemSearch}
        onSearchChange={setItemSearch}
        onChange={addItem}
        filter={({ options }) => options}
        data={itemData}
        nothingFoundMessage={t('editor.noItems')}
        data-testid="invoice-add-item"
      />
      <Button
        variant="light"
        onClick={() => onAdd({ item_id: null, description: '', quantity: '1', unit_price: '0.00' })}
        data-testid="invoice-add-line"
      >
        {t('editor.addLine')}
      </Button>
    </Group>
  );
});

interface LineRowProps {
  line: LineState;
  index: number;
  /** The line's total, formatted. */
  total: string;
  errorFor: ErrorFor;
  onChange: (key: number, patch: Partial<LineState>) => void;
  onRemove: (key: number) => void;
}

const LineRow = memo(function LineRow({ line, index, total, errorFor, onChange, onRemove }: LineRowProps) {
  const { t } = useTranslation('invoices');
  return (
    <Table.Tr data-testid="invoice-line">
      <Table.Td>
        <TextInput
          aria-label={t('editor.description')}
          value={line.description}
          onChange={(event) => onChange(line.key, { description: event.currentTarget.value })}
          error={errorFor(`lines_data.${index}.description`)}
          data-testid="line-description"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          type="number"
          min={1}
          step="any"
          aria-label={t('editor.quantity')}
          value={line.quantity}
          onChange={(event) => onChange(line.key, { quantity: event.currentTarget.value })}
          error={errorFor(`lines_data.${index}.quantity`)}
          dir="ltr"
          data-testid="line-quantity"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          type="number"
          min={0}
          step={0.01}
          aria-label={t('editor.unitPrice')}
          value={line.unit_price}
          onChange={(event) => onChange(line.key, { unit_price: event.currentTarget.value })}
          error={errorFor(`lines_data.${index}.unit_price`)}
          dir="ltr"
          data-testid="line-unit-price"
        />
      </Table.Td>
      <Table.Td className="money" data-testid="line-total">
        {total}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('editor.remove')}
          onClick={() => onRemove(line.key)}
          data-testid="line-remove"
        >
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
