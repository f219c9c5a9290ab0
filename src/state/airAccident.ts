import { createApplicationStore, holderDefaults, insurerDefaults, productDefaults } from './application'
import type { HuataiState } from './huatai'

/** The air-accident activity's application (the partner's flight cover; same sections as huatai). */
export type AirAccidentState = HuataiState

export const airAccidentStore = createApplicationStore<AirAccidentState>('airAccident', {
  holder: holderDefaults(),
  insurer: insurerDefaults(),
  product: productDefaults(),
})
