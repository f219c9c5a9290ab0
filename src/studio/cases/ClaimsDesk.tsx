// 理赔受理: the claims (names masked), one opened in a drawer with its documents and timeline, and the step its
// status allows: 受理, 要求补充材料 (a reason and the documents), 记录结论 (the insurer's amount or refusal),
// 记录赔付 (the payment's reference). Each step messages the user; a step another agent took first is refused.
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd'
import { useState } from 'react'
import {
  casesApi,
  type ClaimStatus,
  type DeskClaim,
  type DeskClaimSummary,
  type DeskSupplementInput,
  type DocumentKind,
} from '../api/cases'
import { errorMessage } from '../api/client'
import { CaseTable } from './CaseTable'
import { DeskImage } from './DeskImage'
import { formatTime } from '../format'
import { useClaim, useClaims } from './hooks'
import { CLAIM_STATUS_KEYS, claimStatus, DOCUMENT_KINDS, money } from './words'

type Step = 'supplement' | 'decision' | 'payment'

export function ClaimsDesk() {
  const [status, setStatus] = useState<ClaimStatus | ''>('SUBMITTED')
  const [openId, setOpenId] = useState<string | null>(null)
  const { data, error, isLoading, mutate } = useClaims(status || undefined)
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <span>状态</span>
        <Select<ClaimStatus | ''>
          aria-label="理赔状态"
          style={{ width: 160 }}
          value={status}
          onChange={setStatus}
          options={[
            ...CLAIM_STATUS_KEYS.map((key) => ({ value: key, label: claimStatus(key).name })),
            { value: '' as const, label: '全部' },
          ]}
        />
      </Space>
      <CaseTable<DeskClaimSummary>
        rows={data?.items}
        loading={isLoading}
        error={error}
        emptyText={'没有理赔申请'}
        onOpen={setOpenId}
        columns={[
          { title: '理赔号', dataIndex: 'claimNo', width: 200 },
          { title: '产品', dataIndex: 'productName' },
          { title: '类型', dataIndex: 'typeName', width: 140 },
          { title: '被保险人', dataIndex: 'insuredName', width: 100 },
          { title: '申请金额', dataIndex: 'amountFen', width: 130, align: 'right' as const, render: money },
          {
            title: '状态',
            dataIndex: 'status',
            width: 120,
            render: (s: ClaimStatus) => <Tag color={claimStatus(s).color}>{claimStatus(s).name}</Tag>,
          },
          { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: (at: string) => formatTime(at) },
        ]}
      />
      <ClaimDrawer id={openId} onClose={() => setOpenId(null)} onChanged={() => void mutate()} />
    </>
  )
}

