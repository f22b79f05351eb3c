import { ActionIcon, Button, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemOptions } from '../api/search-items';
import { stackedTable } from '../../../components/list/stacked-table';
import { translateValidationMessage } from '../../../lib/api-errors';
import { lineIssues } from '../hooks/invoice-form';
import type { ErrorFor, LineField, LineState } from '../hooks/invoice-form';
import { TableScroll } from '../../../components/list/table-scroll';

type NewLine = Omit<LineState, 'key'>;

const freeLine: NewLine = { item_id: null, description: '', quantity: '1', unit_price: '0.00' };

interface LinesTableProps {
  lines: LineState[];
  /** Each line's total, formatted. */
  lineTotals: string[];
  /** The line that takes the focus when it appears: the one just added. */
  focusKey: number | null;
  errorFor: ErrorFor;
  onAdd: (line: NewLine) => void;
  onChange: (key: number, patch: Partial<LineState>) => void;
  onRemove: (key: number) => void;
}

/** The invoice's lines: added from the catalogue or free, edited in place, removed. */
export function InvoiceLinesTable({
  lines,
  lineTotals,
  focusKey,
  errorFor,
  onAdd,
  onChange,
  onRemove,
}: LinesTableProps) {
  const { t } = useTranslation('invoices');
  const linesError = errorFor('lines_data');
  const tableRef = useRef<HTMLTableElement>(null);
  // Enter in a line goes to the next field, and from the last field of the last line to a new line: it never
  // sends the invoice half typed.
  const onEnter = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const fields = [
        ...(tableRef.current?.querySelectorAll<HTMLInputElement>('input[data-line-field]') ?? []),
      ];
      const next = fields[fields.indexOf(event.currentTarget) + 1];
      if (next) next.focus();
      else onAdd(freeLine);
    },
    [onAdd],
  );
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
        <TableScroll minWidth={700}>
          <Table ref={tableRef} className={stackedTable} data-testid="invoice-lines">
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
                  focused={line.key === focusKey}
                  errorFor={errorFor}
                  onEnter={onEnter}
                  onChange={onChange}
                  onRemove={onRemove}
                />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
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
      <Button variant="light" onClick={() => onAdd(freeLine)} data-testid="invoice-add-line">
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
  /** Takes the focus when it appears (on its description, or its quantity when it comes from the catalogue). */
  focused: boolean;
  errorFor: ErrorFor;
  onEnter: (event: KeyboardEvent<HTMLInputElement>) => void;
  onChange: (key: number, patch: Partial<LineState>) => void;
  onRemove: (key: number) => void;
}

const LineRow = memo(function LineRow(props: LineRowProps) {
  const { line, index, total, focused, errorFor, onEnter, onChange, onRemove } = props;
  const { t } = useTranslation('invoices');
  // Once the user has typed in a line, its mistakes show at once, by the contract's rules for a line.
  const issues = line.touched ? lineIssues(line) : {};
  const error = (field: LineField) => {
    const live = issues[field];
    return (
      errorFor(`lines_data.${index}.${field}`) ?? (live ? translateValidationMessage(live, t) : undefined)
    );
  };
  return (
    <Table.Tr data-testid="invoice-line">
      <Table.Td data-label={t('editor.description')}>
        <TextInput
          aria-label={t('editor.description')}
          value={line.description}
          onChange={(event) => onChange(line.key, { description: event.currentTarget.value })}
          error={error('description')}
          data-line-field
          onKeyDown={onEnter}
          autoFocus={focused && !line.item_id}
          data-testid="line-description"
        />
      </Table.Td>
      <Table.Td data-label={t('editor.quantity')}>
        <TextInput
          type="number"
          min={1}
          step="any"
          aria-label={t('editor.quantity')}
          value={line.quantity}
          onChange={(event) => onChange(line.key, { quantity: event.currentTarget.value })}
          error={error('quantity')}
          data-line-field
          onKeyDown={onEnter}
          autoFocus={focused && Boolean(line.item_id)}
          dir="ltr"
          data-testid="line-quantity"
        />
      </Table.Td>
      <Table.Td data-label={t('editor.unitPrice')}>
        <TextInput
          type="number"
          min={0}
          step={0.01}
          aria-label={t('editor.unitPrice')}
          value={line.unit_price}
          onChange={(event) => onChange(line.key, { unit_price: event.currentTarget.value })}
          error={error('unit_price')}
          data-line-field
          onKeyDown={onEnter}
          dir="ltr"
          data-testid="line-unit-price"
        />
      </Table.Td>
      <Table.Td className="money" data-testid="line-total" data-label={t('editor.lineTotal')}>
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
