import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
}

/** The page's one h1; it also names the browser tab. */
export function PageHeader({ title, subtitle }: PageHeaderProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(`${title} · ${t('appName')}`);
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="page-title">
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="md">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
