import {
  createApplicationStore,
  holderDefaults,
  insurerDefaults,
  productDefaults,
  type ApplicationState,
  type HolderSection,
  type InsurerSection,
  type ProductSection,
} from './application'

/** Standard partner-API product application (no occupation fields). */
export type HuataiState = ApplicationState<HolderSection, InsurerSection, ProductSection>

export const huataiStore = createApplicationStore<HuataiState>('huatai', {
  holder: holderDefaults(),
  insurer: insurerDefaults(),
  product: productDefaults(),
})
