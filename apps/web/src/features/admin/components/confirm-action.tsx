import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/api-errors';

interface ConfirmActionProps {
  opened: boolean;
  /** Already translated. */
  title: string;
  text: string;
  confirmLabel: string;
  /** Red for what takes something away. */
  danger: boolean;
  pending: boolean;
  /** A refusal, shown in the dialog; `failed` when it says nothing more. */
  error: unknown;
  failed: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** Asks before an admin action that takes something away or gives power; a refusal stays in the dialog. */
export function ConfirmAction(props: ConfirmActionProps) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} data-testid={props.testId}>
      <Stack>
        <Text>{props.text}</Text>
        {props.error ? (
          <Alert color="red" variant="light" role="alert" data-testid={`${props.testId}-error`}>
            {describeError(props.error, t, i18n.language, props.failed)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={props.danger ? 'red' : undefined}
            loading={props.pending}
            onClick={props.onConfirm}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
