import {
  auditActions,
  auditTargetTypes,
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
} from '@invoicing/contract';
import { Button, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/form/date-field';
import { PagedList } from '../../../components/list/paged-list';
import { pageOf, type ListControls } from '../../../components/list/use-list-controls';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useUrlParams } from '../../../lib/use-url-params';
import { useAuditLog } from '../api/list-audit-log';
import { isAccessDenied } from './access-denied';

const PAGE_SIZE = 20;
const day = /^\d{4}-\d{2}-\d{2}$/;

/** The catalogue key of an action: `user.activated` is `auditLog.actions.user_activated`. */
const actionKey = (action: AuditAction) => `auditLog.actions.${action.replace('.', '_')}`;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The target as a person reads it: the user's email, the organization's name, the member and where, the
 * payment method's name in the page's language.
 */
function targetName(entry: AuditEntry, language: string): string {
  const shown = entry.after ?? entry.before ?? {};
  if (entry.target_type === 'payment_method') {
    const name = text(language === 'ar' ? shown.display_name_ar : shown.display_name);
    if (name) return name;
  }
  if (entry.target_type === 'membership') {
    const email = text(record(shown.user).email);
    const organization = text(record(shown.organization).name);
    if (email && organization) return `${email} · ${organization}`;
  }
  return text(shown.email) ?? text(shown.name) ?? entry.target_id;
}

/** What changed, beyond what the action says. */
function changeOf(entry: AuditEntry, t: TFunction, language: string): string {
  if (entry.action === 'membership.role_changed') {
    const from = text(entry.before?.role);
    const to = text(entry.after?.role);
    if (from && to) {
      return t('auditLog.roleChange', {
        from: t(`memberships.roles.${from}`),
        to: t(`memberships.roles.${to}`),
      });
    }
  }
  if (entry.action === 'organization.deleted') {
    const contents = record(entry.before?.contents);
    if (typeof contents.invoices === 'number' && typeof contents.files === 'number') {
      return t('auditLog.deletedWith', {
        invoices: formatNumber(contents.invoices, language),
        files: formatNumber(contents.files, language),
      });
    }
  }
  const edit = editedFields(entry);
  if (edit) {
    // Switched on or off: named as the list's column is.
    const names = edit.fields.map((field) =>
      t(field === 'is_active' ? `${edit.section}.columns.active` : `${edit.section}.fields.${field}`),
    );
    return t('auditLog.changed', {
      fields: new Intl.ListFormat(language, { type: 'conjunction' }).format(names),
    });
  }
  return t('common.none');
}

const planFields = [
  'name',
  'description',
  'price_monthly',
  'price_yearly',
  'currency',
  'credits_per_month',
  'max_storage_mb',
  'max_customers',
  'max_items',
  'max_invoices_per_month',
  'is_active',
] as const;
const paymentMethodFields = [
  'display_name',
  'display_name_ar',
  'description',
  'description_ar',
  'sort_order',
] as const;

/** The fields an edit of a plan or a payment method changed, named as its form names them (null: none). */
function editedFields(entry: AuditEntry): { section: 'plans' | 'paymentMethods'; fields: string[] } | null {
  const edited =
    entry.action === 'plan.updated'
      ? { section: 'plans' as const, list: planFields }
      : entry.action === 'payment_method.updated'
        ? { section: 'paymentMethods' as const, list: paymentMethodFields }
        : null;
  if (!edited) return null;
  const fields = edited.list.filter(
    (field) => JSON.stringify(entry.before?.[field]) !== JSON.stringify(entry.after?.[field]),
  );
  return fields.length ? { section: edited.section, fields } : null;
}

