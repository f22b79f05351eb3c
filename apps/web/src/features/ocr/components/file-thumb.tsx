import { Center, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileText } from '../../../components/icons';

interface FileThumbProps {
  name: string;
  mime: string;
  /** A picture of the file; PDFs without one show an icon. */
  src: string | null;
  size?: number;
}

/** A small picture of an uploaded or chosen file: the image itself, or a PDF icon. */
export function FileThumb({ name, mime, src, size = 64 }: FileThumbProps) {
  const { t } = useTranslation('ocr');
  // A picture the browser cannot show (a file chosen that is not what its name says) gets the icon, not the
  // browser's broken-image sign.
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return (
      <Image
        src={src}
        onError={() => setBroken(src)}
        alt=""
        w={size}
        h={size}
        fit="cover"
        radius="sm"
        data-testid="file-thumb-image"
        style={{ flexShrink: 0 }}
      />
    );
  }
  const isPdf = mime === 'application/pdf' || name.toLowerCase().endsWith('.pdf');
  return (
    <Center
      w={size}
      h={size}
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      data-testid="file-thumb-icon"
    >
      <Stack gap={0} align="center">
        <IconFileText size={size / 2.5} color={isPdf ? 'var(--mantine-color-red-7)' : undefined} />
        {isPdf ? (
          <Text size="xs" fw={700} c="red.7">
            {t('upload.pdf')}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
