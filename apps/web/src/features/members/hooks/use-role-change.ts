import type { Member, MembershipRole } from '@invoicing/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deletion } from '../../../components/list/confirm-delete';
import { describeError } from '../../../lib/api-errors';
import { showToast } from '../../../lib/toast';
import { useChangeMemberRoleMutation } from '../api/change-member-role';
import { isDemotion } from '../roles';

/** A role change waiting for its confirmation. */
export interface RoleChange {
  id: string;
  member: Member;
  to: MembershipRole;
}

/**
 * Changing a member's role: a promotion is sent at once, a demotion (rights taken away) only after the
 * dialog's confirmation, as `demotion`, which the confirmation dialog drives.
 */
export function useRoleChange() {
  const { t, i18n } = useTranslation(['members', 'orgs', 'errors']);
  const mutation = useChangeMemberRoleMutation();
  const [target, setTarget] = useState<RoleChange | null>(null);

  const send = async (change: RoleChange) => {
    const member = await mutation.mutateAsync({ id: change.member.id, role: change.to });
    showToast(
      t('toast.roleChanged', { name: member.name || member.email, role: t(`orgs:roles.${member.role}`) }),
      'success',
    );
  };

  const change = (member: Member, to: MembershipRole) => {
    if (to === member.role) return;
    const request = { id: member.id, member, to };
    if (isDemotion(member.role, to)) {
      mutation.reset();
      setTarget(request);
      return;
    }
    send(request).catch((error: unknown) =>
      showToast(describeError(error, t, i18n.language, t('toast.roleFailed')), 'error'),
    );
  };

  const demotion: Deletion<RoleChange> = {
    target,
    ask: setTarget,
    close: () => setTarget(null),
    confirm: async () => {
      if (!target) return;
      try {
        await send(target);
        setTarget(null);
      } catch {
        // Shown in the dialog.
      }
    },
    pending: mutation.isPending,
    error: mutation.error,
  };

  return { change, demotion, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
