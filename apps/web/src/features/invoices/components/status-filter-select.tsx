import { Select } from '@mantine/core';

interface StatusFilterSelectProps {
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
  label: string;
}

/** The status filter as a list, where a phone has no room for the row of buttons. */
export function StatusFilterSelect({ value, onChange, data, label }: StatusFilterSelectProps) {
  return (
    <Select
      value={value}
      onChange={(chosen) => chosen && onChange(chosen)}
      data={data}
      allowDeselect={false}
      aria-label={label}
      data-testid="invoice-status-filter"
    />
  );
}
