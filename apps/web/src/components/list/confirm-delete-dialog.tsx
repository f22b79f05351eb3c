import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/api-errors';
import type { Deletion } from './confirm-delete';

export interface ConfirmDeleteProps<T> {
  deletion: Deletion<T>;
  /** Already translated: the dialog's title, its question, and the labels of its buttons. */
  title: string;
  question: string;
  /** More to know before deleting, under the question. */
  note?: ReactNode;
  cancelLabel: string;
  deleteLabel: string;
  /** The sentence for a refusal; the error in one sentence, with `failed` when it says nothing more. */
  failed: string;
  /** Said above the refusal's sentence, when the dialog states the failure first ('Failed to remove purchase'). */
  failedTitle?: string;
  describe?: (error: unknown) => string;
  /** `customer` names the dialog customer-delete-dialog, its error customer-delete-error, and so on. */
  testIdPrefix: string;
}

/** The dialog that asks before deleting, and says why a deletion was refused (see ConfirmDelete). */
export function ConfirmDeleteDialog<T>(props: ConfirmDeleteProps<T>) {
  const { deletion, testIdPrefix } = props;
  const { t, i18n } = useTranslation('errors');
  return (
    <Modal
      opened={deletion.target !== null}
      onClose={deletion.close}
      title={props.title}
      data-testid={`${testIdPrefix}-delete-dialog`}
    >
      <Stack>
        <Text>{props.question}</Text>
        {props.note}
        {deletion.error ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={props.failedTitle}
            data-testid={`${testIdPrefix}-delete-error`}
          >
            {props.describe
              ? props.describe(deletion.error)
              : describeError(deletion.error, t, i18n.language, props.failed)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={deletion.close}>
            {props.cancelLabel}
          </Button>
          <Button
            color="red"
            loading={deletion.pending}
            onClick={() => void deletion.confirm()}
            data-testid={`${testIdPrefix}-delete-confirm`}
          >
            {props.deleteLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
