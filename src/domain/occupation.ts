// The occupation classification (职业分类) partner products underwrite by: classes 1 (lowest risk) to 6
// (highest). A demo list in the standard scheme's shape; codes are 7 digits (2 for the category, 5 for the job).
// UI-free: the occupation picker and the server's checks both read it.

export type OccupationClass = 1 | 2 | 3 | 4 | 5 | 6

export interface Occupation {
  code: string
  name: string
  /** 大类 */
  category: string
  class: OccupationClass
}

export const OCCUPATION_CLASSES: readonly { class: OccupationClass; name: string }[] = [
  { class: 1, name: '1类' },
  { class: 2, name: '2类' },
  { class: 3, name: '3类' },
  { class: 4, name: '4类' },
  { class: 5, name: '5类' },
  { class: 6, name: '6类' },
]

type Row = [name: string, cls: OccupationClass]

// Category name, its two-digit prefix, and its jobs (the job code is the prefix and a 5-digit serial).
const CATEGORIES: [category: string, prefix: string, jobs: Row[]][] = [
  [
    '机关企事业单位',
    '00',
    [
      ['办公室人员', 1],
      ['行政管理人员', 1],
      ['会计', 1],
      ['人力资源专员', 1],
      ['销售内勤', 1],
      ['外勤销售人员', 2],
      ['保险代理人', 2],
    ],
  ],
  [
    '教育',
    '01',
    [
      ['教师', 1],
      ['大学教授', 1],
      ['幼儿园教师', 1],
      ['体育教师', 2],
      ['学生', 1],
    ],
  ],
  [
    '医疗卫生',
    '02',
    [
      ['医生', 1],
      ['护士', 1],
      ['药剂师', 1],
      ['外科医生', 2],
      ['救护车司机', 3],
      ['精神病院护理人员', 3],
    ],
  ],
  [
    '信息技术',
    '03',
    [
      ['软件工程师', 1],
      ['产品经理', 1],
      ['网络维护人员', 2],
      ['机房运维人员', 2],
    ],
  ],
  [
    '餐饮服务',
    '04',
    [
      ['厨师', 2],
      ['服务员', 2],
      ['面点师', 2],
      ['外卖骑手', 4],
      ['酒店前台', 1],
    ],
  ],
  [
    '商业零售',
    '05',
    [
      ['店员', 1],
      ['收银员', 1],
      ['仓库管理员', 2],
      ['搬运工', 4],
      ['个体工商户', 2],
    ],
  ],
  [
    '交通运输',
    '06',
    [
      ['快递员', 3],
      ['出租车司机', 3],
      ['网约车司机', 3],
      ['公交车司机', 3],
      ['货车司机', 4],
      ['危险品运输司机', 6],
      ['航空公司空乘', 2],
      ['民航飞行员', 4],
    ],
  ],
  [
    '建筑工程',
    '07',
    [
      ['建筑设计师', 1],
      ['工程监理', 2],
      ['建筑工人', 5],
      ['电工', 4],
      ['焊工', 4],
      ['高空作业人员', 6],
      ['钢结构安装工', 6],
      ['装修工人', 3],
    ],
  ],
  [
    '制造业',
    '08',
    [
      ['工厂管理人员', 1],
      ['质检员', 2],
      ['普通操作工', 3],
      ['机床操作工', 4],
      ['锅炉工', 4],
    ],
  ],
  [
    '农林牧渔',
    '09',
    [
      ['农民', 2],
      ['果农', 2],
      ['畜牧人员', 3],
      ['伐木工', 6],
      ['近海渔民', 5],
      ['渔船船员', 6],
    ],
  ],
  [
    '矿业能源',
    '10',
    [
      ['矿山管理人员', 2],
      ['矿工', 6],
      ['井下爆破工', 6],
      ['石油钻井工', 6],
      ['电力线路维护工', 5],
    ],
  ],
  [
    '公共安全',
    '11',
    [
      ['保安', 3],
      ['警察（内勤）', 2],
      ['刑警', 5],
      ['消防员', 6],
      ['特警', 6],
    ],
  ],
  [
    '文体娱乐',
    '12',
    [
      ['记者', 2],
      ['演员', 2],
      ['特技演员', 6],
      ['职业运动员', 5],
      ['健身教练', 2],
    ],
  ],
  [
    '家庭及其他',
    '13',
    [
      ['家庭主妇', 1],
      ['退休人员', 1],
      ['无业人员', 1],
      ['家政服务员', 2],
    ],
  ],
]

export const OCCUPATIONS: readonly Occupation[] = CATEGORIES.flatMap(([category, prefix, jobs]) =>
  jobs.map(([name, cls], i) => ({
    code: `${prefix}${String(i + 1).padStart(5, '0')}`,
    name,
    category,
    class: cls,
  })),
)

/** Categories in list order (the picker's groups). */
export const OCCUPATION_CATEGORIES: readonly string[] = CATEGORIES.map(([category]) => category)

const BY_CODE = new Map(OCCUPATIONS.map((o) => [o.code, o]))

export function findOccupation(code: string): Occupation | undefined {
  return BY_CODE.get(code)
}

/** Occupations whose name or category contains the query (trimmed); an empty query gives all of them. */
export function searchOccupations(query: string): Occupation[] {
  const text = query.trim()
  if (!text) return [...OCCUPATIONS]
  return OCCUPATIONS.filter((o) => o.name.includes(text) || o.category.includes(text))
}

/** Whether a product refusing these classes refuses this occupation (an unknown code is refused). */
export function occupationRefused(code: string, refusedClasses: readonly number[]): boolean {
  const occupation = findOccupation(code)
  return !occupation || refusedClasses.includes(occupation.class)
}

export function occupationClassName(cls: OccupationClass): string {
  return `${cls}类`
}