/** Every admin action, newest first, filtered by actor, action, target type and dates (kept in the address). */
export function AuditLogTab({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const [params, update] = useUrlParams();
  const urlActor = params.get('actor') ?? '';
  const [actorText, setActorText] = useState(urlActor);
  const [actor] = useDebouncedValue(actorText.trim(), 300);
  useEffect(() => {
    if (actor !== urlActor) update({ actor, page: null });
    // Only a new search is written; the address changing by itself (Back) is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  const chosenAction = params.get('action') ?? '';
  const action = (auditActions as readonly string[]).includes(chosenAction)
    ? (chosenAction as AuditAction)
    : '';
  const chosenTarget = params.get('target') ?? '';
  const targetType = (auditTargetTypes as readonly string[]).includes(chosenTarget)
    ? (chosenTarget as AuditTargetType)
    : '';
  // A day being typed is sent once it is one.
  const fromValue = params.get('from') ?? '';
  const toValue = params.get('to') ?? '';
  const [fromText, setFromText] = useState(fromValue);
  const [toText, setToText] = useState(toValue);
  const from = day.test(fromValue) ? fromValue : '';
  const to = day.test(toValue) ? toValue : '';
  const page = pageOf(params.get('page'));

  const query = useAuditLog({ actor: urlActor, action, targetType, from, to, page, pageSize: PAGE_SIZE });
  useEffect(() => {
    if (isAccessDenied(query.error)) onDenied();
  }, [query.error, onDenied]);

  const filtered = urlActor !== '' || action !== '' || targetType !== '' || from !== '' || to !== '';
  const controls: ListControls = {
    search: actorText,
    setSearch: (value) => setActorText(value),
    q: urlActor,
    page,
    setPage: (next) => update({ page: next > 1 ? next : null }),
    pageSize: PAGE_SIZE,
  };
  const setDay = (key: 'from' | 'to', value: string) => {
    (key === 'from' ? setFromText : setToText)(value);
    if (value === '' || day.test(value)) update({ [key]: value, page: null });
  };
  const clear = () => {
    setActorText('');
    setFromText('');
    setToText('');
    update({ actor: null, action: null, target: null, from: null, to: null, page: null });
  };

  return (
    <PagedList
      controls={controls}
      query={query}
      texts={{
        search: t('auditLog.filters.actor'),
        loadFailed: t('auditLog.loadFailed'),
        empty: filtered ? t('auditLog.emptyFiltered') : t('auditLog.empty'),
      }}
      testIds={{
        search: 'admin-audit-actor',
        empty: 'admin-audit-empty',
        list: 'admin-audit-table',
        pagination: 'admin-audit-pagination',
      }}
      actions={
        filtered ? (
          <Button variant="subtle" onClick={clear} data-testid="admin-audit-clear">
            {t('auditLog.filters.clear')}
          </Button>
        ) : null
      }
      filters={
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Select
            label={t('auditLog.filters.action')}
            placeholder={t('auditLog.filters.any')}
            value={action || null}
            data={auditActions.map((a) => ({ value: a, label: t(actionKey(a)) }))}
            onChange={(value) => update({ action: value, page: null })}
            clearable
            data-testid="admin-audit-action"
          />
          <Select
            label={t('auditLog.filters.targetType')}
            placeholder={t('auditLog.filters.any')}
            value={targetType || null}
            data={auditTargetTypes.map((a) => ({ value: a, label: t(`auditLog.targetTypes.${a}`) }))}
            onChange={(value) => update({ target: value, page: null })}
            clearable
            data-testid="admin-audit-target"
          />
          <DateField
            label={t('auditLog.filters.from')}
            value={fromText}
            onChange={(value) => setDay('from', value)}
            data-testid="admin-audit-from"
          />
          <DateField
            label={t('auditLog.filters.to')}
            value={toText}
            onChange={(value) => setDay('to', value)}
            data-testid="admin-audit-to"
          />
        </SimpleGrid>
      }
      layout={{
        table: {
          minWidth: 900,
          head: (
            <Table.Tr>
              <Table.Th>{t('auditLog.columns.when')}</Table.Th>
              <Table.Th>{t('auditLog.columns.actor')}</Table.Th>
              <Table.Th>{t('auditLog.columns.action')}</Table.Th>
              <Table.Th>{t('auditLog.columns.target')}</Table.Th>
              <Table.Th>{t('auditLog.columns.change')}</Table.Th>
            </Table.Tr>
          ),
          row: (entry) => (
            <Table.Tr key={entry.id} data-testid="admin-audit-row">
              <Table.Td data-label={t('auditLog.columns.when')}>
                {formatDateTime(entry.created_at, language)}
              </Table.Td>
              <Table.Td data-label={t('auditLog.columns.actor')} data-testid="admin-audit-actor-email">
                <bdi dir="ltr">{entry.actor.email}</bdi>
              </Table.Td>
              <Table.Td data-label={t('auditLog.columns.action')} data-testid="admin-audit-action-name">
                {t(actionKey(entry.action))}
              </Table.Td>
              <Table.Td data-label={t('auditLog.columns.target')} data-testid="admin-audit-target-name">
                <Text size="sm" span c="dimmed">
                  {t(`auditLog.targetTypes.${entry.target_type}`)}:{' '}
                </Text>
                <bdi>{targetName(entry, language)}</bdi>
              </Table.Td>
              <Table.Td data-label={t('auditLog.columns.change')} data-testid="admin-audit-change">
                {changeOf(entry, t, language)}
              </Table.Td>
            </Table.Tr>
          ),
        },
      }}
    />
  );
}
