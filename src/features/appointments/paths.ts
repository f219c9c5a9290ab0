// Appointments (预约顾问): booked calls about a product type and our licensed consultants. Paths as the specification names them.

export const appointmentPaths = {
  productAppointment: '/productAppointment/:goodsType',
  consultants: '/consultant',
  consultant: '/InsuranceConsultant',
  orderCounselor: '/orderCounselor',
} as const

/** 预约咨询 about a product type (高端医疗 highMedical, 年金 annuity, …). */
export const productAppointmentHref = (goodsType: string) =>
  `/productAppointment/${encodeURIComponent(goodsType)}`
export const consultantsHref = () => appointmentPaths.consultants
export const consultantHref = (id: string) => `${appointmentPaths.consultant}?id=${encodeURIComponent(id)}`
export const orderCounselorHref = (id: string) =>
  `${appointmentPaths.orderCounselor}?id=${encodeURIComponent(id)}`
