import { invoiceImageTypes, MAX_IMAGE_BYTES } from '@invoicing/contract';
import type { Invoice } from '@invoicing/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, describeFieldError } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import {
  useDeleteInvoiceImageMutation,
  useRestoreInvoiceImageMutation,
  useUploadInvoiceImageMutation,
} from '../api/invoice-image';
import { ImageStatusBadge } from './status-badge';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function InvoiceImagePanel({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation(['invoices', 'errors']);
  const language = i18n.language;
  const upload = useUploadInvoiceImageMutation();
  const remove = useDeleteInvoiceImageMutation();
  const restore = useRestoreInvoiceImageMutation();
  const [fileError, setFileError] = useState<string | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [reason, setReason] = useState('');

  async function onFile(file: File | null) {
    setFileError(null);
    if (!file) return;
    if (!(invoiceImageTypes as readonly string[]).includes(file.type)) {
      setFileError(t('errors:validation.imageType'));
      return;
    }
    if (file.size >= MAX_IMAGE_BYTES) {
      setFileError(t('errors:validation.imageTooLarge'));
      return;
    }
    try {
      const imageData = await readAsDataUrl(file);
      await upload.mutateAsync({ id: invoice.id, imageData, fileName: file.name, fileType: file.type });
      showToast(t('image.uploaded'), 'success');
    } catch (error) {
      showToast(
        `${t('image.uploadFailed')}: ${describeFieldError(error, t, language, t('image.uploadFailed'))}`,
        'error',
      );
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync({ id: invoice.id, reason: reason.trim() });
      showToast(t('image.deleted'), 'success');
      setDeleteOpen(false);
      setReason('');
    } catch (error) {
      showToast(
        `${t('image.deletionFailed')}: ${describeError(error, t, language, t('image.deletionFailed'))}`,
        'error',
      );
    }
  }

  async function onRestore() {
    try {
      await restore.mutateAsync({ id: invoice.id });
      showToast(t('image.restored'), 'success');
    } catch (error) {
      showToast(
        `${t('image.restoreFailed')}: ${describeError(error, t, language, t('image.restoreFailed'))}`,
        'error',
      );
    }
  }

  const uploadButton = (label: string, testId: string) => (
    <FileButton
      onChange={(file) => void onFile(file)}
      accept="image/jpeg,image/png,image/webp,application/pdf"
      inputProps={{ 'data-testid': 'image-file-input' } as never}
    >
      {(props) => (
        <Button {...props} loading={upload.isPending} data-testid={testId}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="invoice-image-panel">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('image.title')}
          </Title>
          <ImageStatusBadge status={invoice.image_status} />
        </Group>
        {fileError ? (
          <Alert color="red" variant="light" role="alert" data-testid="image-file-error">
            {fileError}
          </Alert>
        ) : null}
        {invoice.image_status === 'no_image' ? (
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">{t('image.none')}</Text>
            <Text size="sm" c="dimmed">
              {t('image.accepted')}
            </Text>
            {uploadButton(t('image.upload'), 'image-upload')}
          </Stack>
        ) : null}
        {invoice.image_status === 'available' ? (
          <Stack gap="sm">
            {invoice.image_preview_url ? (
              <Anchor href={invoice.image_url ?? invoice.image_preview_url} target="_blank" rel="noreferrer">
                <Image
                  src={invoice.image_preview_url}
                  alt={t('image.previewAlt', { name: invoice.image_name ?? '' })}
                  mah={360}
                  fit="contain"
                  radius="sm"
                  data-testid="image-preview"
                />
              </Anchor>
            ) : null}
            <Group gap="xs">
              {invoice.image_url ? (
                <Button
                  component="a"
                  href={invoice.image_url}
                  target="_blank"
                  rel="noreferrer"
                  variant="light"
                  data-testid="image-view"
                >
                  {t('image.view')}
                </Button>
              ) : null}
              {uploadButton(t('image.replace'), 'image-replace')}
              <Button
                color="red"
                variant="light"
                onClick={() => setDeleteOpen(true)}
                data-testid="image-delete"
              >
                {t('image.delete')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {invoice.image_status === 'deleted' ? (
          <Stack gap="sm" align="flex-start" data-testid="image-deleted-info">
            <Text>
              {t('image.deletedBy', {
                name: invoice.image_deleted_by_name ?? '—',
                when: invoice.image_deleted_at ? formatDateTime(invoice.image_deleted_at, language) : '—',
              })}
            </Text>
            <Text data-testid="image-deletion-reason">
              {t('image.reason')}: {invoice.image_deletion_reason || t('image.noReason')}
            </Text>
            <Group gap="xs">
              <Button
                onClick={() => void onRestore()}
                loading={restore.isPending}
                data-testid="image-restore"
              >
                {t('image.restore')}
              </Button>
              {uploadButton(t('image.uploadNew'), 'image-upload-new')}
            </Group>
          </Stack>
        ) : null}
      </Stack>
      <Modal opened={deleteOpen} onClose={() => setDeleteOpen(false)} title={t('image.deleteTitle')}>
        <Stack>
          <Text>{t('image.deleteUndoable')}</Text>
          <Textarea
            label={t('image.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="image-delete-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleteOpen(false)}>
              {t('editor.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => void onDelete()}
              loading={remove.isPending}
              data-testid="image-delete-confirm"
            >
              {t('image.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
