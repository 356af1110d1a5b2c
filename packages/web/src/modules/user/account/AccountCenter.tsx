import { UserOutlined } from '@ant-design/icons';
import { AccountRoute, type AccountCenter as Center } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Empty, List, Row, Skeleton, Space, Tabs, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { staticUrl } from '../../../platform/config.ts';
import { accountApi, accountKeys } from './account.api.ts';
import styles from './AccountCenter.module.css';
import { recordPage } from './recordPage.ts';

const RESULT_COLORS: Record<string, string> = { '1': 'green', '2': 'red', '3': 'orange' };

/** 个人中心 (`/account/center`, spec §2 "account center"; issue #27): who I am, what I did and decided lately. */
export function AccountCenter() {
  const query = useQuery({
    queryKey: accountKeys.center,
    queryFn: async ({ signal }) => {
      const answer = await accountApi.center(undefined, { signal });
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
  });
  const data = query.data;

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8} xl={7}>
        <Card>{data ? <Profile profile={data.profile} /> : <Skeleton active avatar paragraph={{ rows: 6 }} />}</Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card>
          <Tabs
            items={[
              { key: 'activity', label: '最近操作', children: <Activity data={data} loading={query.isPending} /> },
              { key: 'decisions', label: '最近审批', children: <Decisions data={data} loading={query.isPending} /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

function Profile({ profile }: { profile: Center['profile'] }) {
  const navigate = useNavigate();
  const facts: [string, string][] = [
    ['账号', profile.username],
    ['机构', profile.orgName ?? '—'],
    ['当前部门', profile.departName ?? '—'],
    ['所属部门', profile.departs.join('、') || '—'],
    ['电子邮件', profile.email ?? '—'],
    ['手机号', profile.phone ?? '—'],
    ['上次登录', profile.lastLoginTime ? `${profile.lastLoginTime}${profile.lastLoginIp ? `（${profile.lastLoginIp}）` : ''}` : '这是首次登录'],
  ];
  return (
    <div className={styles.profile}>
      <Avatar size={96} src={profile.avatar ? staticUrl(profile.avatar) : undefined} icon={<UserOutlined />} alt={`${profile.realname}的头像`} />
      <h2 className={styles.name}>{profile.realname}</h2>
      <Space wrap size={[4, 4]} style={{ justifyContent: 'center' }} aria-label="角色">
        {profile.roles.length ? profile.roles.map((r) => <Tag key={r}>{r}</Tag>) : <Tag>无角色</Tag>}
      </Space>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Button block onClick={() => void navigate(AccountRoute.base)}>
        编辑基本信息
      </Button>
    </div>
  );
}

function Activity({ data, loading }: { data?: Center; loading: boolean }) {
  return (
    <List
      loading={loading}
      dataSource={data?.activity ?? []}
      locale={{ emptyText: <Empty description="暂无操作记录" /> }}
      renderItem={(a) => (
        <List.Item>
          <div className={styles.item}>
            <span className={styles.itemText}>
              {a.content || '（无内容）'}
              {a.success === false && (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  失败
                </Tag>
              )}
            </span>
            <span className={styles.itemTime}>
              {a.time}
              {a.ip ? ` · ${a.ip}` : ''}
            </span>
          </div>
        </List.Item>
      )}
    />
  );
}

function Decisions({ data, loading }: { data?: Center; loading: boolean }) {
  return (
    <List
      loading={loading}
      dataSource={data?.decisions ?? []}
      locale={{ emptyText: <Empty description="暂无审批记录" /> }}
      renderItem={(d) => (
        <List.Item>
          <div className={styles.item}>
            <span className={styles.itemText}>
              <Tag>{d.bizType_dictText || d.bizType}</Tag>
              <Link to={recordPage(d.bizType, d.bizId)}>{d.bizTitle || '（无标题）'}</Link>
              <Tag color={RESULT_COLORS[d.result]} style={{ marginLeft: 8 }}>
                {d.result_dictText || d.result}
              </Tag>
              {d.opinion && <div>意见：{d.opinion}</div>}
            </span>
            <span className={styles.itemTime}>{d.approveTime}</span>
          </div>
        </List.Item>
      )}
    />
  );
}
