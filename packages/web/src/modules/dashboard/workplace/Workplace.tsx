import { ApprovalPerm, greetingFor, HOME_PATH, RightPerm } from '@sbwq/contracts';
import { Card, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useSession } from '../../../platform/session.ts';
import styles from '../dashboard.module.css';
import { useAudience } from '../analysis/AnalysisPanels.tsx';
import { panelsFor, type DashboardPanel } from '../analysis/analysis.panels.ts';
import { OrgStatusNotice } from '../org/OrgStatusNotice.tsx';
import { DraftRightsCard, PendingRightsCard, RejectedRightsCard } from '../panels/StatCards.tsx';
import { AnnouncementsPanel, QuickLinksPanel, RecentApprovalsPanel, TodoPanel } from './WorkplacePanels.tsx';

export const WORKPLACE_PATH = '/dashboard/workplace';

/** What waits on an organisation user: their rights to correct, to submit, under review. */
function OrgNextSteps() {
  return (
    <div className={styles.third}>
      {[RejectedRightsCard, DraftRightsCard, PendingRightsCard].map((Panel: ComponentType, i) => (
        <Panel key={i} />
      ))}
    </div>
  );
}

/**
 * 工作台 (spec §2 view group dashboard: workplace). As on the analysis page, a panel is one entry here:
 * the clue-batch and claim to-dos join with their component and their call's code.
 */
export const WORKPLACE_PANELS: DashboardPanel[] = [
  { key: 'todo', code: ApprovalPerm.todo, audience: ['staff'], kind: 'chart', Panel: TodoPanel },
  { key: 'orgNext', code: RightPerm.list, audience: ['org'], kind: 'wideChart', Panel: OrgNextSteps },
  { key: 'recent', code: ApprovalPerm.list, audience: ['staff', 'org'], kind: 'chart', Panel: RecentApprovalsPanel },
];

/** The signed-in user's to-dos, recent decisions, newest messages and quick links. */
export function Workplace() {
  const userInfo = useSession((state) => state.userInfo);
  const username = useSession((state) => state.username);
  const { can } = useAccess();
  const shown = panelsFor(WORKPLACE_PANELS, useAudience(), can);
  const name = userInfo?.realname || userInfo?.username || username || '';
  return (
    <Flex vertical gap={16}>
      <OrgStatusNotice />
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>{`${greetingFor(dayjs().hour())}，${name}，祝你开心每一天！`}</Typography.Title>
        <Typography.Text type="secondary">{dayjs().format('YYYY年MM月DD日')}</Typography.Text>
      </Card>
      <div className={styles.charts}>
        {shown.map(({ key, Panel, kind }) => (
          <div key={key} className={kind === 'wideChart' ? styles.wide : undefined}>
            <Panel />
          </div>
        ))}
        <AnnouncementsPanel />
        <QuickLinksPanel exclude={[HOME_PATH, WORKPLACE_PATH]} />
      </div>
    </Flex>
  );
}
