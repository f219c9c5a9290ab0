// Each demo product's own picture (public/images/products/<id>.svg, written by `npm run gen:product-art`): its
// colours, a motif of what it covers and a short title. Drawn on a 240×160 canvas whose middle 160×160 holds the
// motif and the title, so a square crop (a product card) and a wide one (the product page) cut neither.

type Motif = keyof typeof MOTIFS

export interface ProductArt {
  /** Two to five characters, what the product is called for short. */
  title: string
  motif: Motif
  /** Hue of its colours (0–359). */
  hue: number
}

// Motifs in a 64×64 box: A is the product's strong colour, D its dark one.
const MOTIFS = {
  shield:
    '<path d="M32 4 58 14v18c0 16-11 26-26 30C17 58 6 48 6 32V14Z" fill="A"/><path d="M20 32l9 9 16-17" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  bus: '<rect x="8" y="6" width="48" height="44" rx="8" fill="A"/><rect x="14" y="12" width="36" height="16" rx="3" fill="#fff"/><rect x="14" y="36" width="8" height="5" rx="2" fill="#fff"/><rect x="42" y="36" width="8" height="5" rx="2" fill="#fff"/><circle cx="20" cy="52" r="6" fill="D"/><circle cx="44" cy="52" r="6" fill="D"/>',
  balloon:
    '<ellipse cx="32" cy="24" rx="18" ry="21" fill="A"/><path d="M32 45l-4 6h8z" fill="A"/><path d="M32 51q-6 6 0 12" stroke="D" stroke-width="2.5" fill="none"/><ellipse cx="25" cy="17" rx="4" ry="7" fill="#fff" fill-opacity=".5"/>',
  sun: '<circle cx="32" cy="32" r="14" fill="A"/><path d="M32 4v8M32 52v8M4 32h8M52 32h8M12 12l6 6M46 46l6 6M12 52l6-6M46 18l6-6" stroke="D" stroke-width="4" stroke-linecap="round"/>',
  gift: '<rect x="8" y="26" width="48" height="32" rx="4" fill="A"/><rect x="4" y="18" width="56" height="12" rx="3" fill="D"/><rect x="28" y="18" width="8" height="40" fill="#fff"/><path d="M32 18c-4-10-16-12-16-4s12 4 16 4c4 0 16 4 16-4s-12-6-16 4z" fill="none" stroke="D" stroke-width="4"/>',
  clipboard:
    '<rect x="12" y="8" width="40" height="52" rx="5" fill="A"/><rect x="22" y="4" width="20" height="10" rx="3" fill="D"/><path d="M20 26h24M20 36h24M20 46h14" stroke="#fff" stroke-width="4" stroke-linecap="round"/>',
  tooth:
    '<path d="M14 10c6-6 12-2 18-2s12-4 18 2c6 8 2 18 0 24-2 8-2 24-8 24s-5-16-10-16-4 16-10 16-6-16-8-24c-2-6-6-16 0-24z" fill="#fff" stroke="A" stroke-width="5"/>',
  female:
    '<circle cx="32" cy="22" r="16" fill="none" stroke="A" stroke-width="7"/><path d="M32 38v22M22 50h20" stroke="A" stroke-width="7" stroke-linecap="round"/>',
  cross:
    '<rect x="4" y="4" width="56" height="56" rx="14" fill="A"/><path d="M32 16v32M16 32h32" stroke="#fff" stroke-width="10" stroke-linecap="round"/>',
  pill: '<g transform="rotate(-35 32 32)"><rect x="6" y="20" width="52" height="24" rx="12" fill="A"/><path d="M32 20h14a12 12 0 0 1 0 24H32z" fill="D"/></g>',
  ribbon:
    '<path d="M32 6c-10 0-13 12-7 22L12 56l9 3 11-20 11 20 9-3-13-28c6-10 3-22-7-22z" fill="A"/><circle cx="32" cy="17" r="5" fill="#fff"/>',
  hospital:
    '<rect x="10" y="14" width="44" height="46" rx="3" fill="A"/><rect x="26" y="44" width="12" height="16" fill="#fff"/><path d="M32 20v16M24 28h16" stroke="#fff" stroke-width="5"/>',
  heartbeat:
    '<path d="M32 58C8 42 4 26 12 16s18-8 20 2c2-10 12-12 20-2s4 26-20 42z" fill="A"/><path d="M8 34h14l4-8 6 16 5-12 3 4h16" stroke="#fff" stroke-width="4" fill="none" stroke-linejoin="round"/>',
  fish: '<path d="M4 32c10-14 30-18 44-4l10-10v28L48 36C34 50 14 46 4 32z" fill="A"/><circle cx="16" cy="30" r="3.5" fill="#fff"/><path d="M28 22q4 10 0 20" stroke="#fff" stroke-width="3" fill="none"/>',
  hourglass:
    '<path d="M14 6h36M14 58h36" stroke="D" stroke-width="5" stroke-linecap="round"/><path d="M18 8h28c0 14-10 18-10 24s10 10 10 24H18c0-14 10-18 10-24S18 22 18 8z" fill="A"/><path d="M24 54h16l-8-10z" fill="#fff"/>',
  umbrella:
    '<path d="M4 32a28 26 0 0 1 56 0z" fill="A"/><path d="M32 32v20a6 6 0 0 1-12 0" stroke="D" stroke-width="4" fill="none" stroke-linecap="round"/>',
  tree: '<circle cx="32" cy="24" r="20" fill="A"/><circle cx="24" cy="18" r="5" fill="#fff" fill-opacity=".4"/><rect x="28" y="40" width="8" height="20" rx="2" fill="D"/>',
  family:
    '<circle cx="18" cy="18" r="8" fill="A"/><circle cx="46" cy="18" r="8" fill="D"/><circle cx="32" cy="34" r="6" fill="A"/><path d="M4 58c0-18 28-18 28 0zM32 58c0-18 28-18 28 0z" fill="A"/>',
  car: '<path d="M6 42l6-16c2-5 5-7 9-7h22c4 0 7 2 9 7l6 16v10H6z" fill="A"/><rect x="17" y="24" width="30" height="11" rx="3" fill="#fff"/><circle cx="18" cy="52" r="6" fill="D"/><circle cx="46" cy="52" r="6" fill="D"/>',
  plane:
    '<path d="M32 2c3 0 5 3 5 7v15l23 14v7l-23-7v12l7 5v5l-12-3-12 3v-5l7-5V38L4 45v-7l23-14V9c0-4 2-7 5-7z" fill="A"/>',
  globe:
    '<circle cx="32" cy="32" r="26" fill="A"/><path d="M6 32h52M32 6c-10 12-10 40 0 52M32 6c10 12 10 40 0 52" stroke="#fff" stroke-width="3" fill="none"/>',
  mountain: '<circle cx="46" cy="16" r="9" fill="D"/><path d="M2 58l20-32 12 16 8-10 20 26z" fill="A"/>',
  lantern:
    '<rect x="27" y="2" width="10" height="8" rx="2" fill="D"/><ellipse cx="32" cy="32" rx="24" ry="22" fill="A"/><path d="M32 10v44M20 13c-6 10-6 28 0 38M44 13c6 10 6 28 0 38" stroke="D" stroke-width="2" fill="none"/><path d="M32 54v8" stroke="D" stroke-width="3"/>',
  house:
    '<path d="M32 6 4 30h8v28h40V30h8z" fill="A"/><rect x="26" y="40" width="12" height="18" fill="#fff"/>',
  phone:
    '<rect x="16" y="4" width="32" height="56" rx="6" fill="A"/><rect x="20" y="10" width="24" height="40" rx="2" fill="#fff"/><path d="M25 16l8 10-5 4 8 12" stroke="D" stroke-width="2.5" fill="none"/>',
  paw: '<ellipse cx="32" cy="44" rx="14" ry="12" fill="A"/><circle cx="14" cy="28" r="6" fill="A"/><circle cx="25" cy="16" r="6" fill="A"/><circle cx="39" cy="16" r="6" fill="A"/><circle cx="50" cy="28" r="6" fill="A"/>',
  coins:
    '<ellipse cx="32" cy="50" rx="22" ry="8" fill="D"/><rect x="10" y="22" width="44" height="28" fill="A"/><ellipse cx="32" cy="22" rx="22" ry="8" fill="D"/><path d="M26 18l6 6 6-6M32 24v8" stroke="#fff" stroke-width="3" fill="none"/>',
  chest:
    '<rect x="6" y="26" width="52" height="30" rx="4" fill="A"/><path d="M6 30c0-18 52-18 52 0z" fill="D"/><rect x="27" y="28" width="10" height="12" rx="2" fill="#fff"/>',
  cap: '<path d="M32 8 2 22l30 14 30-14z" fill="A"/><path d="M16 30v14c8 8 24 8 32 0V30L32 38z" fill="D"/><path d="M58 22v20" stroke="D" stroke-width="3"/>',
  sprout:
    '<path d="M32 60V30" stroke="D" stroke-width="5" stroke-linecap="round"/><path d="M32 32C32 16 20 8 6 10c0 14 12 22 26 22zM32 26c0-12 10-20 24-18 0 12-10 18-24 18z" fill="A"/>',
  chart:
    '<rect x="4" y="4" width="56" height="56" rx="10" fill="A"/><path d="M12 46l14-14 10 8 16-20" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M42 20h10v10" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>',
  helmet:
    '<path d="M6 44a26 26 0 0 1 52 0z" fill="A"/><rect x="2" y="44" width="60" height="8" rx="4" fill="D"/><rect x="28" y="14" width="8" height="30" fill="#fff" fill-opacity=".5"/>',
  suitcase:
    '<rect x="6" y="18" width="52" height="38" rx="6" fill="A"/><path d="M24 18v-8h16v8" stroke="D" stroke-width="4" fill="none"/><path d="M6 34h52" stroke="#fff" stroke-width="3"/>',
} as const

