import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileOutlined,
  FolderOutlined,
  FormOutlined,
  HomeOutlined,
  LinkOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu rows name antd v3 icon types (`home`, `setting` …). A static table keeps the bundle to the
 * icons the menus use; a name that is missing shows no icon rather than failing.
 */
const icons: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  desktop: DesktopOutlined,
  file: FileOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  home: HomeOutlined,
  link: LinkOutlined,
  message: MessageOutlined,
  'money-collect': MoneyCollectOutlined,
  notification: NotificationOutlined,
  profile: ProfileOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  transaction: TransactionOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const key = (name ?? '').trim().replace(/Outlined$|-o$/i, '').toLowerCase();
  const Icon = icons[key];
  return Icon ? <Icon /> : null;
}
