import { JPopup } from '../../../components/popup/JPopup.tsx';
import type { SearchField } from '../../../components/list/types.ts';

/**
 * The organisation filter of a list both an organisation and the association see (批次, 报销单): staff
 * pick the organisation in a JPopup over the 选择机构 report (its full name is matched exactly); an
 * organisation sees only its own rows, so it gets a plain text field (hidden until 展开).
 */
export function orgSearchField(staff: boolean, label: string): SearchField {
  if (!staff) return { name: 'orgName', label, hidden: true };
  return {
    name: 'orgName',
    label,
    hidden: true,
    type: 'custom',
    input: (
      <JPopup
        code="pick_org"
        field="org_name"
        orgFields="org_name"
        destFields="orgName"
        groupId="org-filter"
        title="选择机构"
        placeholder="点击选择机构"
        aria-label={label}
      />
    ),
  };
}
