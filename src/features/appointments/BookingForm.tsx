import { useState } from 'react'
import { Button, Input, TextArea } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { slotLabel } from '../../domain/appointments'
import { apiErrorOf, describeError } from '../../lib/request'
import { useMe } from '../member/api'
import type { DataLoad } from '../../types/route'
import {
  appointmentsKey,
  bookAppointment,
  refreshAfterChange,
  slotsKey,
  useSlots,
  type Appointment,
  type BookingTarget,
} from './api'
import { MyAppointments } from './MyAppointments'
import { SlotPicker } from './SlotPicker'

const NEEDS_MAX = 200
const PHONE = /^1[3-9]\d{9}$/

/** A screen's loader part for a BookingForm: the slots, then (logged in) my appointments shown under them. */
export async function loadBooking(target: BookingTarget, loggedIn: boolean, load: DataLoad): Promise<void> {
  await load(slotsKey(target))
  if (loggedIn) await load(appointmentsKey)
}

/**
 * The booking of a product call or a consultant: day and slot, phone (the user's, changeable), needs; then the
 * booking confirmed, and my appointments with 取消 and 改期. A logged-out visitor sees the slots and is offered
 * login to book.
 */
export function BookingForm({ target }: { target: BookingTarget }) {
  const me = useMe()
  const slots = useSlots(target)
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const [booked, setBooked] = useState<Appointment | null>(null)

  if (slots.error) return <ErrorView error={slots.error} onRetry={() => void slots.mutate()} />
  if (!slots.data || me.isLoading) return <LoadingView lines={6} />
  const loggedIn = Boolean(me.data)

  return (
    <>
      {booked ? (
        <section className="appointments-card appointments-done" data-testid="booking-done">
          <h2 className="appointments-title">预约成功</h2>
          <p>
            「{booked.subject}」咨询：<strong>{slotLabel(Date.parse(booked.slotStart))}</strong>
          </p>
          <p className="appointments-muted">
            确认短信已发送至预留手机号，消息中心也有记录。顾问将在预约时段致电，开始前 2
            小时可在下方取消或改期。
          </p>
          <Button block fill="outline" onClick={() => setBooked(null)}>
            再约一个时段
          </Button>
        </section>
      ) : (
        <Form
          key={me.data?.id ?? 'guest'}
          target={target}
          calendar={slots.data}
          defaultPhone={me.data?.phone ?? ''}
          loggedIn={loggedIn}
          onLogin={() => navigate(loginPathFor(`${pathname}${search}`))}
          onBooked={(a) => {
            setBooked(a)
            void refreshAfterChange(target)
          }}
          onRefused={() => void slots.mutate()}
        />
      )}
      {loggedIn && <MyAppointments highlight={booked?.id} />}
    </>
  )
}

function Form({
  target,
  calendar,
  defaultPhone,
  loggedIn,
  onLogin,
  onBooked,
  onRefused,
}: {
  target: BookingTarget
  calendar: NonNullable<ReturnType<typeof useSlots>['data']>
  defaultPhone: string
  loggedIn: boolean
  onLogin: () => void
  onBooked: (a: Appointment) => void
  onRefused: () => void
}) {
  const [slot, setSlot] = useState<string | null>(null)
  const [phone, setPhone] = useState(defaultPhone)
  const [needs, setNeeds] = useState('')
  const [sending, setSending] = useState(false)
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const noSlots = calendar.days.every((d) => d.slots.every((s) => s.remaining <= 0))

  async function submit() {
    if (!slot) return
    if (!PHONE.test(phone)) return setPhoneError('请输入正确的11位手机号')
    setSending(true)
    try {
      const done = await bookAppointment({ ...target, slotStart: slot, phone, needs: needs.trim() })
      toast('success', '预约成功')
      onBooked(done)
    } catch (error) {
      const code = apiErrorOf(error)?.code
      if (code === 'SLOT_FULL' || code === 'INVALID_SLOT') {
        setSlot(null)
        onRefused()
      }
      toast('error', describeError(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <section className="appointments-card" aria-label="预约时段" data-testid="booking-form">
      <h2 className="appointments-title">选择时段</h2>
      <p className="appointments-muted">每个时段 1 小时（北京时间），名额有限，约满即止</p>
      {noSlots ? (
        <p className="appointments-muted slot-none">未来 7 天的时段已全部约满，请稍后再来看看</p>
      ) : (
        <SlotPicker calendar={calendar} value={slot} onChange={setSlot} disabled={sending} />
      )}
      {loggedIn ? (
        <>
          <label className="appointments-label" htmlFor="booking-phone">
            联系电话
          </label>
          <Input
            id="booking-phone"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            value={phone}
            placeholder="顾问将拨打此号码"
            onChange={(v) => {
              setPhone(v.replace(/\D/g, ''))
              setPhoneError(null)
            }}
            onBlur={() => setPhoneError(PHONE.test(phone) ? null : '请输入正确的11位手机号')}
          />
          {phoneError && <p className="appointments-error">{phoneError}</p>}
          <label className="appointments-label" htmlFor="booking-needs">
            咨询需求（选填）
          </label>
          <TextArea
            id="booking-needs"
            value={needs}
            onChange={setNeeds}
            rows={3}
            maxLength={NEEDS_MAX}
            showCount
            placeholder="例如：想了解孩子的医疗险怎么配"
          />
          <Button
            block
            color="primary"
            size="large"
            className="appointments-submit"
            loading={sending}
            disabled={!slot || sending}
            onClick={() => void submit()}
          >
            {slot ? `预约 ${slotLabel(Date.parse(slot))}` : '请选择时段'}
          </Button>
        </>
      ) : (
        <div className="appointments-login">
          <p className="appointments-muted">登录后即可预约，顾问将在预约时段致电您</p>
          <Button block color="primary" onClick={onLogin}>
            登录后预约
          </Button>
        </div>
      )}
    </section>
  )
}
