import type { CategoryCode, InsurerCode } from './insurers'
import type { Pricing } from './premiums'

// The 30 demo products. All fictional: names, companies, numbers. Ids are stable slugs that page
// configs and other screens link to, so never rename one.

export type CoverageSeed = [name: string, amountYuan: number, description: string]

export interface PlanSeed {
  code: string
  name: string
  coverages: CoverageSeed[]
  pricing: Pricing
}

export interface ProductSeed {
  id: string
  name: string
  tagline: string
  category: CategoryCode
  insurer: InsurerCode
  tags: string[]
  sales: number
  /** Rating in tenths of a star (47 = 4.7). */
  rating: number
  highlights: string[]
  ageMin: { years: number; days?: number }
  ageMax: number
  waitingDays: number
  coolingOffDays: number
  needsAddress?: boolean
  coveragePeriods: string[]
  paymentPeriods: string[]
  plans: PlanSeed[]
}

const flat = (byCoveragePeriod: Record<string, number>): Pricing => ({ kind: 'flat', byCoveragePeriod })
const medical = (baseFen: number): Pricing => ({ kind: 'medical', baseFen })
const level = (baseFen: number, femaleFactor = 0.9, ageSlope = 0.045): Pricing => ({ kind: 'level', baseFen, femaleFactor, ageSlope })

const ADULT = { years: 18 }
const BABY = { years: 0, days: 28 }

