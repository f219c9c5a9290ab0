import { useState } from 'react'
import { Button } from 'antd-mobile'
import { Sheet } from '../../components/sheets/LazySheets'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { slotLabel } from '../../domain/appointments'
import { maskPhone } from '../../domain/phone'
import { describeError } from '../../lib/request'
import {
  bookingTargetOf,
  cancelAppointment,
  rescheduleAppointment,
  useMyAppointments,
  useSlots,
  type Appointment,
} from './api'
import { SlotPicker } from './SlotPicker'

const STATUS = { BOOKED: '待咨询', CANCELLED: '已取消', FINISHED: '已结束' } as const

/** 我的预约: upcoming bookings with 取消 and 改期 (until 2 hours before), then the last few past ones. */
export function MyAppointments({ highlight }: { highlight?: string | null }) {
  const list = useMyAppointments(true)
  const [moving, setMoving] = useState<Appointment | null>(null)

  if (list.error) return <ErrorView error={list.error} onRetry={() => void list.mutate()} />
  if (!list.data) return <LoadingView lines={2} />
  const upcoming = list.data.items
    .filter((a) => a.status === 'BOOKED')
    .sort((a, b) => Date.parse(a.slotStart) - Date.parse(b.slotStart))
  const past = list.data.items.filter((a) => a.status !== 'BOOKED').slice(0, 5)

  return (
    <section className="appointments-card" aria-label="我的预约" data-testid="my-appointments">
      <h2 className="appointments-title">我的预约</h2>
      {upcoming.length === 0 && past.length === 0 && (
        <p className="appointments-muted">还没有预约，选择时段即可预约</p>
      )}
      {upcoming.length === 0 && past.length > 0 && <p className="appointments-muted">暂无待进行的预约</p>}
      <ul className="appointment-list">
        {upcoming.map((a) => (
          <AppointmentRow
            key={a.id}
            appointment={a}
            highlight={a.id === highlight}
            onMove={() => setMoving(a)}
          />
        ))}
        {past.map((a) => (
          <AppointmentRow key={a.id} appointment={a} />
        ))}
      </ul>
      <Sheet
        visible={moving !== null}
        onMaskClick={() => setMoving(null)}
        onClose={() => setMoving(null)}
        bodyClassName="appointments-popup"
        destroyOnClose
      >
        {moving && <Reschedule appointment={moving} onDone={() => setMoving(null)} />}
      </Sheet>
    </section>
  )
}

function AppointmentRow({
  appointment: a,
  highlight,
  onMove,
}: {
  appointment: Appointment
  highlight?: boolean
  onMove?: () => void
}) {
  const [cancelling, setCancelling] = useState(false)

  async function cancel() {
    const confirmed = await Dialog.confirm({
      title: '取消预约',
      content: `确定取消 ${slotLabel(Date.parse(a.slotStart))} 的「${a.subject}」咨询吗？`,
      confirmText: '取消预约',
      cancelText: '再想想',
    })
    if (!confirmed) return
    setCancelling(true)
    try {
      await cancelAppointment(a)
      toast('success', '预约已取消')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setCancelling(false)
    }
  }

  return (
    <li className={`appointment${highlight ? ' appointment-new' : ''}`} data-testid="appointment">
      <div className="appointment-head">
        <strong>{a.subject}</strong>
        <span className={`appointment-status appointment-${a.status.toLowerCase()}`}>
          {a.status === 'BOOKED' && a.confirmedAt ? '已确认' : STATUS[a.status]}
        </span>
      </div>
      <div className="appointment-time">{slotLabel(Date.parse(a.slotStart))}</div>
      <div className="appointments-muted">联系电话 {maskPhone(a.phone)}</div>
      {a.needs && <div className="appointments-muted appointment-needs">需求：{a.needs}</div>}
      {a.status === 'BOOKED' &&
        (a.changeable ? (
          <div className="appointment-actions">
            <Button size="small" disabled={cancelling} onClick={onMove}>
              改期
            </Button>
            <Button
              size="small"
              color="danger"
              fill="outline"
              loading={cancelling}
              disabled={cancelling}
              onClick={() => void cancel()}
            >
              取消
            </Button>
          </div>
        ) : (
          <p className="appointments-muted">距开始不足 2 小时，已不能取消或改期</p>
        ))}
    </li>
  )
}

function Reschedule({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const slots = useSlots(bookingTargetOf(appointment))
  const [slot, setSlot] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  async function move() {
    if (!slot) return
    setSending(true)
    try {
      await rescheduleAppointment(appointment, slot)
      toast('success', '已改期')
      onDone()
    } catch (error) {
      toast('error', describeError(error))
      await slots.mutate()
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="appointments-reschedule" data-testid="reschedule">
      <h2 className="appointments-title">改期：{appointment.subject}</h2>
      <p className="appointments-muted">当前时段 {slotLabel(Date.parse(appointment.slotStart))}</p>
      {slots.error ? (
        <ErrorView error={slots.error} onRetry={() => void slots.mutate()} />
      ) : !slots.data ? (
        <LoadingView lines={3} />
      ) : (
        <SlotPicker
          calendar={slots.data}
          value={slot}
          onChange={setSlot}
          current={appointment.slotStart}
          disabled={sending}
        />
      )}
      <div className="appointments-actions">
        <Button block onClick={onDone} disabled={sending}>
          返回
        </Button>
        <Button
          block
          color="primary"
          loading={sending}
          disabled={!slot || sending}
          onClick={() => void move()}
        >
          确认改期
        </Button>
      </div>
    </div>
  )
}
