import { formatShanghaiDateTime } from '../../../src/domain/dates'
import { formatCoverageAmount, formatFen } from '../../../src/domain/money'
import { SALE_STAGE_NAMES } from '../../../src/domain/salesTrail'
import type { MarkdownTree, ProductDetail } from '../../../src/types/generated/api/catalog'
import type { SalesPageVersion, TrailDetail } from '../../../src/types/generated/api/trail'
import { clauseBlocks } from '../policies/epolicy/document'
import { chronological } from './compliance'
import { openPdf } from '../../platform/pdf'

// One sale as a PDF a regulator reads without our systems: the sale, the chain check, the timeline, then every page
// version the buyer was shown (product page data, each document's full text, the purchase screens' words) as it
// was then, and the JSON trail attached inside the file (so the chain can be checked again from the PDF alone).

const MARGIN = 48
const INK = '#1f2329'
const MUTED = '#5c6470'
const BAD = '#c62828'
const GOOD = '#2e7d32'

const time = (iso: string | null) => (iso ? formatShanghaiDateTime(iso) : '—')

export async function renderTrailPdf(
  trail: TrailDetail,
  exported: { at: string; by: string; json: string },
): Promise<Buffer> {
  const { summary } = trail
  const { doc, finished } = await openPdf({
    margin: MARGIN,
    info: {
      Title: `销售过程记录 ${summary.policyNo ?? summary.id}`,
      Subject: `${summary.productName} 的销售过程（可回溯）`,
    },
  })
  const width = doc.page.width - MARGIN * 2
  const heading = (text: string, size = 12) =>
    doc.moveDown(0.6).font('bold').fontSize(size).fillColor(INK).text(text, MARGIN, undefined, { width })
  const line = (text: string, color = INK, size = 9.5) =>
    doc.font('regular').fontSize(size).fillColor(color).text(text, MARGIN, undefined, { width })

  doc.font('bold').fontSize(16).fillColor(INK).text('互联网保险销售过程记录（可回溯）', { align: 'center' })
  doc.moveDown(0.3)
  line(`导出时间 ${time(exported.at)}  导出人 ${exported.by}`, MUTED, 9)
  heading('一、销售概况')
  for (const [label, value] of [
    ['产品', summary.productName],
    ['阶段', SALE_STAGE_NAMES[summary.stage]],
    ['保单号', summary.policyNo ?? '—'],
    ['订单号', summary.orderNo ?? '—'],
    ['投保账号手机', summary.phone || '—'],
    ['开始记录', time(summary.startedAt)],
    ['最后记录', time(summary.lastAt)],
    ['合同终止', time(trail.contractEndsAt)],
    ['保存至', trail.keepUntil ? time(trail.keepUntil) : '合同终止后起算'],
    ['记录编号', summary.id],
  ])
    line(`${label}：${value}`)
  heading('二、哈希链校验')
  line(trail.chain.message, trail.chain.ok ? GOOD : BAD, 10.5)
  line(
    '每条记录的哈希为前一条记录的哈希与本条记录规范化 JSON 的 SHA-256；本文件内附 JSON 记录（trail.json），可据此重新计算。',
    MUTED,
    8.5,
  )

  heading('三、过程时间线（按发生时间；序号为哈希链顺序）')
  for (const record of chronological(trail.records)) {
    const source = record.source === 'server' ? '服务器' : '浏览器'
    const client = record.clientAt
      ? `（浏览器时间 ${time(record.clientAt)}，服务器收到 ${time(record.at)}）`
      : ''
    line(`#${record.seq} ${time(record.happenedAt)} [${source}] ${record.label}${client}`)
    const answers = record.data.answers
    if (answers)
      for (const a of answers)
        line(
          `    ${a.question}：${a.answer === 'yes' ? '是' : '否'}${a.followUp?.length ? `（${a.followUp.join('；')}）` : ''}`,
          MUTED,
          9,
        )
    line(`    哈希 ${record.hash}`, MUTED, 7)
  }

  heading('四、买家所见页面（按当时的版本）')
  for (const version of trail.versions) {
    doc.addPage()
    printVersion(version)
  }

  function printVersion(version: SalesPageVersion) {
    const kindName = { product: '产品资料', document: '文件', purchase_texts: '投保页面文字' }[version.kind]
    heading(`${kindName}《${version.title}》第 ${version.version} 版`, 12)
    line(
      `上线 ${time(version.onlineAt)}  下线 ${version.offlineAt ? time(version.offlineAt) : '仍在线'}  SHA-256 ${version.hash}`,
      MUTED,
      8,
    )
    doc.moveDown(0.3)
    if (version.kind === 'document') printTree((version.content as { body?: MarkdownTree }).body ?? [])
    else if (version.kind === 'purchase_texts')
      for (const text of Object.values(version.content))
        if (typeof text === 'string') line(text)
        else printProduct(version.content as unknown as ProductDetail)
  }

  function printTree(tree: MarkdownTree) {
    for (const block of clauseBlocks(tree)) {
      if (block.heading)
        doc.font('bold').fontSize(10).fillColor(INK).text(block.text, MARGIN, undefined, { width })
      else line(block.text)
    }
  }

  function printProduct(product: ProductDetail) {
    line(`${product.name}（${product.insurerName}）  ${product.tagline}`)
    line(
      `投保年龄 ${product.ageMin.years}${product.ageMin.days ? ` 周岁（或出生满 ${product.ageMin.days} 天）` : ''} 至 ${product.ageMax} 周岁  等待期 ${product.waitingPeriodDays} 天  犹豫期 ${product.coolingOffDays} 天`,
    )
    for (const plan of product.plans) {
      doc.font('bold').fontSize(10).fillColor(INK).text(`计划「${plan.name}」`, MARGIN, undefined, { width })
      for (const c of plan.coverages) line(`  ${c.name}：${formatCoverageAmount(c.amountFen)}`)
      const rates = plan.premiumRates
      for (const r of rates.slice(0, 60))
        line(
          `  费率 ${r.ageMin}-${r.ageMax} 岁 ${r.gender === 'M' ? '男' : r.gender === 'F' ? '女' : '不限'} ${r.coveragePeriod}/${r.paymentPeriod} 社保${r.socialInsurance === 'Y' ? '有' : r.socialInsurance === 'N' ? '无' : '不限'}：¥${formatFen(r.premiumFen)}`,
          MUTED,
          8.5,
        )
      if (rates.length > 60) line(`  （费率表共 ${rates.length} 行，全文见附件 trail.json）`, MUTED, 8.5)
    }
    if (product.healthQuestions.length) {
      doc.font('bold').fontSize(10).fillColor(INK).text('健康告知问题', MARGIN, undefined, { width })
      product.healthQuestions.forEach((q, i) => line(`  ${i + 1}. ${q.text}`))
    }
    doc.font('bold').fontSize(10).fillColor(INK).text('投保须知', MARGIN, undefined, { width })
    printTree(product.notice)
  }

  doc.file(Buffer.from(exported.json, 'utf8'), {
    name: 'trail.json',
    type: 'application/json',
    description: '销售过程记录（JSON）与哈希链',
  })
  doc.end()
  return finished
}
