import type { DashboardSummary } from '@invoicing/contract';
import { Anchor, Box, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboardFormat } from '../hooks/use-dashboard-format';
import { ExtractionStatusBadge } from './extraction-status-badge';
import classes from './recent-lists.module.css';
import { paths } from '../../../lib/paths';

type Recent = DashboardSummary['recent_activity'];

interface RecentListProps {
  title: string;
  testId: string;
  link: { to: string; label: string; testId: string };
  empty: string;
  children: ReactNode[];
}

function RecentList({ title, testId, link, empty, children }: RecentListProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={link.to} size="sm" data-testid={link.testId}>
          {link.label}
        </Anchor>
      </Group>
      {children.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Box component="ul" className={classes.list}>
          {children}
        </Box>
      )}
    </Card>
  );
}

function RecentRow({
  name,
  meta,
  end,
  testId,
}: {
  name: string;
  meta: string;
  end: ReactNode;
  testId: string;
}) {
  return (
    <li className={classes.row} data-testid={testId}>
      <div className={classes.name}>
        <Text fw={500} truncate="end" data-testid="recent-name">
          <bdi>{name}</bdi>
        </Text>
        <Text size="xs" c="dimmed" data-testid="recent-date">
          {meta}
        </Text>
      </div>
      <div className={classes.end}>{end}</div>
    </li>
  );
}

export function RecentExtractions({ extractions }: { extractions: Recent['ocr_extractions'] }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <RecentList
      title={t('recent.extractionsTitle')}
      testId="recent-extractions"
      link={{ to: paths.ocr, label: t('recent.openOcr'), testId: 'dashboard-open-ocr' }}
      empty={t('recent.noExtractions')}
    >
      {extractions.map((extraction) => (
        <RecentRow
          key={extraction.id}
          name={extraction.attachment__original_name}
          meta={format.date(extraction.created_at)}
          end={<ExtractionStatusBadge status={extraction.status} />}
          testId="recent-extraction"
        />
      ))}
    </RecentList>
  );
}

export function RecentFiles({ files }: { files: Recent['files'] }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <RecentList
      title={t('recent.filesTitle')}
      testId="recent-files"
      link={{
        to: paths.fileManager,
        label: t('recent.openFileManager'),
        testId: 'dashboard-open-file-manager',
      }}
      empty={t('recent.noFiles')}
    >
      {files.map((file) => (
        <RecentRow
          key={file.id}
          name={file.original_name}
          meta={format.date(file.created_at)}
          end={
            <Text size="sm" c="dimmed" data-testid="recent-size">
              {format.megabytes(file.size_mb)}
            </Text>
          }
          testId="recent-file"
        />
      ))}
    </RecentList>
  );
}
