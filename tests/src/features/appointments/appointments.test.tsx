import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import ConsultantPage from '../../../../src/features/appointments/ConsultantPage'
import ConsultantsPage from '../../../../src/features/appointments/ConsultantsPage'
import OrderCounselorPage from '../../../../src/features/appointments/OrderCounselorPage'
import ProductAppointmentPage from '../../../../src/features/appointments/ProductAppointmentPage'
import { jtcStore } from '../../../../src/state/jtcState'
import type { Appointment, Consultant, SlotCalendar } from '../../../../src/types/generated/api/appointment'
import { apiError, renderScreen, stubApi, tappable } from '../../harness'
import { me } from '../member/fixtures'

// The booking screens against the API stub: day tabs and slots with places left (a full one cannot be chosen),
// the phone filled from the user, one booking per tap with an Idempotency-Key, the confirmation, my bookings with
// 取消 (after a confirm) and 改期, login offered to a visitor, the consultant pages and the ?agent= link.

afterEach(() => jtcStore.reset())

const slot = (day: string, hour: number, remaining: number) => ({
  start: `${day}T${String(hour).padStart(2, '0')}:00:00.000+08:00`,
  end: `${day}T${String(hour + 1).padStart(2, '0')}:00:00.000+08:00`,
  remaining,
})
const calendar = (subject = '高端医疗', capacity = 3): SlotCalendar => ({
  subject,
  capacity,
  days: [
    { day: '2026-11-22', slots: [] },
    {
      day: '2026-11-23',
      slots: [slot('2026-11-23', 9, 0), slot('2026-11-23', 10, 2), slot('2026-11-23', 11, 3)],
    },
    { day: '2026-11-24', slots: [slot('2026-11-24', 9, 3)] },
  ],
})
const appointment = (extra: Partial<Appointment> = {}): Appointment => ({
  id: 'a1',
  goodsType: 'highMedical',
  consultantId: null,
  subject: '高端医疗',
  slotStart: '2026-11-23T10:00:00.000+08:00',
  slotEnd: '2026-11-23T11:00:00.000+08:00',
  phone: '13912340001',
  needs: '想了解海外就医',
  status: 'BOOKED',
  changeable: true,
  createdAt: '2026-11-22T12:00:00.000+08:00',
  cancelledAt: null,
  confirmedAt: null,
  ...extra,
})
const linYue: Consultant = {
  id: 'c-lin-yue',
  name: '林悦',
  photo: '/images/consultants/c-lin-yue.svg',
  licenceNo: '02000144030080002019000318',
  years: 9,
  specialities: ['高端医疗', '重疾险'],
  rating: 4.9,
  served: 1260,
  intro: '擅长家庭医疗与重疾保障。（演示顾问，信息虚构）',
}

