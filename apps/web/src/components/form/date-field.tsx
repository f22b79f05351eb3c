import { ActionIcon, TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, readDate, writeDate } from '../../lib/dates';
import { IconCalendar } from '../icons';

interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The day as the request sends it (YYYY-MM-DD), '' for none, or what was typed when it is not a day. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A day typed in the page language's order (01/15/2026 in English, 15/01/2026 in Arabic) or chosen on the
 * calendar, whatever the browser's own language: a native date input would follow the browser instead.
 * What is not a day is passed on as typed, for the form's check to name.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { value, onChange, ...props },
  ref,
) {
  const { t, i18n } = useTranslation('common');
  const pattern = useMemo(() => datePattern(i18n.language), [i18n.language]);
  const [text, setText] = useState(() => writeDate(value, pattern));
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a loaded record, the calendar, the language changed) is shown the page's way.
  useEffect(() => {
    setText((current) =>
      (readDate(current, pattern) ?? current.trim()) === value ? current : writeDate(value, pattern),
    );
  }, [value, pattern]);

  const placeholder = pattern.order.map((part) => t(`dateParts.${part}`)).join(pattern.separator);
  return (
    <TextInput
      {...props}
      ref={ref}
      value={text}
      placeholder={placeholder}
      inputMode="numeric"
      dir="ltr"
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(readDate(typed, pattern) ?? typed.trim());
      }}
      rightSection={
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('chooseDate')}
            onClick={() => picker.current?.showPicker()}
          >
            <IconCalendar size={16} />
          </ActionIcon>
          {/* The browser's calendar, opened by the button; the field shows the day it gives the page's way. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
            onChange={(event) => onChange(event.currentTarget.value)}
            style={{ position: 'absolute', inlineSize: 1, blockSize: 1, opacity: 0, pointerEvents: 'none' }}
          />
        </>
      }
    />
  );
});