function ClaimDrawer({ id, onClose, onChanged }: { id: string | null; onClose(): void; onChanged(): void }) {
  const { data, error, mutate } = useClaim(id)
  const { message } = App.useApp()
  const [step, setStep] = useState<Step | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<DeskClaim>, done: string) => {
    setBusy(true)
    try {
      await mutate(await work(), { revalidate: false })
      message.success(done)
      setStep(null)
      onChanged()
    } catch (failure) {
      message.error(errorMessage(failure))
      void mutate()
    } finally {
      setBusy(false)
    }
  }
  const claim = data?.claim
  return (
    <Drawer
      title={claim ? `理赔 ${claim.claimNo}` : '理赔'}
      open={id !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {data && claim && (
        <>
          <Space style={{ marginBottom: 16 }} wrap>
            <Tag color={claimStatus(claim.status).color}>{claimStatus(claim.status).name}</Tag>
            {claim.status === 'SUBMITTED' && (
              <Button
                type="primary"
                loading={busy}
                onClick={() => void run(() => casesApi.accept(claim.id), '已受理')}
              >
                受理
              </Button>
            )}
            {(claim.status === 'SUBMITTED' || claim.status === 'UNDER_REVIEW') && (
              <Button onClick={() => setStep('supplement')}>要求补充材料</Button>
            )}
            {claim.status === 'UNDER_REVIEW' && (
              <Button type="primary" onClick={() => setStep('decision')}>
                记录审核结论
              </Button>
            )}
            {claim.status === 'APPROVED' && (
              <Button type="primary" onClick={() => setStep('payment')}>
                记录赔款支付
              </Button>
            )}
          </Space>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="产品" span={2}>
              {claim.productName}（保单号 {claim.policyNo}）
            </Descriptions.Item>
            <Descriptions.Item label="理赔类型">{claim.typeName}</Descriptions.Item>
            <Descriptions.Item label="出险日期">{claim.eventDate}</Descriptions.Item>
            <Descriptions.Item label="被保险人">{claim.insuredName}</Descriptions.Item>
            <Descriptions.Item label="申请人手机">{data.userPhone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="申请金额">{money(claim.amountFen)}</Descriptions.Item>
            <Descriptions.Item label="核定赔付">{money(claim.paidFen)}</Descriptions.Item>
            <Descriptions.Item label="收款账户" span={2}>
              {claim.payee.name} · {claim.payee.bankName} {claim.payee.cardMasked}
            </Descriptions.Item>
            <Descriptions.Item label="出险地点" span={2}>
              {claim.place}
            </Descriptions.Item>
            <Descriptions.Item label="经过" span={2}>
              {claim.description}
            </Descriptions.Item>
            {claim.decision && (
              <Descriptions.Item label="结论说明" span={2}>
                {claim.decision}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="处理人" span={2}>
              {data.handledBy ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            材料（{claim.documents.length}）
          </Typography.Title>
          <Image.PreviewGroup>
            <Space wrap>
              {claim.documents.map((d) => (
                <figure key={d.id} style={{ margin: 0, textAlign: 'center' }}>
                  <DeskImage src={d.url} alt={DOCUMENT_KINDS[d.kind]} />
                  <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
                    {DOCUMENT_KINDS[d.kind]}
                  </figcaption>
                </figure>
              ))}
            </Space>
          </Image.PreviewGroup>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            进度
          </Typography.Title>
          <Timeline
            items={[...claim.timeline].reverse().map((s) => ({
              color: claimStatus(s.status).color === 'red' ? 'red' : 'blue',
              content: (
                <>
                  <Typography.Text strong>{claimStatus(s.status).name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {formatTime(s.at)}
                  </Typography.Text>
                  <div>{s.note}</div>
                </>
              ),
            }))}
          />
          <SupplementModal
            open={step === 'supplement'}
            busy={busy}
            onCancel={() => setStep(null)}
            onSubmit={(input) => void run(() => casesApi.supplement(claim.id, input), '已通知用户补充材料')}
          />
          <DecisionModal
            open={step === 'decision'}
            busy={busy}
            amountFen={claim.amountFen}
            onCancel={() => setStep(null)}
            onSubmit={(input) => void run(() => casesApi.decide(claim.id, input), '已记录审核结论')}
          />
          <PaymentModal
            open={step === 'payment'}
            busy={busy}
            onCancel={() => setStep(null)}
            onSubmit={(reference) => void run(() => casesApi.pay(claim.id, reference), '已记录赔款支付')}
          />
        </>
      )}
    </Drawer>
  )
}

interface ModalProps<T> {
  open: boolean
  busy: boolean
  onCancel(): void
  onSubmit(value: T): void
}

const KIND_OPTIONS = (Object.keys(DOCUMENT_KINDS) as DocumentKind[]).map((kind) => ({
  value: kind,
  label: DOCUMENT_KINDS[kind],
}))

function SupplementModal({ open, busy, onCancel, onSubmit }: ModalProps<DeskSupplementInput>) {
  const [form] = Form.useForm<{ reason: string; kinds: DocumentKind[] }>()
  return (
    <Modal
      title="要求补充材料"
      open={open}
      okText="通知用户补充"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reason, kinds }) => {
          // The form requires a kind, so there is a first one.
          const [first, ...rest] = kinds.map((kind) => ({ kind, least: 1 }))
          if (first) onSubmit({ reason, documents: [first, ...rest] })
        }}
      >
        <Form.Item
          name="reason"
          label="补充原因"
          rules={[
            { required: true, whitespace: true, message: '请填写补充原因' },
            { min: 2, max: 200, message: '2–200 字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="用户会在消息和理赔详情中看到" />
        </Form.Item>
        <Form.Item
          name="kinds"
          label="需补充的材料（各 1 张）"
          rules={[{ required: true, message: '请选择材料' }]}
        >
          <Select mode="multiple" options={KIND_OPTIONS} placeholder="选择材料类型" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function DecisionModal({
  open,
  busy,
  amountFen,
  onCancel,
  onSubmit,
}: ModalProps<{ approved: boolean; paidFen?: number; reason: string }> & { amountFen: number }) {
  const [form] = Form.useForm<{ approved: boolean; paidYuan?: number; reason: string }>()
  const approved = Form.useWatch('approved', form)
  return (
    <Modal
      title="记录保险公司审核结论"
      open={open}
      okText="保存结论"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ approved: true, paidYuan: amountFen / 100 }}
        onFinish={({ approved: yes, paidYuan, reason }) =>
          onSubmit({
            approved: yes,
            reason,
            paidFen: yes && paidYuan !== undefined ? Math.round(paidYuan * 100) : undefined,
          })
        }
      >
        <Form.Item name="approved" label="结论">
          <Radio.Group
            options={[
              { value: true, label: '赔付' },
              { value: false, label: '不予赔付' },
            ]}
          />
        </Form.Item>
        {approved !== false && (
          <Form.Item
            name="paidYuan"
            label={`核定赔付金额（元，申请 ${money(amountFen)}）`}
            rules={[{ required: true, message: '请填写核定赔付金额' }]}
          >
            <InputNumber min={0.01} max={amountFen / 100} precision={2} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="结论说明"
          rules={[
            { required: true, whitespace: true, message: '请填写结论说明' },
            { min: 2, max: 200, message: '2–200 字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="用户会在消息和理赔详情中看到" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function PaymentModal({ open, busy, onCancel, onSubmit }: ModalProps<string>) {
  const [form] = Form.useForm<{ reference: string }>()
  return (
    <Modal
      title="记录赔款支付"
      open={open}
      okText="确认已支付"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reference }) => onSubmit(reference.trim())}
      >
        <Form.Item
          name="reference"
          label="支付流水号"
          rules={[
            { required: true, message: '请填写支付流水号' },
            { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '4–40 位字母、数字或 -' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