/** Every seed product (PRODUCTS, PARTNER_PRODUCTS, DEMO_GIFT_POLICIES) by id. */
export const PRODUCT_ART: Record<string, ProductArt> = {
  'p-accident-daily': { title: '综合意外', motif: 'shield', hue: 212 },
  'p-accident-commute': { title: '通勤意外', motif: 'bus', hue: 196 },
  'p-accident-kids': { title: '少儿意外', motif: 'balloon', hue: 350 },
  'p-accident-senior': { title: '银龄意外', motif: 'sun', hue: 32 },
  'p-accident-newcomer': { title: '新人意外', motif: 'gift', hue: 4 },
  'p-health-checkup': { title: '年度体检', motif: 'clipboard', hue: 152 },
  'p-health-dental': { title: '齿科保障', motif: 'tooth', hue: 186 },
  'p-health-women': { title: '女性健康', motif: 'female', hue: 330 },
  'p-medical-million': { title: '百万医疗', motif: 'cross', hue: 172 },
  'p-medical-smallclaims': { title: '门诊医疗', motif: 'pill', hue: 140 },
  'p-medical-senior': { title: '长辈防癌', motif: 'ribbon', hue: 300 },
  'p-medical-mid': { title: '中端医疗', motif: 'hospital', hue: 224 },
  'p-critical-classic': { title: '康享重疾', motif: 'heartbeat', hue: 16 },
  'p-critical-kids': { title: '少儿重疾', motif: 'fish', hue: 200 },
  'p-critical-term': { title: '定期重疾', motif: 'hourglass', hue: 40 },
  'p-critical-cancer': { title: '防癌保障', motif: 'ribbon', hue: 280 },
  'p-life-term': { title: '定期寿险', motif: 'umbrella', hue: 258 },
  'p-life-whole': { title: '传家寿险', motif: 'tree', hue: 120 },
  'p-life-accident-family': { title: '家庭保障', motif: 'family', hue: 24 },
  'p-travel-domestic': { title: '国内旅行', motif: 'car', hue: 190 },
  'p-travel-schengen': { title: '申根旅行', motif: 'globe', hue: 230 },
  'p-travel-asia': { title: '亚洲自由行', motif: 'mountain', hue: 164 },
  'p-travel-springfestival': { title: '春节返乡', motif: 'lantern', hue: 0 },
  'p-property-home': { title: '家财保障', motif: 'house', hue: 28 },
  'p-property-phone': { title: '手机碎屏', motif: 'phone', hue: 210 },
  'p-property-pet': { title: '宠物责任', motif: 'paw', hue: 36 },
  'p-annuity-pension': { title: '养老年金', motif: 'coins', hue: 44 },
  'p-annuity-wealth': { title: '金满仓', motif: 'chest', hue: 20 },
  'p-education-future': { title: '小状元', motif: 'cap', hue: 240 },
  'p-education-growth': { title: '成长树', motif: 'sprout', hue: 100 },
  'p-investment-linked': { title: '投资连结', motif: 'chart', hue: 268 },
  'ht-accident': { title: '安行意外', motif: 'shield', hue: 180 },
  'ht-regression': { title: '职护意外', motif: 'helmet', hue: 48 },
  'ht-travel': { title: '畅游境内', motif: 'suitcase', hue: 156 },
  'ht-air': { title: '航空意外', motif: 'plane', hue: 206 },
  'p-gift-accident': { title: '出行赠险', motif: 'bus', hue: 340 },
  'p-gift-home': { title: '家财赠险', motif: 'house', hue: 132 },
}

