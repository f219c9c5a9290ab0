// The flight an air-accident cover is for: its number (IATA airline designator + 1-4 digits, an optional
// operational suffix letter) and its day. Pure; the form and the server (partners/applicants.ts) run the same checks.
import { addDays, compareIsoDates, isIsoDate } from './age'

/** A flight may be insured from today up to this many days ahead (the air product's sale window). */
export const FLIGHT_DAYS_AHEAD = 30

/**
 * Airlines whose flights we insure, by IATA designator: the carriers of the Chinese mainland, Hong Kong, Macau
 * and Taiwan, and the major foreign carriers flying to China. A designator not listed here is refused: it is not
 * an assigned airline (ZZ) or not one we sell for.
 */
export const AIRLINES: Readonly<Record<string, string>> = {
  // Chinese mainland
  CA: '中国国际航空',
  MU: '中国东方航空',
  CZ: '中国南方航空',
  HU: '海南航空',
  '3U': '四川航空',
  ZH: '深圳航空',
  MF: '厦门航空',
  FM: '上海航空',
  SC: '山东航空',
  '9C': '春秋航空',
  HO: '吉祥航空',
  KN: '中国联合航空',
  GS: '天津航空',
  '8L': '祥鹏航空',
  PN: '西部航空',
  JD: '首都航空',
  G5: '华夏航空',
  EU: '成都航空',
  TV: '西藏航空',
  GJ: '长龙航空',
  BK: '奥凯航空',
  KY: '昆明航空',
  NS: '河北航空',
  QW: '青岛航空',
  DR: '瑞丽航空',
  AQ: '九元航空',
  GX: '北部湾航空',
  DZ: '东海航空',
  Y8: '金鹏航空',
  A6: '湖南航空',
  '9H': '长安航空',
  GY: '多彩贵州航空',
  RY: '江西航空',
  UQ: '乌鲁木齐航空',
  FU: '福州航空',
  LT: '龙江航空',
  OQ: '重庆航空',
  '9D': '天骄航空',
  // Hong Kong, Macau, Taiwan
  CX: '国泰航空',
  HX: '香港航空',
  UO: '香港快运',
  NX: '澳门航空',
  CI: '中华航空',
  BR: '长荣航空',
  // Major foreign carriers
  SQ: '新加坡航空',
  NH: '全日空',
  JL: '日本航空',
  KE: '大韩航空',
  OZ: '韩亚航空',
  TG: '泰国国际航空',
  MH: '马来西亚航空',
  VN: '越南航空',
  EK: '阿联酋航空',
  QR: '卡塔尔航空',
  LH: '汉莎航空',
  AF: '法国航空',
  KL: '荷兰皇家航空',
  BA: '英国航空',
  AY: '芬兰航空',
  SU: '俄罗斯航空',
  TK: '土耳其航空',
  AA: '美国航空',
  UA: '美国联合航空',
  DL: '达美航空',
  AC: '加拿大航空',
  QF: '澳洲航空',
  NZ: '新西兰航空',
}

/** Two letters or digits, not both digits; then 1-4 digits not all zero; an optional suffix letter. */
const FLIGHT_NO = /^([A-Z0-9]{2})(\d{1,4})([A-Z]?)$/

export interface Flight {
  flightNo: string
  /** YYYY-MM-DD */
  date: string
}

/** The number as typed, tidied: spaces dropped, upper case (mu 5101 → MU5101). */
export const normalizeFlightNo = (input: string) => input.replace(/\s+/g, '').toUpperCase()

/** Why a flight number cannot be insured, or null (field errors name flight.flightNo). */
export function flightNoError(input: string): string | null {
  const flightNo = normalizeFlightNo(input)
  if (!flightNo) return '请输入航班号'
  const match = FLIGHT_NO.exec(flightNo)
  if (!match || /^\d{2}$/.test(match[1]) || /^0+$/.test(match[2]))
    return '航班号格式不正确，应为2位航空公司代码加1至4位数字，如 MU5101'
  if (!AIRLINES[match[1]]) return `航班号中的航空公司代码${match[1]}不存在或暂不支持投保，请核对航班号`
  return null
}

/** Why a flight day cannot be insured on `today`, or null (field errors name flight.date). */
export function flightDateError(date: string, today: string): string | null {
  if (!date) return '请选择航班日期'
  if (!isIsoDate(date)) return '请选择正确的航班日期'
  if (compareIsoDates(date, today) < 0) return '航班日期不能早于今天'
  if (compareIsoDates(date, addDays(today, FLIGHT_DAYS_AHEAD)) > 0)
    return `航班日期须在今天起${FLIGHT_DAYS_AHEAD}天内`
  return null
}

/** Both checks as field errors keyed like the form's ids. */
export function validateFlight(flight: Flight, today: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const number = flightNoError(flight.flightNo)
  if (number) errors['flight.flightNo'] = number
  const date = flightDateError(flight.date, today)
  if (date) errors['flight.date'] = date
  return errors
}