export const PRODUCTS: ProductSeed[] = [
  // 意外 accident
  {
    id: 'p-accident-daily',
    name: '青松安心综合意外险',
    tagline: '意外身故伤残最高100万，意外医疗0免赔',
    category: 'accident', insurer: 'QS', tags: ['意外', '热销', '新人专享'], sales: 128_450, rating: 48,
    highlights: ['意外医疗不限社保用药', '猝死保障', '可选住院津贴'],
    ageMin: ADULT, ageMax: 65, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [
      { code: 'basic', name: '基础版', coverages: [['意外身故/伤残', 500_000, '按伤残等级比例赔付'], ['意外医疗', 20_000, '0免赔，100%报销'], ['猝死', 100_000, '含过劳猝死']], pricing: flat({ '1y': 9900 }) },
      { code: 'plus', name: '升级版', coverages: [['意外身故/伤残', 1_000_000, '按伤残等级比例赔付'], ['意外医疗', 50_000, '0免赔，100%报销'], ['猝死', 200_000, '含过劳猝死'], ['住院津贴', 100, '每天，最长180天']], pricing: flat({ '1y': 19900 }) },
    ],
  },
  {
    id: 'p-accident-commute',
    name: '星芒通勤出行意外险',
    tagline: '地铁公交网约车，通勤路上都保障',
    category: 'accident', insurer: 'XM', tags: ['意外', '出行', '春节'], sales: 56_320, rating: 46,
    highlights: ['公共交通意外加倍赔', '驾乘私家车保障', '按月可买'],
    ageMin: ADULT, ageMax: 60, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['1m', '1y'], paymentPeriods: ['single'],
    plans: [
      { code: 'standard', name: '标准版', coverages: [['公共交通意外身故/伤残', 1_000_000, '地铁、公交、轮船、火车'], ['驾乘意外身故/伤残', 300_000, '驾驶或乘坐私家车'], ['意外医疗', 10_000, '100元免赔']], pricing: flat({ '1m': 900, '1y': 6800 }) },
    ],
  },
  {
    id: 'p-accident-kids',
    name: '蓝鲸湾小神兽少儿意外险',
    tagline: '磕碰摔伤都能报，含疫苗异常反应',
    category: 'accident', insurer: 'LJ', tags: ['意外', '少儿'], sales: 41_210, rating: 47,
    highlights: ['意外医疗0免赔', '疫苗异常反应保障', '烧烫伤保障'],
    ageMin: BABY, ageMax: 17, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [
      { code: 'standard', name: '标准版', coverages: [['意外伤残', 200_000, '按伤残等级比例赔付'], ['意外医疗', 20_000, '0免赔'], ['疫苗异常反应', 100_000, '接种后出现异常反应'], ['烧烫伤', 100_000, '按烧伤程度赔付']], pricing: flat({ '1y': 5900 }) },
    ],
  },
  {
    id: 'p-accident-senior',
    name: '北麓山银龄意外险',
    tagline: '专为50-80岁父母设计，骨折也能赔',
    category: 'accident', insurer: 'BL', tags: ['意外', '孝心'], sales: 23_870, rating: 46,
    highlights: ['意外骨折额外赔付', '意外住院津贴', '最高80岁可投'],
    ageMin: { years: 50 }, ageMax: 80, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [
      { code: 'standard', name: '标准版', coverages: [['意外身故/伤残', 100_000, '按伤残等级比例赔付'], ['意外骨折', 20_000, '按骨折部位比例赔付'], ['意外医疗', 20_000, '100元免赔'], ['意外住院津贴', 100, '每天，最长90天']], pricing: flat({ '1y': 29900 }) },
    ],
  },
  {
    id: 'p-accident-newcomer',
    name: '青松新人1元意外险',
    tagline: '新用户专享，1元保30天',
    category: 'accident', insurer: 'QS', tags: ['意外', '新人专享', '热销'], sales: 312_900, rating: 45,
    highlights: ['1元体验', '意外身故伤残10万', '仅限首单'],
    ageMin: ADULT, ageMax: 60, waitingDays: 0, coolingOffDays: 0,
    coveragePeriods: ['30d'], paymentPeriods: ['single'],
    plans: [{ code: 'trial', name: '体验版', coverages: [['意外身故/伤残', 100_000, '按伤残等级比例赔付'], ['意外医疗', 1_000, '100元免赔']], pricing: flat({ '30d': 100 }) }],
  },
  // 健康 health
  {
    id: 'p-health-checkup',
    name: '云禾年度体检保障计划',
    tagline: '一份保障加一次全面体检',
    category: 'health', insurer: 'YH', tags: ['健康', '新人专享'], sales: 18_640, rating: 44,
    highlights: ['含一次三甲合作机构体检', '门急诊费用补偿', '健康咨询不限次'],
    ageMin: ADULT, ageMax: 60, waitingDays: 30, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['门急诊医疗', 5_000, '次免赔100元，赔付80%'], ['体检服务', 1, '全年一次'], ['在线问诊', 1, '全年不限次']], pricing: flat({ '1y': 39900 }) }],
  },
  {
    id: 'p-health-dental',
    name: '云禾齿科保障',
    tagline: '洗牙补牙拔牙，一年一份安心',
    category: 'health', insurer: 'YH', tags: ['健康'], sales: 9_980, rating: 43,
    highlights: ['每年一次洁牙', '补牙拔牙报销', '全国合作齿科'],
    ageMin: { years: 3 }, ageMax: 65, waitingDays: 30, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['洁牙', 1, '每年一次'], ['基础治疗', 3_000, '补牙、拔牙、根管治疗']], pricing: flat({ '1y': 19900 }) }],
  },
  {
    id: 'p-health-women',
    name: '青松她守护女性健康险',
    tagline: '女性特定疾病与原位癌保障',
    category: 'health', insurer: 'QS', tags: ['健康', '女性'], sales: 14_300, rating: 47,
    highlights: ['乳腺癌、宫颈癌额外赔付', '原位癌保障', '孕期并发症保障'],
    ageMin: ADULT, ageMax: 55, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['女性特定恶性肿瘤', 200_000, '确诊即赔'], ['原位癌', 50_000, '确诊即赔'], ['孕期并发症', 20_000, '妊娠期特定并发症']], pricing: medical(4900) }],
  },
  // 医疗 medical
  {
    id: 'p-medical-million',
    name: '云禾百万医疗险（2026版）',
    tagline: '一般医疗200万，重疾医疗400万',
    category: 'medical', insurer: 'YH', tags: ['医疗', '热销', '新人专享'], sales: 256_780, rating: 49,
    highlights: ['1万免赔额，家庭共享', '外购药、特药可报', '重疾0免赔'],
    ageMin: BABY, ageMax: 65, waitingDays: 30, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [
      { code: 'standard', name: '标准版', coverages: [['一般医疗', 2_000_000, '年免赔额1万元'], ['重大疾病医疗', 4_000_000, '0免赔'], ['质子重离子', 4_000_000, '指定医院']], pricing: medical(13600) },
      { code: 'plus', name: '升级版', coverages: [['一般医疗', 3_000_000, '年免赔额1万元'], ['重大疾病医疗', 6_000_000, '0免赔'], ['质子重离子', 6_000_000, '指定医院'], ['特药', 1_000_000, '120种特药']], pricing: medical(21800) },
    ],
  },
  {
    id: 'p-medical-smallclaims',
    name: '蓝鲸湾小额门诊医疗险',
    tagline: '感冒发烧看门诊也能报',
    category: 'medical', insurer: 'LJ', tags: ['医疗'], sales: 33_410, rating: 45,
    highlights: ['门急诊0免赔', '住院医疗1万', '线上理赔快'],
    ageMin: BABY, ageMax: 60, waitingDays: 30, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['门急诊医疗', 2_000, '0免赔，赔付80%'], ['住院医疗', 10_000, '0免赔，赔付90%']], pricing: medical(29800) }],
  },
  {
    id: 'p-medical-senior',
    name: '北麓山长辈防癌医疗险',
    tagline: '三高人群可投，最高80岁',
    category: 'medical', insurer: 'BL', tags: ['医疗', '孝心'], sales: 21_560, rating: 46,
    highlights: ['三高人群可投保', '恶性肿瘤医疗0免赔', '外购药可报'],
    ageMin: { years: 50 }, ageMax: 70, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['恶性肿瘤医疗', 2_000_000, '0免赔'], ['恶性肿瘤外购药', 1_000_000, '0免赔']], pricing: medical(9900) }],
  },
  {
    id: 'p-medical-mid',
    name: '青松中端医疗险',
    tagline: '公立医院特需部、国际部可用',
    category: 'medical', insurer: 'QS', tags: ['医疗'], sales: 7_320, rating: 48,
    highlights: ['特需部、国际部直付', '0免赔', '住院陪护'],
    ageMin: BABY, ageMax: 60, waitingDays: 30, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['住院医疗', 3_000_000, '0免赔，特需部可用'], ['特殊门诊', 3_000_000, '肾透析、放化疗等'], ['住院陪护', 200, '每天']], pricing: medical(88000) }],
  },
  // 重疾 critical illness
  {
    id: 'p-critical-classic',
    name: '北麓山康享重疾险',
    tagline: '120种重疾，多次赔付，保至终身',
    category: 'critical', insurer: 'BL', tags: ['重疾', '热销'], sales: 45_620, rating: 48,
    highlights: ['120种重疾', '轻中症多次赔', '被保险人豁免'],
    ageMin: BABY, ageMax: 55, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['to70', 'life'], paymentPeriods: ['10', '20', '30'],
    plans: [{ code: 'standard', name: '30万保额', coverages: [['重大疾病', 300_000, '120种，赔付1次'], ['中症', 180_000, '25种，60%保额，最多2次'], ['轻症', 90_000, '50种，30%保额，最多3次'], ['身故', 300_000, '18岁后身故赔保额']], pricing: level(280000, 0.88, 0.055) }],
  },
  {
    id: 'p-critical-kids',
    name: '青松小海豚少儿重疾险',
    tagline: '少儿特定重疾额外赔，30年保障',
    category: 'critical', insurer: 'QS', tags: ['重疾', '少儿'], sales: 38_950, rating: 49,
    highlights: ['少儿特定疾病额外赔100%', '投保人豁免', '白血病医疗保障'],
    ageMin: BABY, ageMax: 17, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['30y'], paymentPeriods: ['10', '20'],
    plans: [{ code: 'standard', name: '50万保额', coverages: [['重大疾病', 500_000, '110种'], ['少儿特定重疾', 500_000, '20种，额外赔付'], ['轻中症', 250_000, '多次赔付']], pricing: level(78000, 0.95, 0.03) }],
  },
  {
    id: 'p-critical-term',
    name: '星芒定期重疾险',
    tagline: '保障到70岁，保费更低',
    category: 'critical', insurer: 'XM', tags: ['重疾'], sales: 16_780, rating: 46,
    highlights: ['保至70岁', '健康告知宽松', '缴费期豁免'],
    ageMin: ADULT, ageMax: 50, waitingDays: 180, coolingOffDays: 15,
    coveragePeriods: ['to70'], paymentPeriods: ['10', '20'],
    plans: [{ code: 'standard', name: '30万保额', coverages: [['重大疾病', 300_000, '100种'], ['轻症', 60_000, '40种，20%保额']], pricing: level(150000, 0.85, 0.06) }],
  },
  {
    id: 'p-critical-cancer',
    name: '云禾防癌险',
    tagline: '专注癌症保障，带病也能投',
    category: 'critical', insurer: 'YH', tags: ['重疾', '孝心'], sales: 12_300, rating: 45,
    highlights: ['恶性肿瘤确诊即赔', '原位癌保障', '乙肝、结节可投'],
    ageMin: ADULT, ageMax: 70, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '20万保额', coverages: [['恶性肿瘤', 200_000, '确诊即赔'], ['原位癌', 40_000, '确诊即赔']], pricing: medical(3900) }],
  },
  // 寿险 life
  {
    id: 'p-life-term',
    name: '青松定期寿险',
    tagline: '家庭顶梁柱，100万保额每年几百元',
    category: 'life', insurer: 'QS', tags: ['寿险', '热销'], sales: 29_870, rating: 48,
    highlights: ['身故/全残赔保额', '保至60或70岁', '健康告知宽松'],
    ageMin: ADULT, ageMax: 55, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['20y', 'to70'], paymentPeriods: ['10', '20'],
    plans: [{ code: 'standard', name: '100万保额', coverages: [['身故/全残', 1_000_000, '等待期后身故或全残']], pricing: level(42000, 0.6, 0.075) }],
  },
  {
    id: 'p-life-whole',
    name: '北麓山传家终身寿险',
    tagline: '保额每年3.5%复利递增，财富传承',
    category: 'life', insurer: 'BL', tags: ['寿险'], sales: 6_540, rating: 47,
    highlights: ['有效保额3.5%递增', '可指定受益人', '可减保取现'],
    ageMin: BABY, ageMax: 65, waitingDays: 90, coolingOffDays: 15,
    coveragePeriods: ['life'], paymentPeriods: ['single', '5', '10'],
    plans: [{ code: 'standard', name: '年交1万起', coverages: [['身故/全残', 200_000, '按有效保额与现金价值较大者赔付']], pricing: level(1000000, 0.97, 0.01) }],
  },
  {
    id: 'p-life-accident-family',
    name: '蓝鲸湾家庭意外身故保障',
    tagline: '一家三口一张保单',
    category: 'life', insurer: 'LJ', tags: ['寿险', '意外'], sales: 8_760, rating: 44,
    highlights: ['家庭成员共享保额', '交通意外双倍', '一张保单管全家'],
    ageMin: ADULT, ageMax: 60, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '家庭版', coverages: [['意外身故', 500_000, '每位家庭成员'], ['交通意外身故', 1_000_000, '额外赔付']], pricing: flat({ '1y': 36800 }) }],
  },
  // 旅行 travel
  {
    id: 'p-travel-domestic',
    name: '星芒国内旅行险',
    tagline: '自驾游、跟团游，按天投保',
    category: 'travel', insurer: 'XM', tags: ['旅行', '出行', '春节'], sales: 87_650, rating: 47,
    highlights: ['按天投保', '高原反应保障', '航班延误补偿'],
    ageMin: { years: 1 }, ageMax: 80, waitingDays: 0, coolingOffDays: 0,
    coveragePeriods: ['3d', '7d', '15d', '30d'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['意外身故/伤残', 500_000, '旅行期间'], ['意外医疗', 50_000, '0免赔'], ['航班延误', 300, '延误4小时以上'], ['高原反应', 10_000, '急性高原病']], pricing: flat({ '3d': 800, '7d': 1500, '15d': 2800, '30d': 4800 }) }],
  },
  {
    id: 'p-travel-schengen',
    name: '蓝鲸湾申根旅行险',
    tagline: '满足申根签证要求，紧急救援全球可用',
    category: 'travel', insurer: 'LJ', tags: ['旅行', '出行'], sales: 34_210, rating: 48,
    highlights: ['医疗保额满足申根签证', '24小时中文救援', '电子保单可用于签证'],
    ageMin: { years: 0, days: 30 }, ageMax: 85, waitingDays: 0, coolingOffDays: 0,
    coveragePeriods: ['7d', '15d', '30d', '90d'], paymentPeriods: ['single'],
    plans: [
      { code: 'basic', name: '签证版', coverages: [['意外身故/伤残', 300_000, '全球'], ['境外医疗', 350_000, '约4.5万欧元'], ['紧急救援', 500_000, '转运及送返']], pricing: flat({ '7d': 6900, '15d': 9900, '30d': 16800, '90d': 39900 }) },
      { code: 'premium', name: '尊享版', coverages: [['意外身故/伤残', 1_000_000, '全球'], ['境外医疗', 1_000_000, '0免赔'], ['紧急救援', 1_000_000, '转运及送返'], ['行李延误', 1_000, '延误6小时以上']], pricing: flat({ '7d': 13900, '15d': 19900, '30d': 32800, '90d': 79900 }) },
    ],
  },
  {
    id: 'p-travel-asia',
    name: '青松亚洲自由行保险',
    tagline: '日韩东南亚出行首选',
    category: 'travel', insurer: 'QS', tags: ['旅行', '出行'], sales: 27_650, rating: 46,
    highlights: ['境外医疗直付', '旅行取消保障', '手机财物损失'],
    ageMin: { years: 1 }, ageMax: 80, waitingDays: 0, coolingOffDays: 0,
    coveragePeriods: ['5d', '10d', '20d'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['意外身故/伤残', 500_000, '亚洲地区'], ['境外医疗', 300_000, '0免赔'], ['旅行取消', 5_000, '因特定原因取消行程'], ['随身财物', 2_000, '单件500元']], pricing: flat({ '5d': 3500, '10d': 5900, '20d': 9800 }) }],
  },
  {
    id: 'p-travel-springfestival',
    name: '星芒春节返乡出行保',
    tagline: '春运回家路，平安又安心',
    category: 'travel', insurer: 'XM', tags: ['旅行', '出行', '春节', '意外'], sales: 64_380, rating: 47,
    highlights: ['火车飞机长途大巴都保', '春运期间意外加倍', '行李丢失补偿'],
    ageMin: { years: 1 }, ageMax: 75, waitingDays: 0, coolingOffDays: 0,
    coveragePeriods: ['15d', '30d'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '春节版', coverages: [['交通意外身故/伤残', 800_000, '乘坐公共交通工具'], ['意外医疗', 20_000, '0免赔'], ['行李丢失', 1_000, '托运行李']], pricing: flat({ '15d': 990, '30d': 1690 }) }],
  },
  // 财产 property
  {
    id: 'p-property-home',
    name: '蓝鲸湾家财险',
    tagline: '火灾水渍盗抢，房屋室内财产都保',
    category: 'property', insurer: 'LJ', tags: ['财产', '热销'], sales: 19_870, rating: 46,
    highlights: ['房屋主体100万', '管道爆裂水渍', '第三者责任'],
    ageMin: ADULT, ageMax: 80, waitingDays: 0, coolingOffDays: 15, needsAddress: true,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['房屋主体', 1_000_000, '火灾、爆炸、自然灾害'], ['室内财产', 100_000, '家具家电'], ['管道爆裂及水渍', 20_000, '含对邻居的损失'], ['盗抢', 10_000, '入室盗抢']], pricing: flat({ '1y': 9900 }) }],
  },
  {
    id: 'p-property-phone',
    name: '星芒手机碎屏险',
    tagline: '屏幕碎了免费换',
    category: 'property', insurer: 'XM', tags: ['财产'], sales: 45_230, rating: 44,
    highlights: ['一年一次免费换屏', '全国门店可修', '寄修包邮'],
    ageMin: ADULT, ageMax: 70, waitingDays: 7, coolingOffDays: 15, needsAddress: true,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['屏幕维修', 3_000, '一年一次']], pricing: flat({ '1y': 8900 }) }],
  },
  {
    id: 'p-property-pet',
    name: '蓝鲸湾宠物责任险',
    tagline: '狗狗咬人伤人，主人责任有保障',
    category: 'property', insurer: 'LJ', tags: ['财产'], sales: 11_080, rating: 45,
    highlights: ['第三者人身伤亡', '第三者财产损失', '狂犬疫苗费用'],
    ageMin: ADULT, ageMax: 80, waitingDays: 0, coolingOffDays: 15, needsAddress: true,
    coveragePeriods: ['1y'], paymentPeriods: ['single'],
    plans: [{ code: 'standard', name: '标准版', coverages: [['第三者人身伤亡', 50_000, '每次事故'], ['第三者财产损失', 5_000, '每次事故'], ['疫苗费用', 2_000, '被咬伤者狂犬疫苗']], pricing: flat({ '1y': 6800 }) }],
  },
  // 年金 annuity
  {
    id: 'p-annuity-pension',
    name: '禾晴鑫享养老年金',
    tagline: '60岁起按年领取，活多久领多久',
    category: 'annuity', insurer: 'HQ', tags: ['年金', '养老'], sales: 5_430, rating: 47,
    highlights: ['保证领取20年', '终身领取', '可附加万能账户'],
    ageMin: ADULT, ageMax: 55, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['life'], paymentPeriods: ['5', '10', '20'],
    plans: [{ code: 'standard', name: '年交1万起', coverages: [['养老年金', 8_600, '60岁起每年领取（以年交1万、10年交为例）'], ['身故保险金', 100_000, '已交保费与现金价值较大者']], pricing: level(1000000, 1.03, 0.004) }],
  },
  {
    id: 'p-annuity-wealth',
    name: '禾晴金满仓年金险',
    tagline: '第5年起每年返还，稳健规划',
    category: 'annuity', insurer: 'HQ', tags: ['年金'], sales: 4_120, rating: 45,
    highlights: ['第5个保单年度起每年领取', '满期金', '可转入万能账户'],
    ageMin: BABY, ageMax: 60, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['20y'], paymentPeriods: ['single', '5', '10'],
    plans: [{ code: 'standard', name: '年交5万起', coverages: [['生存年金', 5_000, '第5个保单年度起每年（以年交5万为例）'], ['满期保险金', 250_000, '保险期满时']], pricing: level(5000000, 1.0, 0.002) }],
  },
  // 教育金 education
  {
    id: 'p-education-future',
    name: '青松小状元教育年金',
    tagline: '高中、大学教育金按时领',
    category: 'education', insurer: 'QS', tags: ['教育金', '少儿'], sales: 7_860, rating: 46,
    highlights: ['15-17岁领高中教育金', '18-21岁领大学教育金', '投保人豁免'],
    ageMin: BABY, ageMax: 12, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['to25'], paymentPeriods: ['5', '10'],
    plans: [{ code: 'standard', name: '年交1万起', coverages: [['高中教育金', 10_000, '15-17岁每年领取'], ['大学教育金', 20_000, '18-21岁每年领取'], ['满期金', 50_000, '25岁']], pricing: level(1000000, 1.0, 0.006) }],
  },
  {
    id: 'p-education-growth',
    name: '禾晴成长树教育金',
    tagline: '从小存到大，创业婚嫁也能用',
    category: 'education', insurer: 'HQ', tags: ['教育金'], sales: 3_980, rating: 44,
    highlights: ['18岁起领取', '可用于深造创业婚嫁', '保费豁免'],
    ageMin: BABY, ageMax: 10, waitingDays: 0, coolingOffDays: 15,
    coveragePeriods: ['to30'], paymentPeriods: ['10', '15'],
    plans: [{ code: 'standard', name: '年交1万起', coverages: [['成长金', 15_000, '18-24岁每年领取'], ['满期金', 60_000, '30岁']], pricing: level(1000000, 1.0, 0.006) }],
  },
]
