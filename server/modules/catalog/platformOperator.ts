import type { PlatformOperator } from '../../../src/types/generated/api/disclosure'
import { SERVICE_HOURS_TEXT } from '../../../src/domain/serviceDesk'

/**
 * Who runs this mall and sells through it: the insurance intermediary's own disclosure (互联网保险业务监管办法
 * art. 13), in one place. The API serves it beside the insurer's (GET /api/disclosure) and the e-policy prints it.
 * A demo: the company, licence, credit code, address and numbers are invented.
 */
export const PLATFORM_OPERATOR: PlatformOperator = {
  platformName: '国恒保险商城',
  name: '国恒保险经纪有限公司（演示）',
  licenceNo: '260731000000800',
  creditCode: '91310115MA1GH2607L',
  registeredAddress: '上海市浦东新区国恒路 100 号 8 楼（演示）',
  hotline: '4000-000-800',
  serviceHours: SERVICE_HOURS_TEXT,
  complaintPhone: '4000-000-800',
  complaintEmail: 'complaint@guoheng.example',
  complaintNote: '投诉受理后 15 个工作日内答复；对处理结果不满意，可向金融监管部门反映。',
  regulatorHotline: '12378',
  // 在线客服: the assistant first (常见问题), then an agent (server/modules/service).
  onlineServicePath: '/service',
}