describe('/productAppointment/{goodsType}', () => {
  it('books a slot with the user’s phone and needs, once, and shows the confirmation', async () => {
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/appointments/slots': calendar(),
      'GET /api/appointments': { items: [] },
      'POST /api/appointments': appointment(),
    })
    const user = userEvent.setup()
    renderScreen(ProductAppointmentPage, '/productAppointment/highMedical', '/productAppointment/:goodsType')
    expect(await screen.findByRole('heading', { name: '高端医疗 · 预约咨询' })).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/appointments/slots')[0].query.get('goodsType')).toBe('highMedical')

    // The first day with places is open: tomorrow; the full 09:00 cannot be chosen.
    const grid = await screen.findByRole('group', { name: '选择时段' })
    const full = within(grid).getByRole('button', { name: /09:00–10:00/ })
    expect(full).toBeDisabled()
    expect(full).toHaveTextContent('已约满')
    expect(screen.getByRole('button', { name: '请选择时段' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: '联系电话' })).toHaveValue('13912340001')

    await user.click(within(grid).getByRole('button', { name: /10:00–11:00 余2/ }))
    await user.type(screen.getByRole('textbox', { name: '咨询需求（选填）' }), '想了解海外就医')
    await user.click(screen.getByRole('button', { name: '预约 11月23日 周一 10:00–11:00' }))

    expect(await screen.findByTestId('booking-done')).toHaveTextContent('11月23日 周一 10:00–11:00')
    const sent = api.callsTo('POST', '/api/appointments')
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toEqual({
      goodsType: 'highMedical',
      slotStart: '2026-11-23T10:00:00.000+08:00',
      phone: '13912340001',
      needs: '想了解海外就医',
    })
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('says when the slot was just taken, and asks for the slots again', async () => {
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/appointments/slots': calendar(),
      'GET /api/appointments': { items: [] },
      'POST /api/appointments': apiError(409, 'SLOT_FULL', '该时段已约满，请选择其他时段'),
    })
    const user = userEvent.setup()
    renderScreen(ProductAppointmentPage, '/productAppointment/highMedical', '/productAppointment/:goodsType')
    await user.click(await screen.findByRole('button', { name: /11:00–12:00 余3/ }))
    await user.click(screen.getByRole('button', { name: /^预约 / }))
    expect(await screen.findByText('该时段已约满，请选择其他时段')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '请选择时段' })).toBeDisabled()
    await waitFor(() => expect(api.callsTo('GET', '/api/appointments/slots').length).toBeGreaterThan(1))
  })

  it('lists my bookings: 取消 after a confirm, 改期 to another slot; none within 2 hours', async () => {
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/appointments/slots': calendar(),
      'GET /api/appointments': {
        items: [
          appointment(),
          appointment({
            id: 'a2',
            subject: '年金',
            goodsType: 'annuity',
            changeable: false,
            slotStart: '2026-11-22T13:00:00.000+08:00',
          }),
          appointment({ id: 'a3', status: 'CANCELLED', changeable: false }),
        ],
      },
      'POST /api/appointments/a1/cancel': appointment({ status: 'CANCELLED', changeable: false }),
      'POST /api/appointments/a1/reschedule': appointment({ slotStart: '2026-11-24T09:00:00.000+08:00' }),
    })
    // The popup and the dialog animate in: their contents take taps once shown.
    const user = userEvent.setup()
    renderScreen(ProductAppointmentPage, '/productAppointment/highMedical', '/productAppointment/:goodsType')
    const mine = await screen.findByTestId('my-appointments')
    const rows = await within(mine).findAllByTestId('appointment')
    expect(rows).toHaveLength(3)
    // Upcoming first, earliest first.
    expect(rows[0]).toHaveTextContent('年金')
    expect(rows[0]).toHaveTextContent('距开始不足 2 小时，已不能取消或改期')
    expect(within(rows[0]).queryByRole('button')).toBeNull()
    expect(rows[1]).toHaveTextContent('11月23日 周一 10:00–11:00')
    expect(rows[1]).toHaveTextContent('139****0001')
    expect(rows[2]).toHaveTextContent('已取消')

    await user.click(within(rows[1]).getByRole('button', { name: '改期' }))
    const popup = await screen.findByTestId('reschedule')
    await user.click(await tappable(within(popup).getByRole('tab', { name: /周二/ })))
    await user.click(within(popup).getByRole('button', { name: /09:00–10:00 余3/ }))
    await user.click(within(popup).getByRole('button', { name: '确认改期' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/appointments/a1/reschedule')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/appointments/a1/reschedule')[0].body).toEqual({
      slotStart: '2026-11-24T09:00:00.000+08:00',
    })

    await user.click(within(rows[1]).getByRole('button', { name: '取消' }))
    await user.click(await tappable(await screen.findByRole('button', { name: '取消预约' })))
    await waitFor(() => expect(api.callsTo('POST', '/api/appointments/a1/cancel')).toHaveLength(1))
  })

  it('shows the slots to a visitor and offers login to book', async () => {
    stubApi({
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录'),
      'GET /api/appointments/slots': calendar(),
    })
    const user = userEvent.setup()
    renderScreen(ProductAppointmentPage, '/productAppointment/annuity', '/productAppointment/:goodsType')
    expect(await screen.findByRole('group', { name: '选择时段' })).toBeInTheDocument()
    expect(screen.queryByTestId('my-appointments')).toBeNull()
    await user.click(screen.getByRole('button', { name: '登录后预约' }))
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/Login?redirect=%2FproductAppointment%2Fannuity',
    )
  })

  it('says so for a product type it does not know, and when the slots fail to load', async () => {
    stubApi({ 'GET /api/me': me() })
    renderScreen(ProductAppointmentPage, '/productAppointment/car', '/productAppointment/:goodsType')
    expect(await screen.findByText('没有这类产品的咨询')).toBeInTheDocument()
  })

  it('shows a load failure with 重试', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/appointments/slots': apiError(500, 'INTERNAL', '服务繁忙，请稍后再试'),
    })
    renderScreen(ProductAppointmentPage, '/productAppointment/life', '/productAppointment/:goodsType')
    expect(await screen.findByText('加载失败')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('keeps the consultant of an ?agent= link in agentInfo and shows them', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/appointments/slots': calendar(),
      'GET /api/appointments': { items: [] },
      'GET /api/consultants/c-lin-yue': linYue,
    })
    renderScreen(
      ProductAppointmentPage,
      '/productAppointment/highMedical?agent=c-lin-yue',
      '/productAppointment/:goodsType',
    )
    expect(await screen.findByTestId('service-agent')).toHaveTextContent('您的专属顾问：林悦')
    expect(jtcStore.state.agentInfo).toMatchObject({ consultantId: 'c-lin-yue', name: '林悦' })
  })
})

