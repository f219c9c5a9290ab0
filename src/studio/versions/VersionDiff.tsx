// The block-level difference between two configs (blockDiff.ts): each added, removed, moved or changed block,
// with its changed fields before and after.
import { Empty, Space, Table, Tag, Typography } from 'antd'
import type { PageConfig } from '../api/types'
import { diffConfigs, type BlockChange, type BlockChangeKind, type FieldChange } from './blockDiff'

const KIND: Record<BlockChangeKind, { label: string; color: string }> = {
  added: { label: '新增', color: 'green' },
  removed: { label: '删除', color: 'red' },
  moved: { label: '移动', color: 'blue' },
  changed: { label: '修改', color: 'orange' },
}

const MAX_TEXT = 160
function show(value: unknown) {
  if (value === undefined) return <Typography.Text type="secondary">（无）</Typography.Text>
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return (
    <Typography.Text style={{ wordBreak: 'break-all' }} title={text.length > MAX_TEXT ? text : undefined}>
      {text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text}
    </Typography.Text>
  )
}

function Fields({ fields }: { fields: FieldChange[] }) {
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="path"
      dataSource={fields}
      columns={[
        {
          title: '字段',
          dataIndex: 'path',
          width: '30%',
          render: (path: string) => <Typography.Text code>{path}</Typography.Text>,
        },
        {
          title: '之前',
          key: 'before',
          render: (_: unknown, field: FieldChange) =>
            field.moved ? `第 ${field.moved.from + 1} 项` : show(field.before),
        },
        {
          title: '之后',
          key: 'after',
          render: (_: unknown, field: FieldChange) =>
            field.moved ? `移到第 ${field.moved.to + 1} 项` : show(field.after),
        },
      ]}
    />
  )
}

function position(change: BlockChange) {
  if (change.kind === 'added') return `新位置第 ${(change.to ?? 0) + 1} 个`
  if (change.kind === 'removed') return `原第 ${(change.from ?? 0) + 1} 个`
  if (change.kind === 'moved') return `第 ${(change.from ?? 0) + 1} 个 → 第 ${(change.to ?? 0) + 1} 个`
  return `第 ${(change.to ?? 0) + 1} 个`
}

export function VersionDiff({
  older,
  newer,
  olderLabel,
  newerLabel,
}: {
  older: PageConfig
  newer: PageConfig
  olderLabel: string
  newerLabel: string
}) {
  const { page, blocks } = diffConfigs(older, newer)
  return (
    <div data-testid="version-diff">
      <Typography.Paragraph>
        {olderLabel} → {newerLabel}：{blocks.length} 个区块有变化
        {page.length ? `，页面设置 ${page.length} 处变化` : ''}
      </Typography.Paragraph>
      {!blocks.length && !page.length && <Empty description="两个版本内容相同" />}
      {page.length > 0 && (
        <section aria-label="页面设置的变化" style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>页面设置</Typography.Title>
          <Fields fields={page} />
        </section>
      )}
      {blocks.map((change) => (
        <section
          key={`${change.kind}-${change.key}`}
          aria-label={`区块 ${change.key} ${KIND[change.kind].label}`}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, marginBottom: 12 }}
        >
          <Space wrap style={{ marginBottom: change.fields.length ? 8 : 0 }}>
            <Tag color={KIND[change.kind].color}>{KIND[change.kind].label}</Tag>
            <Typography.Text strong>{change.type}</Typography.Text>
            <Typography.Text type="secondary">
              {change.id
                ? `id: ${change.id}`
                : `（无 id，按同类第 ${Number(change.key.split('#')[1] ?? 0) + 1} 个匹配）`}
            </Typography.Text>
            <Typography.Text type="secondary">{position(change)}</Typography.Text>
          </Space>
          {change.fields.length > 0 && <Fields fields={change.fields} />}
        </section>
      ))}
    </div>
  )
}
