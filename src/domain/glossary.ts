// Insurance terms for the /definition glossary: plain-language explanations a consumer needs before buying.

export interface GlossaryTerm {
  term: string
  group: GlossaryGroup
  definition: string
}

export const GLOSSARY_GROUPS = ['基本概念', '投保规则', '保障责任', '理赔与服务', '寿险与年金'] as const
export type GlossaryGroup = (typeof GLOSSARY_GROUPS)[number]

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: '投保人',
    group: '基本概念',
    definition:
      '与保险公司订立保险合同并按照合同约定负有支付保险费义务的人，须年满18周岁并具有完全民事行为能力。',
  },
  {
    term: '被保险人',
    group: '基本概念',
    definition:
      '其身体或财产受保险合同保障、享有保险金请求权的人。投保人可以为本人、配偶、子女、父母等投保。',
  },
  {
    term: '受益人',
    group: '基本概念',
    definition:
      '由投保人或被保险人在合同中指定、享有身故保险金请求权的人；未指定时为法定受益人，按法定继承顺序领取。',
  },
  {
    term: '保险人',
    group: '基本概念',
    definition: '与投保人订立保险合同，并承担赔偿或者给付保险金责任的保险公司。',
  },
  {
    term: '保险费',
    group: '基本概念',
    definition:
      '投保人为取得保险保障而交给保险公司的费用，简称保费。保费高低与年龄、性别、保额、保障期间和交费方式有关。',
  },
  {
    term: '保险金额',
    group: '基本概念',
    definition: '简称保额，是保险公司承担赔偿或给付保险金责任的最高限额，也是计算保费的依据。',
  },
  {
    term: '周岁',
    group: '基本概念',
    definition:
      '按公历出生日期计算的实足年龄，每过一次生日增加一岁。保险合同中的年龄均指投保或生效时的周岁。',
  },
  {
    term: '保单生效日',
    group: '投保规则',
    definition: '保险合同开始生效的日期，通常为投保并交费成功后的次日零时；保障责任自该日起计算。',
  },
  {
    term: '等待期',
    group: '投保规则',
    definition:
      '也称观察期，指合同生效后的一段时间内发生的疾病保险事故，保险公司不承担或仅部分承担保险责任。意外事故通常没有等待期。',
  },
  {
    term: '犹豫期',
    group: '投保规则',
    definition:
      '投保人收到保险合同后的一段期间（通常为15天）内可无条件解除合同，保险公司扣除不超过10元工本费后退还全部保费。',
  },
  {
    term: '健康告知',
    group: '投保规则',
    definition:
      '投保前如实回答保险公司关于被保险人健康状况的询问。未如实告知可能导致保险公司解除合同、不承担赔付责任。',
  },
  {
    term: '如实告知义务',
    group: '投保规则',
    definition: '订立合同时，投保人应当如实回答保险公司就保险标的或被保险人有关情况提出的询问。',
  },
  {
    term: '保障期间',
    group: '投保规则',
    definition: '保险合同提供保障的时间范围，例如1年、20年、保至70周岁或终身。',
  },
  {
    term: '交费期间',
    group: '投保规则',
    definition: '投保人需要交纳保费的年限，例如一次交清、10年交、20年交。交费期越长，每年保费越低。',
  },
  {
    term: '宽限期',
    group: '投保规则',
    definition:
      '分期交费时，自应交费日起一般60天内为宽限期，期间发生保险事故保险公司仍承担责任，逾期未交合同效力中止。',
  },
  {
    term: '免赔额',
    group: '保障责任',
    definition:
      '保险公司不予赔付、由被保险人自行承担的损失额度。例如免赔额1万元的医疗险，医疗费用超过1万元的部分才按比例赔付。',
  },
  {
    term: '赔付比例',
    group: '保障责任',
    definition: '对于免赔额以上的合理费用，保险公司按约定比例赔付；有社保并以社保身份就医时比例通常更高。',
  },
  {
    term: '责任免除',
    group: '保障责任',
    definition:
      '合同中列明的保险公司不承担保险责任的情形，例如故意犯罪、酒后驾驶、既往症等，投保前务必仔细阅读。',
  },
  {
    term: '既往症',
    group: '保障责任',
    definition: '投保前已患有、已知或应当知道的疾病或症状。多数健康险对既往症引起的费用不予赔付。',
  },
  {
    term: '重大疾病',
    group: '保障责任',
    definition:
      '按照《重大疾病保险的疾病定义使用规范》定义的严重疾病，如恶性肿瘤、急性心肌梗死等，确诊即按保额给付。',
  },
  {
    term: '轻症与中症',
    group: '保障责任',
    definition: '程度较重大疾病轻的疾病状态，通常按重疾保额的一定比例（如30%、50%）给付。',
  },
  {
    term: '意外伤害',
    group: '保障责任',
    definition: '以外来的、突发的、非本意的、非疾病的客观事件为直接且单独原因致使身体受到的伤害。',
  },
  {
    term: '伤残等级',
    group: '保障责任',
    definition: '按《人身保险伤残评定标准》将伤残分为1至10级，意外伤残保险金按对应比例给付。',
  },
  {
    term: '社保身份',
    group: '保障责任',
    definition:
      '被保险人参加基本医疗保险（含城镇职工医保、城乡居民医保）的情况。有社保的被保险人保费通常更低。',
  },
  {
    term: '保证续保',
    group: '保障责任',
    definition:
      '在约定的续保期间内，即使被保险人健康状况变化或发生过理赔，保险公司也不能拒绝续保或单独调整其费率。',
  },
  {
    term: '报案',
    group: '理赔与服务',
    definition: '发生保险事故后及时通知保险公司，一般应在知道保险事故发生后10日内报案。',
  },
  {
    term: '理赔时效',
    group: '理赔与服务',
    definition: '保险公司收到完整理赔材料后，对属于保险责任的情形应在30日内作出核定并赔付。',
  },
  {
    term: '退保',
    group: '理赔与服务',
    definition: '投保人在犹豫期后解除合同，保险公司退还保单现金价值，可能低于已交保费。',
  },
  {
    term: '电子保单',
    group: '理赔与服务',
    definition: '以电子形式签发的保险合同，与纸质保单具有同等法律效力，可在“我的保单”中查看和下载。',
  },
  {
    term: '现金价值',
    group: '寿险与年金',
    definition: '长期人身保险保单所具有的价值，退保或保单贷款时以其为依据，通常在合同中列明各年末的数值。',
  },
  {
    term: '保单贷款',
    group: '寿险与年金',
    definition: '在保单现金价值的一定比例内向保险公司申请的借款，需按约定支付利息。',
  },
  {
    term: '定期寿险',
    group: '寿险与年金',
    definition: '在约定期间内被保险人身故或全残时给付保险金的寿险，保费低、杠杆高，适合家庭经济支柱。',
  },
  { term: '终身寿险', group: '寿险与年金', definition: '保障至被保险人身故的寿险，兼具保障与财富传承功能。' },
  {
    term: '年金保险',
    group: '寿险与年金',
    definition: '按约定时间间隔定期给付生存保险金的保险，常用于养老、教育金规划。',
  },
  {
    term: '保证利益与演示利益',
    group: '寿险与年金',
    definition: '保证利益写入合同、确定给付；演示利益基于假设利率计算，仅供参考，不代表实际可获得的收益。',
  },
]

/** Terms whose name or explanation contains the keyword (case-insensitive); all terms for an empty keyword. */
export function searchGlossary(keyword: string, terms: readonly GlossaryTerm[] = GLOSSARY): GlossaryTerm[] {
  const needle = keyword.trim().toLowerCase()
  if (!needle) return [...terms]
  const byTerm = terms.filter((t) => t.term.toLowerCase().includes(needle))
  const byDefinition = terms.filter((t) => !byTerm.includes(t) && t.definition.toLowerCase().includes(needle))
  // Name matches first: someone typing "等待期" wants that entry on top.
  return [...byTerm, ...byDefinition]
}
