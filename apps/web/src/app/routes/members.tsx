import { MembersPage as Members } from '../../features/members/components/members-page';

export function MembersPage() {
  return <Members />;
}
