import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { StoredCategory } from '../../modules/content/tables'

// The demo articles and short videos (/news, /look, /insurance), loaded once per version of this list under its
// own app_meta key; a later version adds only the items a data folder lacks. Covers are under
// public/images/content/, the videos under public/videos/content/ (made once with ffmpeg, committed).
// The texts describe the general rules of the Chinese market (the Insurance Law's articles are cited as they
// read); each product's own terms come first, as the articles say.

export const DEMO_CONTENT_KEY = 'demo_content_v1_seeded_at'

export interface DemoContent {
  id: string
  kind: 'article' | 'video'
  category: StoredCategory
  recommended: boolean
  title: string
  summary: string
  cover: string
  author: string
  daysAgo: number
  related: string[]
  video?: { file: string; seconds: number }
  body: string
}

const CLASSROOM = '国恒保险小课堂'
const CLAIMS = '国恒理赔服务部'

export const DEMO_CONTENT: DemoContent[] = [
  {
    id: 'a-medical-basics',
    kind: 'article',
    category: 'KNOWLEDGE',
    recommended: true,
    title: '百万医疗险是什么？一篇看懂报销型保障',
    summary: '保费几百元、保额几百万，免赔额、报销范围和续保条件是关键。',
    cover: '/images/content/medical.svg',
    author: CLASSROOM,
    daysAgo: 1,
    related: ['p-medical-million', 'p-medical-mid'],
    body: `百万医疗险是一种**报销型**的商业医疗保险：住院花了多少钱，在保险责任范围内按实际花费报销，赔付总额不超过实际花费。

## 保障什么

- **住院医疗费用**：床位费、检查检验费、治疗费、手术费、药品费等；
- **特殊门诊、门诊手术、住院前后门急诊**：多数产品包含，具体以条款为准；
- **社保外费用**：多数产品不限社保目录，进口药、自费药也可报销（部分产品要求先经社保结算，否则按较低比例赔付）。

## 三个关键点

1. **免赔额**：常见为一年1万元，即一年内自付的合规医疗费用超过1万元的部分才报销；社保、其他商业保险已报销的部分通常可抵扣免赔额。
2. **续保条件**：大多为一年期产品。优先选择写明“保证续保”若干年的产品，保证续保期间即使产品停售或被保险人发生理赔，也可按约定续保。
3. **健康告知**：投保前如实回答健康问题，带病投保可能被拒赔。

## 适合谁

有社保的人群用它补上大额住院费用的缺口；没有社保的人群也可以投保，但要留意“未经社保结算”时的赔付比例。

> 提示：医疗险只报销实际花费，不能“多买多赔”；想要一笔确诊即赔的钱，应搭配重疾险。`,
  },
  {
    id: 'a-critical-basics',
    kind: 'article',
    category: 'KNOWLEDGE',
    recommended: true,
    title: '重疾险：确诊即赔的一笔钱，怎么买才够',
    summary: '28种重度疾病和3种轻度疾病有统一定义，保额建议覆盖3至5年收入。',
    cover: '/images/content/critical.svg',
    author: CLASSROOM,
    daysAgo: 3,
    related: ['p-critical-classic', 'p-critical-term'],
    body: `重大疾病保险是**给付型**保险：被保险人确诊合同约定的疾病并达到约定状态，保险公司按保额一次性给付，与实际医疗花费无关。

## 疾病定义有统一规范

按照《重大疾病保险的疾病定义使用规范（2020年修订版）》，重疾险必须包含**28种重度疾病**，并统一了**3种轻度疾病**（恶性肿瘤、急性心肌梗死、脑中风后遗症的轻度）的定义。市面产品在此基础上还会增加其他病种。

## 这笔钱用来做什么

- 弥补治疗和康复期间的**收入损失**；
- 支付医疗险不报销的康复、护理、营养费用；
- 维持家庭的房贷、子女教育等固定开支。

## 保额怎么定

一般建议重疾保额覆盖**3至5年的年收入**。预算有限时，可以先选择保障到70岁的定期重疾，把保额做足，而不是为了终身保障牺牲保额。

## 买之前看清楚

- **等待期**：常见为90天或180天，等待期内确诊通常不赔；
- **轻症、中症**赔付比例和次数；
- 是否附加身故责任、是否有保费豁免。`,
  },
  {
    id: 'a-accident-basics',
    kind: 'article',
    category: 'KNOWLEDGE',
    recommended: false,
    title: '意外险：花小钱办大事，但这几种情况不算意外',
    summary: '外来、突发、非本意、非疾病，四个条件同时满足才算意外。',
    cover: '/images/content/accident.svg',
    author: CLASSROOM,
    daysAgo: 5,
    related: ['p-accident-daily', 'p-accident-senior'],
    body: `意外险保障的是**意外伤害**导致的身故、伤残和医疗费用，保费通常一年几十到几百元，是性价比很高的基础保障。

## 什么是“意外”

保险合同中的意外伤害，一般指**外来的、突发的、非本意的、非疾病的**客观事件直接致使身体受到的伤害。四个条件缺一不可。

## 常见的“不算意外”

- **猝死**：属于疾病原因，多数意外险不保，需选择含猝死责任的产品；
- **高风险运动**：潜水、攀岩、跳伞等常被列为责任免除；
- **酒驾、无证驾驶**等违法行为导致的伤害。

## 怎么选

1. **意外身故/伤残保额**：成年人建议不低于50万元；
2. **意外医疗**：关注免赔额、报销比例、是否限社保目录；
3. **职业类别**：意外险按职业分为1至6类，高风险职业只能投保对应类别的产品，投保时要如实选择。

意外险一般**没有等待期**，生效后即可保障。`,
  },
  {
    id: 'a-term-life-basics',
    kind: 'article',
    category: 'KNOWLEDGE',
    recommended: false,
    title: '定期寿险：家庭经济支柱的责任保障',
    summary: '身故或全残赔付保额，用较低保费锁定高额保障。',
    cover: '/images/content/life.svg',
    author: CLASSROOM,
    daysAgo: 8,
    related: ['p-life-term'],
    body: `定期寿险在约定的保障期间（如20年、30年或至60岁、70岁）内，被保险人**身故或全残**，保险公司按保额赔付；期满未出险，合同终止，不退保费。

## 为什么适合家庭支柱

- **杠杆高**：30岁左右的健康人群，每年几百到一千多元就可以获得上百万元保额；
- 万一发生不幸，这笔钱可以偿还房贷、支付子女教育费用、维持家人生活。

## 保额怎么算

一个常用的算法：**未还清的负债 + 子女教育费用 + 家庭若干年的生活开支 − 已有的储蓄与保障**。

## 保障期间怎么选

保到子女经济独立、房贷还清为止即可，一般选择保至60岁或70岁。

## 注意

身故保险金会给付给**受益人**。投保时可以指定受益人及比例，未指定时按法定继承处理。`,
  },
  {
    id: 'a-annuity-basics',
    kind: 'article',
    category: 'KNOWLEDGE',
    recommended: false,
    title: '年金险：给未来的自己发一份“工资”',
    summary: '按合同约定定期领取，用于养老、教育等确定的长期需求。',
    cover: '/images/content/annuity.svg',
    author: CLASSROOM,
    daysAgo: 12,
    related: ['p-annuity-pension', 'p-annuity-wealth'],
    body: `年金保险是以被保险人生存为给付条件、按约定的时间和金额**定期给付**保险金的人身保险。

## 常见用途

- **养老年金**：约定从55岁、60岁或65岁开始每年或每月领取，很多产品“保证领取”若干年；
- **教育年金**：在孩子上高中、大学的年份给付教育金。

## 它的特点

1. 领取金额和时间**写进合同**，不随市场波动；
2. 适合长期、确定的资金安排，不适合短期内要用的钱；
3. 前几年退保，现金价值往往**低于已交保费**，会有损失。

## 怎么看一份年金险

- 交费期、领取起始年龄、领取方式（年领或月领）；
- 保证领取期、身故责任；
- 是否可以连接万能账户，万能账户的保证利率以合同为准，超出部分不保证。

> 先配置意外、医疗、重疾、寿险等保障，再考虑年金等储蓄类产品。`,
  },
  {
    id: 'a-cooling-off',
    kind: 'article',
    category: 'RULES',
    recommended: true,
    title: '一文读懂犹豫期：买了后悔还来得及吗',
    summary: '长期人身保险的犹豫期内解除合同，可退还已交保费。',
    cover: '/images/content/rules.svg',
    author: CLASSROOM,
    daysAgo: 2,
    related: [],
    body: `**犹豫期**（也叫冷静期）是给投保人的“反悔时间”：在犹豫期内解除合同，保险公司退还已交保费（个别产品可能扣除不超过10元的工本费，以合同为准）。

## 多长

一年期以上的人身保险产品通常设有犹豫期，一般**不少于15天**，从投保人签收保单（含电子保单）的次日起算，具体以合同约定为准。一年期及以内的短期保险一般不设犹豫期，但可以按条款退保。

## 犹豫期内和犹豫期后退保的区别

| 时间 | 退还金额 |
| --- | --- |
| 犹豫期内 | 已交保费（可能扣除少量工本费） |
| 犹豫期后 | 保单的**现金价值**，通常低于已交保费 |

## 犹豫期里做什么

1. 仔细阅读条款，特别是**保险责任**、**责任免除**和**等待期**；
2. 核对投保人、被保险人、受益人信息；
3. 确认健康告知都已如实填写。

在本平台，保单详情页会显示犹豫期的截止时间，犹豫期内可以在线申请退保。`,
  },
  {
    id: 'a-waiting-period',
    kind: 'article',
    category: 'RULES',
    recommended: false,
    title: '等待期：保单生效了，为什么还不能马上赔',
    summary: '医疗险一般30天，重疾险常见90或180天，意外通常没有等待期。',
    cover: '/images/content/rules.svg',
    author: CLASSROOM,
    daysAgo: 6,
    related: ['p-medical-million', 'p-critical-classic'],
    body: `**等待期**（观察期）是健康保险防止“带病投保”的设计：从合同生效日起的一段时间内，因**疾病**发生的保险事故，保险公司不承担赔偿或给付责任，一般会退还保费或按条款处理。

## 常见长度

- 医疗险：一般**30天**，部分特定疾病更长；
- 重疾险：常见**90天或180天**；
- 意外险：**通常没有等待期**，因为意外无法预谋。

## 容易误会的地方

1. 等待期内**确诊**的疾病，即使等待期后才住院，通常也不赔；
2. **续保**（不间断）一般不再重新计算等待期；
3. 换一家产品重新投保，会重新开始等待期，换保前要衔接好。

## 本平台怎么处理

理赔申请时，出险日期必须在保险期间内且在等待期之后，否则页面会直接提示原因。`,
  },
  {
    id: 'a-health-disclosure',
    kind: 'article',
    category: 'RULES',
    recommended: true,
    title: '如实告知：健康问卷怎么答才不影响理赔',
    summary: '问什么答什么，不问不用答；故意隐瞒可能拒赔且不退保费。',
    cover: '/images/content/rules.svg',
    author: CLASSROOM,
    daysAgo: 9,
    related: [],
    body: `《保险法》第十六条规定：订立保险合同，保险人就保险标的或者被保险人的有关情况提出询问的，投保人应当**如实告知**。

## 原则：有问必答，不问不答

健康告知采用**询问告知**：只需回答问卷中问到的问题，问卷没有问到的，不告知不构成违反义务。

## 没有如实告知的后果

- 投保人**故意**或者因**重大过失**未履行告知义务，足以影响保险公司决定是否承保或者提高费率的，保险公司有权**解除合同**；
- 故意不告知的，对合同解除前发生的保险事故不承担赔偿责任，**并不退还保费**；
- 因重大过失未告知、且对事故发生有严重影响的，不承担赔偿责任，但**退还保费**。

## 两年不可抗辩

保险公司的合同解除权，自知道有解除事由之日起超过**30日**不行使而消灭；自合同成立之日起超过**2年**的，保险公司不得解除合同，发生保险事故的，应当承担赔偿或者给付责任。

> 最稳妥的做法：对照体检报告和病历逐条作答，拿不准的情况可以咨询客服或选择“智能核保”。`,
  },
  {
    id: 'a-claim-process',
    kind: 'article',
    category: 'CLAIM',
    recommended: true,
    title: '理赔流程四步走：报案、材料、审核、赔付',
    summary: '出险后及时报案，材料齐全是快速赔付的关键。',
    cover: '/images/content/claim.svg',
    author: CLAIMS,
    daysAgo: 4,
    related: [],
    body: `## 第一步：报案

发生保险事故后，应当**及时通知**保险公司（《保险法》第二十一条）。可以在本平台“理赔”中选择保单发起理赔，也可以拨打保险公司客服电话。

## 第二步：准备材料

按理赔类型准备身份证明、银行卡、病历、诊断证明、费用发票等，拍照上传即可。材料不全时，保险公司会一次性通知需要补充的材料。

## 第三步：审核

保险公司收到请求后应当及时作出核定；情形复杂的，应当在**30日内**作出核定，合同另有约定的除外（《保险法》第二十三条）。

## 第四步：赔付

达成赔付协议后**10日内**支付保险金。60日内不能确定赔偿金额的，应当先按已能确定的最低数额支付（《保险法》第二十五条）。

## 别错过时效

人寿保险以外的保险，请求赔偿的诉讼时效为**2年**；人寿保险为**5年**，自知道或者应当知道保险事故发生之日起计算。`,
  },
  {
    id: 'a-claim-documents',
    kind: 'article',
    category: 'CLAIM',
    recommended: false,
    title: '理赔材料清单：医疗、意外、重疾分别要什么',
    summary: '一张清单备齐材料，避免来回补件。',
    cover: '/images/content/claim.svg',
    author: CLAIMS,
    daysAgo: 10,
    related: [],
    body: `不同的理赔类型需要的材料不同，以下为常见清单，具体以保险公司通知为准。

## 通用材料

- 被保险人（和申请人）的**身份证件**；
- 收款人本人的**银行卡**；
- 理赔申请书（在线提交时由系统生成）。

## 医疗费用报销

- 门诊或住院**病历**、**诊断证明**；
- **医疗费用发票**及费用明细清单（电子发票可直接上传）；
- 住院的提供**出院小结**；已经社保或其他保险报销的，提供**结算单**。

## 意外伤害

- 以上医疗材料；
- **事故证明**：如交通事故认定书、单位或派出所出具的证明；
- 申请伤残赔付的，提供伤残**鉴定报告**。

## 重大疾病

- 二级及以上医院出具的**诊断证明**；
- 相关的**病理报告**、检查报告。

> 拍照时保证四角完整、文字清晰，避免反光；原件请妥善保管，保险公司可能需要核对。`,
  },
  {
    id: 'a-family-plan',
    kind: 'article',
    category: 'PLANNING',
    recommended: true,
    title: '家庭保险怎么配？先大人后孩子，先保障后理财',
    summary: '四类保障按顺序配置，保费一般控制在家庭年收入的一成左右。',
    cover: '/images/content/family.svg',
    author: CLASSROOM,
    daysAgo: 7,
    related: ['p-accident-daily', 'p-medical-million', 'p-critical-classic', 'p-life-term'],
    body: `## 先给谁买

**先大人，后孩子**。父母是家庭收入的来源，大人的风险对家庭影响更大；孩子最好的保障是健康有保障的父母。

## 先买什么

1. **意外险**：保费低，覆盖意外身故、伤残和医疗；
2. **医疗险**：报销住院大额费用；
3. **重疾险**：弥补患病期间的收入损失；
4. **定期寿险**：家庭支柱必备，保障房贷和家人生活；
5. 保障齐全后，再考虑**年金、教育金**等储蓄类产品。

## 花多少钱

常说的“双十原则”：保费约为家庭年收入的**10%**，寿险保额约为年收入的**10倍**。这只是参考，收入不高的家庭可以先用消费型产品把保额做足。

## 定期检视

结婚、生子、买房、换工作时，记得检查保额是否还够、受益人是否需要调整。`,
  },
  {
    id: 'a-parents-plan',
    kind: 'article',
    category: 'PLANNING',
    recommended: false,
    title: '父母年纪大了，还能买什么保险',
    summary: '意外险、防癌险和城市定制型医疗保险是首选。',
    cover: '/images/content/family.svg',
    author: CLASSROOM,
    daysAgo: 14,
    related: ['p-accident-senior', 'p-medical-senior', 'p-critical-cancer'],
    body: `父母年龄大了，常见的难题是：投保年龄受限、健康告知过不了、保费高。可以按下面的顺序考虑。

## 意外险

老人最常见的风险是**摔倒骨折**。选择含**意外医疗**、**骨折**保障的老年意外险，投保年龄一般可到70至80岁。

## 防癌险与防癌医疗险

只保癌症，健康告知相对**宽松**，高血压、糖尿病等慢性病人群往往也能投保。

## 城市定制型商业医疗保险

即各地的“惠民保”：一般**不限年龄、不限职业**，保费几十到一百多元。既往症人群也能投保，但既往症的赔付比例通常较低。

## 注意

- 保费可能**接近甚至超过保额**的产品（“保费倒挂”）要慎重；
- 投保前如实告知父母的健康情况，保存好历年体检报告。`,
  },
  {
    id: 'v-medical',
    kind: 'video',
    category: 'KNOWLEDGE',
    recommended: true,
    title: '一分钟看懂百万医疗险',
    summary: '住院花费按实报销，免赔额和续保条件要看清。',
    cover: '/images/content/v-medical.png',
    author: CLASSROOM,
    daysAgo: 0,
    related: ['p-medical-million'],
    video: { file: '/videos/content/v-medical.webm', seconds: 6 },
    body: `百万医疗险按实际花费报销住院医疗费用，常见年免赔额1万元。挑选时重点看**免赔额**、**保证续保**和**外购药**责任。

想了解更多，请阅读[百万医疗险是什么？](/news/articleDetail/a-medical-basics)`,
  },
  {
    id: 'v-critical',
    kind: 'video',
    category: 'KNOWLEDGE',
    recommended: false,
    title: '重疾险为什么要趁早买',
    summary: '年龄越小保费越低，健康时才容易通过健康告知。',
    cover: '/images/content/v-critical.png',
    author: CLASSROOM,
    daysAgo: 4,
    related: ['p-critical-classic'],
    video: { file: '/videos/content/v-critical.webm', seconds: 6 },
    body: `重疾险的保费随投保年龄上升，身体出现异常后还可能被加费、除外甚至拒保。趁年轻、健康时投保，**保费更低**、**核保更顺利**。`,
  },
  {
    id: 'v-accident',
    kind: 'video',
    category: 'KNOWLEDGE',
    recommended: false,
    title: '意外险：几十元的安心',
    summary: '意外身故、伤残、医疗一张保单搞定。',
    cover: '/images/content/v-accident.png',
    author: CLASSROOM,
    daysAgo: 9,
    related: ['p-accident-daily'],
    video: { file: '/videos/content/v-accident.webm', seconds: 6 },
    body: `意外险保费低、无等待期，适合每个家庭成员。注意**猝死**通常不属于意外，需要选择含猝死责任的产品。`,
  },
  {
    id: 'v-claim',
    kind: 'video',
    category: 'CLAIM',
    recommended: true,
    title: '理赔四步走',
    summary: '报案、准备材料、审核、赔付，一看就会。',
    cover: '/images/content/v-claim.png',
    author: CLAIMS,
    daysAgo: 2,
    related: [],
    video: { file: '/videos/content/v-claim.webm', seconds: 6 },
    body: `出险后及时报案，按清单准备材料并拍照上传，保险公司审核后将保险金打到收款人的银行卡。

详细步骤见[理赔流程四步走](/news/articleDetail/a-claim-process)。`,
  },
]

/** Loads the demo content a data folder lacks, once per version of the list; returns whether it ran. */
export async function seedDemoContent(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_CONTENT_KEY)
      .executeTakeFirst()
    if (done) return false
    // Oldest first, so the newest has the highest seq (lists are newest first by seq).
    const items = [...DEMO_CONTENT].sort((a, b) => b.daysAgo - a.daysAgo || a.id.localeCompare(b.id))
    await trx
      .insertInto('content_articles')
      .values(
        items.map((c) => ({
          id: c.id,
          kind: c.kind,
          category: c.category,
          recommended: c.recommended,
          title: c.title,
          summary: c.summary,
          body: c.body,
          cover: c.cover,
          author: c.author,
          published_at: new Date(now.getTime() - c.daysAgo * 86_400_000 - 3_600_000),
          related_product_ids: JSON.stringify(c.related),
          video: c.video?.file ?? null,
          duration_seconds: c.video?.seconds ?? null,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    await trx.insertInto('app_meta').values({ key: DEMO_CONTENT_KEY, value: now.toISOString() }).execute()
    return true
  })
}