/** A seed product's picture, as the seed stores it (`products.image`, a path under public/). */
export const productImagePath = (id: string) => `/images/products/${id}.svg`

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue},${saturation}%,${lightness}%)`

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch)

/** The product's picture as SVG text, named for screen readers by the product's name. */
export function productArtSvg(name: string, art: ProductArt): string {
  const { hue, title } = art
  const strong = hsl(hue, 70, 48)
  const dark = hsl(hue, 60, 28)
  const motif = MOTIFS[art.motif].replaceAll('"A"', `"${strong}"`).replaceAll('"D"', `"${dark}"`)
  const pill = title.length * 20 + 28
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 160" width="240" height="160" role="img" aria-label="${escapeXml(name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 80, 96)}"/><stop offset="1" stop-color="${hsl(hue, 70, 84)}"/></linearGradient></defs>`,
    '<rect width="240" height="160" fill="url(#g)"/>',
    '<circle cx="214" cy="22" r="50" fill="#fff" fill-opacity=".4"/><circle cx="24" cy="144" r="42" fill="#fff" fill-opacity=".35"/>',
    `<g transform="translate(88 24)">${motif}</g>`,
    `<rect x="${120 - pill / 2}" y="98" width="${pill}" height="34" rx="17" fill="#fff" fill-opacity=".92"/>`,
    `<text x="120" y="122" font-family="sans-serif" font-size="20" font-weight="600" fill="${dark}" text-anchor="middle">${escapeXml(title)}</text>`,
    '</svg>',
    '',
  ].join('')
}
