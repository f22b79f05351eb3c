import { MAX_UPLOAD_BYTES, toMb, uploadMimeTypes } from '@invoicing/contract';
import type { UploadedAttachment } from '@invoicing/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { FileRejection } from '@mantine/dropzone';
import { useEffect, useRef, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconUpload, IconX } from '../../../components/icons';
import { formatDate, isolate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useUploadAttachmentMutation } from '../api/upload-attachment';
import { formatMb, formatPercent } from '../hooks/ocr-format';
import { uploadErrorMessage } from '../hooks/ocr-messages';
import { FileThumb } from './file-thumb';
import { href, paths } from '../../../lib/paths';

type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';

interface QueuedFile {
  key: number;
  file: File;
  previewUrl: string | null;
  state: UploadState;
  /** 0 to 1. */
  progress: number;
  error: string | null;
  result: UploadedAttachment | null;
  abort: AbortController | null;
}

/** The picker's filter; the server checks the content again, whatever the name says. */
const accept = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

type Refusal = 'type' | 'size';

const extensions = Object.values(accept).flat();

function refusalOf(file: File): Refusal | null {
  const known = (uploadMimeTypes as readonly string[]).includes(file.type);
  // Some systems give no type for a file they do not know: its name is all there is to go by.
  const byName = file.type === '' && extensions.some((ext) => file.name.toLowerCase().endsWith(ext));
  if (!known && !byName) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

function previewOf(file: File): string | null {
  if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

function release(item: QueuedFile) {
  if (item.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(item.previewUrl);
}

let nextKey = 1;

/** Picks one or several invoice files, checks them before sending, and uploads them one by one. */
export function UploadPanel() {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  const language = i18n.language;
  const upload = useUploadAttachmentMutation();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: Refusal }[]>([]);
  const [running, setRunning] = useState(false);
  const queueRef = useRef(queue);
  queueRef.current = queue;

  useEffect(() => () => queueRef.current.forEach(release), []);

  function update(key: number, patch: Partial<QueuedFile>) {
    setQueue((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }

  function add(files: File[], rejections: FileRejection[]) {
    const refusals: { name: string; reason: Refusal }[] = rejections.map(({ file, errors }) => ({
      name: file.name,
      reason: errors.some((e) => e.code === 'file-too-large') && refusalOf(file) !== 'type' ? 'size' : 'type',
    }));
    const accepted: QueuedFile[] = [];
    for (const file of files) {
      const reason = refusalOf(file);
      if (reason) {
        refusals.push({ name: file.name, reason });
        continue;
      }
      accepted.push({
        key: nextKey++,
        file,
        previewUrl: previewOf(file),
        state: 'waiting',
        progress: 0,
        error: null,
        result: null,
        abort: null,
      });
    }
    setRefused(refusals);
    if (accepted.length > 0) setQueue((current) => [...current, ...accepted]);
  }

  function remove(item: QueuedFile) {
    item.abort?.abort();
    release(item);
    setQueue((current) => current.filter((other) => other.key !== item.key));
  }

  function clearFinished() {
    const finished = queue.filter((item) => item.state === 'done' || item.state === 'failed');
    finished.forEach(release);
    setQueue((current) => current.filter((item) => item.state === 'waiting' || item.state === 'uploading'));
  }

  async function uploadAll() {
    const waiting = queue.filter((item) => item.state === 'waiting');
    if (waiting.length === 0) return;
    setRunning(true);
    setRefused([]);
    let uploaded = 0;
    for (const item of waiting) {
      // Removed from the list meanwhile.
      if (!queueRef.current.some((other) => other.key === item.key)) continue;
      const abort = new AbortController();
      update(item.key, { state: 'uploading', progress: 0, error: null, abort });
      try {
        const result = await upload.mutateAsync({
          file: item.file,
          signal: abort.signal,
          onProgress: (progress) => update(item.key, { progress }),
        });
        uploaded += 1;
        update(item.key, { state: 'done', progress: 1, result, abort: null });
      } catch (error) {
        if (abort.signal.aborted) continue;
        const message = uploadErrorMessage(error, t, language);
        update(item.key, { state: 'failed', error: message, abort: null });
        showToast(message, 'error');
      }
    }
    setRunning(false);
    if (uploaded > 0) {
      showToast(
        uploaded === 1 ? t('ocr:upload.uploaded') : t('ocr:upload.uploadedMany', { count: uploaded }),
        'success',
      );
    }
  }

  const waitingCount = queue.filter((item) => item.state === 'waiting').length;
  const finishedCount = queue.filter((item) => item.state === 'done' || item.state === 'failed').length;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="ocr-upload">
      <Stack>
        <Title order={2} size="h4">
          {t('ocr:upload.title')}
        </Title>
        <Dropzone
          onDrop={(files) => add(files, [])}
          onReject={(rejections) => add([], rejections)}
          accept={accept}
          maxSize={MAX_UPLOAD_BYTES}
          multiple
          inputProps={{ 'data-testid': 'upload-input' } as InputHTMLAttributes<HTMLInputElement>}
          aria-label={t('ocr:upload.drop')}
          data-testid="upload-dropzone"
        >
          <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
            <IconUpload size={36} />
            <Stack gap={4} align="center">
              <Dropzone.Idle>
                <Text fw={500}>{t('ocr:upload.drop')}</Text>
              </Dropzone.Idle>
              <Dropzone.Accept>
                <Text fw={500}>{t('ocr:upload.dropAccept')}</Text>
              </Dropzone.Accept>
              <Dropzone.Reject>
                <Text fw={500}>{t('ocr:upload.dropReject')}</Text>
              </Dropzone.Reject>
              <Text size="sm" c="dimmed">
                {t('ocr:upload.accepted')}
              </Text>
            </Stack>
          </Group>
        </Dropzone>

        {refused.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('ocr:upload.refusedTitle')}
            data-testid="upload-refused"
          >
            <List size="sm" spacing={2}>
              {refused.map((item, index) => (
                <List.Item key={`${item.name}-${index}`}>
                  <bdi>{item.name}</bdi>:{' '}
                  {item.reason === 'type'
                    ? t('errors:validation.imageType')
                    : t('errors:validation.imageTooLarge')}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}

        {queue.length > 0 ? (
          <Stack gap="xs" data-testid="upload-queue">
            {queue.map((item) => (
              <QueueRow key={item.key} item={item} onRemove={() => remove(item)} />
            ))}
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="xs">
          {finishedCount > 0 ? (
            <Button variant="subtle" onClick={clearFinished} disabled={running} data-testid="upload-clear">
              {t('ocr:upload.clear')}
            </Button>
          ) : null}
          <Button
            onClick={() => void uploadAll()}
            disabled={waitingCount === 0}
            loading={running}
            leftSection={<IconUpload size={16} />}
            data-testid="upload-submit"
          >
            {waitingCount > 1 ? t('ocr:upload.buttonMany') : t('ocr:upload.button')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function QueueRow({ item, onRemove }: { item: QueuedFile; onRemove: () => void }) {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  const language = i18n.language;
  const duplicate = item.result?.duplicate_of ?? null;
  const status =
    item.state === 'waiting'
      ? t('ocr:upload.waiting')
      : item.state === 'uploading'
        ? item.progress >= 1
          ? t('ocr:upload.processing')
          : t('ocr:upload.uploading', { percent: formatPercent(item.progress * 100, language) })
        : item.state === 'done'
          ? t('ocr:upload.done')
          : item.error;
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="upload-item" data-state={item.state}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <FileThumb name={item.file.name} mime={item.file.type} src={item.previewUrl} size={48} />
          <Stack gap={4} style={{ flexGrow: 1, minInlineSize: 0 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} truncate="end" data-testid="upload-item-name">
                <bdi>{item.file.name}</bdi>
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} data-testid="upload-item-size">
                {formatMb(toMb(item.file.size), t, language)}
              </Text>
            </Group>
            {item.state === 'uploading' || item.state === 'done' ? (
              <Progress
                value={item.progress * 100}
                color={item.state === 'done' ? 'teal' : undefined}
                aria-label={t('ocr:upload.progressLabel', { name: item.file.name })}
                data-testid="upload-item-progress"
              />
            ) : null}
            <Text
              size="xs"
              c={item.state === 'failed' ? 'red' : 'dimmed'}
              role={item.state === 'failed' ? 'alert' : undefined}
              data-testid="upload-item-status"
            >
              {status}
            </Text>
          </Stack>
          {item.state !== 'done' ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRemove}
              aria-label={t('ocr:upload.remove', { name: item.file.name })}
              data-testid="upload-item-remove"
            >
              <IconX size={16} />
            </ActionIcon>
          ) : null}
        </Group>
        {duplicate ? (
          <Alert
            color="yellow"
            variant="light"
            title={t('ocr:upload.duplicateTitle')}
            data-testid="upload-duplicate"
          >
            <Stack gap={4}>
              <Text size="sm">
                {t('ocr:upload.duplicateText', {
                  name: isolate(item.file.name),
                  original: isolate(duplicate.original_name),
                  when: formatDate(duplicate.created_at, language),
                })}
              </Text>
              <Group gap="md">
                <Anchor
                  component={Link}
                  to={href(paths.fileManager, {}, { q: duplicate.original_name })}
                  size="sm"
                  data-testid="upload-duplicate-file"
                >
                  {t('ocr:upload.duplicateFile')}
                </Anchor>
                {duplicate.invoice_id ? (
                  <Anchor
                    component={Link}
                    to={href(paths.invoice, { id: duplicate.invoice_id })}
                    size="sm"
                    data-testid="upload-duplicate-invoice"
                  >
                    {t('ocr:upload.duplicateInvoice', { number: duplicate.invoice_number ?? '' })}
                  </Anchor>
                ) : null}
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
