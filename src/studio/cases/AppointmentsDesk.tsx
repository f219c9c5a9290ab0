// 预约管理: the bookings (phones masked, the full number an audited reveal for the call), confirmed or moved to
// another slot of the same product type or consultant after talking to the user. Each change messages the user.
import { Alert, App, Button, Modal, Radio, Segmented, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { casesApi, type AppointmentStatus, type DeskAppointment } from '../api/cases'
import { errorMessage } from '../api/client'
import { CaseTable } from './CaseTable'
import { formatTime } from '../format'
import { useAppointments, useSlots } from './hooks'
import { RevealPhone } from './RevealPhone'
import { APPOINTMENT_STATUSES } from './words'

const FILTERS: { label: string; value: AppointmentStatus | '' }[] = [
  { label: '待确认', value: 'pending' },
  { label: '已确认', value: 'confirmed' },
  { label: '已取消', value: 'cancelled' },
  { label: '已结束', value: 'finished' },
  { label: '全部', value: '' },
]

/** "12月3日 10:00–11:00" (Beijing time). */
const slotText = (a: Pick<DeskAppointment, 'slotStart' | 'slotEnd'>) =>
  `${formatTime(a.slotStart)}–${formatTime(a.slotEnd).slice(11)}`

export function AppointmentsDesk() {
  const [status, setStatus] = useState<AppointmentStatus | ''>('pending')
  const [moving, setMoving] = useState<DeskAppointment | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
  const { data, error, isLoading, mutate } = useAppointments(status || undefined)
  const { message } = App.useApp()
  const confirm = async (row: DeskAppointment) => {
    setBusyId(row.id)
    try {
      await casesApi.confirm(row.id)
      message.success('已确认，用户将收到“预约已确认”')
    } catch (failure) {
      message.error(errorMessage(failure))
    } finally {
      setBusyId(null)
      void mutate()
    }
  }
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Segmented<AppointmentStatus | ''>
          aria-label="预约状态"
          options={FILTERS}
          value={status}
          onChange={setStatus}
        />
      </Space>
      <CaseTable<DeskAppointment>
        rows={data?.items}
        loading={isLoading}
        error={error}
        emptyText={status === 'pending' ? '没有待确认的预约' : '没有预约'}
        columns={[
          { title: '时段', key: 'slot', width: 200, render: (_: unknown, row) => slotText(row) },
          { title: '咨询内容', dataIndex: 'subject', width: 140 },
          {
            title: '需求',
            dataIndex: 'needs',
            render: (needs: string) => (
              <Typography.Text ellipsis={{ tooltip: needs }} style={{ maxWidth: 360 }}>
                {needs || '—'}
              </Typography.Text>
            ),
          },
          {
            title: '手机号',
            key: 'phone',
            width: 220,
            render: (_: unknown, row) => (
              <RevealPhone masked={row.phone} load={() => casesApi.appointmentPhone(row.id)} />
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 150,
            render: (s: AppointmentStatus, row) => (
              <Space size={4} orientation="vertical">
                <Tag color={APPOINTMENT_STATUSES[s].color}>{APPOINTMENT_STATUSES[s].name}</Tag>
                {row.confirmedBy && s === 'confirmed' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.confirmedBy}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 160,
            render: (_: unknown, row) => (
              <Space>
                {row.status === 'pending' && (
                  <Button
                    size="small"
                    type="primary"
                    loading={busyId === row.id}
                    onClick={() => void confirm(row)}
                  >
                    确认
                  </Button>
                )}
                {row.changeable && (
                  <Button size="small" onClick={() => setMoving(row)}>
                    改期
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RescheduleModal
        appointment={moving}
        onClose={() => setMoving(null)}
        onDone={() => {
          setMoving(null)
          void mutate()
        }}
      />
    </>
  )
}

function RescheduleModal({
  appointment,
  onClose,
  onDone,
}: {
  appointment: DeskAppointment | null
  onClose(): void
  onDone(): void
}) {
  const { data, error, isLoading } = useSlots(appointment?.id ?? null)
  const [picked, setPicked] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { message } = App.useApp()
  const save = async () => {
    if (!appointment || !picked) return
    setBusy(true)
    try {
      await casesApi.reschedule(appointment.id, picked)
      message.success('已改期，用户将收到“预约已改期”')
      setPicked(null)
      onDone()
    } catch (failure) {
      message.error(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  const current = appointment ? Date.parse(appointment.slotStart) : 0
  return (
    <Modal
      title={appointment ? `改期：${appointment.subject}（原 ${slotText(appointment)}）` : '改期'}
      open={appointment !== null}
      okText="改到此时段"
      cancelText="取消"
      okButtonProps={{ disabled: !picked }}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={() => {
        setPicked(null)
        onClose()
      }}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        请先与用户电话确认新的时间。改期后原时段的名额会退回。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {isLoading && <Spin />}
      {data && (
        <Radio.Group
          value={picked}
          onChange={(event) => setPicked(String(event.target.value))}
          style={{ width: '100%' }}
        >
          {data.days.map((day) => {
            const open = day.slots.filter((slot) => slot.remaining > 0 && Date.parse(slot.start) !== current)
            if (open.length === 0) return null
            return (
              <div key={day.day} style={{ marginBottom: 12 }}>
                <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
                  {day.day}
                </Typography.Text>
                <Space wrap size={[8, 8]}>
                  {open.map((slot) => (
                    <Radio.Button key={slot.start} value={slot.start}>
                      {formatTime(slot.start).slice(11)}（余 {slot.remaining}）
                    </Radio.Button>
                  ))}
                </Space>
              </div>
            )
          })}
        </Radio.Group>
      )}
    </Modal>
  )
}