describe('consultants', () => {
  it('lists the consultants with rating, years and specialities', async () => {
    stubApi({ 'GET /api/consultants': { items: [linYue] } })
    renderScreen(ConsultantsPage, '/consultant')
    const card = await screen.findByTestId('consultant-card')
    expect(card).toHaveTextContent('林悦')
    expect(card).toHaveTextContent('4.9 分')
    expect(card).toHaveTextContent('从业 9 年 · 服务 1260 位客户')
    expect(card).toHaveAttribute('href', '/InsuranceConsultant?id=c-lin-yue')
  })

  it('says 已确认 once a service agent confirmed the booking', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/appointments/slots': calendar(),
      'GET /api/appointments': {
        items: [appointment({ confirmedAt: '2026-11-22T14:00:00.000+08:00' }), appointment({ id: 'a2' })],
      },
    })
    renderScreen(ProductAppointmentPage, '/productAppointment/highMedical', '/productAppointment/:goodsType')
    expect(await screen.findByText('已确认')).toBeInTheDocument()
    expect(screen.getAllByText('待咨询')).toHaveLength(1)
  })

  it('says when there are none', async () => {
    stubApi({ 'GET /api/consultants': { items: [] } })
    renderScreen(ConsultantsPage, '/consultant')
    expect(await screen.findByText('暂无可预约的顾问')).toBeInTheDocument()
  })

  it('shows one consultant with the licence number, and 预约TA opens the booking', async () => {
    stubApi({ 'GET /api/consultants/c-lin-yue': linYue })
    const user = userEvent.setup()
    renderScreen(ConsultantPage, '/InsuranceConsultant?id=c-lin-yue')
    expect(await screen.findByText('02000144030080002019000318')).toBeInTheDocument()
    expect(screen.getByText('评分 4.9 / 5')).toBeInTheDocument()
    expect(screen.getByText('9 年')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '预约TA' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/orderCounselor?id=c-lin-yue')
  })

  it('says an unknown consultant is missing, with the way back', async () => {
    stubApi({ 'GET /api/consultants/c-nobody': apiError(404, 'NOT_FOUND', '顾问不存在') })
    renderScreen(ConsultantPage, '/InsuranceConsultant?id=c-nobody')
    expect(await screen.findByText('顾问不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '查看全部顾问' })).toBeInTheDocument()
  })

  it('books a consultant for the slot chosen', async () => {
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/consultants/c-lin-yue': linYue,
      'GET /api/appointments/slots': calendar('顾问林悦', 1),
      'GET /api/appointments': { items: [] },
      'POST /api/appointments': appointment({
        goodsType: null,
        consultantId: 'c-lin-yue',
        subject: '顾问林悦',
      }),
    })
    const user = userEvent.setup()
    renderScreen(OrderCounselorPage, '/orderCounselor?id=c-lin-yue')
    expect(await screen.findByText('林悦')).toBeInTheDocument()
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/appointments/slots')[0]?.query.get('consultantId')).toBe('c-lin-yue'),
    )
    await user.click(await screen.findByRole('button', { name: /11:00–12:00/ }))
    await user.click(screen.getByRole('button', { name: /^预约 / }))
    expect(await screen.findByTestId('booking-done')).toHaveTextContent('顾问林悦')
    expect(api.callsTo('POST', '/api/appointments')[0].body).toMatchObject({ consultantId: 'c-lin-yue' })
  })
})
