import { AuditOutlined } from '@ant-design/icons';
import { NOTICE_POLL_MS } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { APPROVAL_TODO_COUNT_KEY, APPROVAL_TODO_PATH, approvalApi } from '../../../modules/approval/approval.api.ts';
import { HttpError } from '../../../platform/http.ts';
import { useSession } from '../../../platform/session.ts';
import headerStyles from '../AppHeader.module.css';
import { inMenu } from './NoticeBell.tsx';
import styles from './NoticeBell.module.css';

/**
 * 待审批 beside the bell: how many submissions wait for the signed-in user's decision, linking to
 * 待我审批. Shown only to users whose menu has that page (reviewers, finance). It refreshes on the
 * bell's 6 s poll, so a new submission shows within seconds, and at once after a decision made here.
 * Like the bell, a failed load stops the polling without a word.
 */
export function TodoEntry() {
  const hasTodo = useSession((state) => inMenu(state.menu, APPROVAL_TODO_PATH));
  const token = useSession((state) => state.token);
  const navigate = useNavigate();
  const failed = useRef(false);

  useEffect(() => {
    failed.current = false;
  }, [token]);

  const query = useQuery<number>({
    queryKey: [...APPROVAL_TODO_COUNT_KEY, token],
    queryFn: async ({ signal }) => {
      try {
        return await approvalApi.todoCount(signal);
      } catch (error) {
        if (!(error instanceof HttpError && error.kind === 'aborted')) failed.current = true;
        throw error;
      }
    },
    enabled: hasTodo && Boolean(token),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: () => (failed.current ? false : NOTICE_POLL_MS),
    meta: { silent: true },
  });

  if (!hasTodo) return null;
  const count = query.data ?? 0;
  const label = count > 0 ? `待我审批（${count}项待审批）` : '待我审批';
  return (
    <span data-testid="header-todo" className={styles.slot}>
      <button type="button" className={headerStyles.action} aria-label={label} title={label} onClick={() => navigate(APPROVAL_TODO_PATH)}>
        <Badge count={count} size="small" overflowCount={99}>
          <AuditOutlined className={styles.bellIcon} />
        </Badge>
      </button>
    </span>
  );
}
