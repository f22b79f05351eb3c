import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../lib/api-errors';
import type { PagePath } from '../../lib/paths';

interface FormErrorProps {
  /** What the last submission threw; nothing is shown without one. */
  error: unknown;
  /** Already translated: what to say when the error says nothing more precise. */
  fallback: string;
  testId?: string;
}

/** A failed submission in one sentence, above the form's fields. */
export function FormError({ error, fallback, testId = 'form-error' }: FormErrorProps) {
  const { t, i18n } = useTranslation('errors');
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {describeError(error, t, i18n.language, fallback)}
    </Alert>
  );
}

interface FormActionsProps {
  /** Where Cancel leads, without saving. */
  cancelTo: PagePath;
  /** Already translated labels. */
  cancelLabel: string;
  submitLabel: string;
  submitting: boolean;
  submitTestId: string;
}

/** Cancel and submit, at the inline end of the form. */
export function FormActions({
  cancelTo,
  cancelLabel,
  submitLabel,
  submitting,
  submitTestId,
}: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" component={Link} to={cancelTo}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={submitting} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
