import type { Invitation } from '@invoicing/contract';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { href, paths } from '../../../lib/paths';

interface InvitationLinkProps {
  invitation: Invitation & { token: string };
  onDone: () => void;
}

/** The link of an invitation just created, to copy: the only time it can be shown. */
export function InvitationLink({ invitation, onDone }: InvitationLinkProps) {
  const { t, i18n } = useTranslation('members');
  const link = `${window.location.origin}${href(paths.invite, { token: invitation.token })}`;
  return (
    <Alert
      color="teal"
      variant="light"
      title={t('link.title', { email: invitation.email })}
      data-testid="invitation-link"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('link.hint', {
            email: invitation.email,
            date: formatDateTime(invitation.expires_at, i18n.language),
          })}
        </Text>
        <TextInput
          label={t('link.label')}
          value={link}
          readOnly
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="invitation-link-url"
        />
        <Group justify="flex-end" gap="sm">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : undefined} onClick={copy} data-testid="invitation-link-copy">
                {copied ? t('link.copied') : t('link.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone} data-testid="invitation-link-done">
            {t('link.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
