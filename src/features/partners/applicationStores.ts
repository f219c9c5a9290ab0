import {
  DEFAULT_CERT_TIME,
  DEFAULT_CERT_TYPE,
  DEFAULT_CHARGE_PERIOD_TYPE,
  DEFAULT_RELATION_TYPE,
  DEFAULT_SOCIAL_INSURANCE,
  REGRESSION_PRODUCT_DEFAULT,
  TRAVEL_PRODUCT_DEFAULT,
} from '../../config/constants'
import type { InsuredInput, PersonInput } from '../../domain/applicant'
import {
  createStore,
  deepMerge,
  type DeepPartial,
  type PlainObject,
  type Store,
} from '../../state/createStore'

// The spec's insurance-application states (huatai, huatairegression, huataitravel) and the air-accident
// activity's, which the partner flows bind to (flowState.ts). The spec calls the insured section `insurer`;
// here it is `insured` (src/app/stateNamespaces.ts maps the spec's names).

export interface Occupation {
  occupationinfo: string
  occupationinfoText: string
}

/** The policyholder section: the same fields the shared applicant rules check (src/domain/applicant.ts). */
export type HolderSection = PersonInput

/** The insured section. */
export type InsuredSection = InsuredInput

export interface ProductSection {
  chargePeriodType: string
  firstPremium: string
}

export type SectionName = 'holder' | 'insured' | 'product'

export interface ApplicationState<
  H extends HolderSection,
  I extends InsuredSection,
  P extends ProductSection,
> {
  holder: H
  insured: I
  product: P
}

export interface ApplicationStore<
  S extends ApplicationState<HolderSection, InsuredSection, ProductSection>,
> extends Omit<Store<S>, 'update'> {
  /** Deep-merges a partial payload (sections merge field by field). */
  update(partial: DeepPartial<S>): void
  /** Replaces one whole section with the payload (fields not given return to their defaults). */
  replaceSection<K extends SectionName>(section: K, payload: Partial<S[K]>): void
}

export const holderDefaults = (): HolderSection => ({
  name: '',
  certType: DEFAULT_CERT_TYPE,
  certNo: '',
  certTime: DEFAULT_CERT_TIME,
  certStartDate: '',
  certEndDate: '',
  gender: '',
  birthday: '',
})

export const insuredDefaults = (): InsuredSection => ({
  relationType: DEFAULT_RELATION_TYPE,
  hasSocialInsurance: DEFAULT_SOCIAL_INSURANCE,
  ...holderDefaults(),
  phone: '',
  email: '',
})

export const productDefaults = (): ProductSection => ({
  chargePeriodType: DEFAULT_CHARGE_PERIOD_TYPE,
  firstPremium: '',
})

export const occupationDefaults = (): Occupation => ({ occupationinfo: '', occupationinfoText: '' })

export interface TypedProductSection extends ProductSection {
  productType: string
  productPrice: number
}

/** The partner-API variants with occupation fields and a fixed product type and price (travel, regression). */
export type OccupationApplicationState = ApplicationState<
  HolderSection & Occupation,
  InsuredSection & Occupation,
  TypedProductSection
>

export function occupationApplicationDefaults(product: {
  productType: string
  productPrice: number
}): OccupationApplicationState {
  return {
    holder: { ...holderDefaults(), ...occupationDefaults() },
    insured: { ...insuredDefaults(), ...occupationDefaults() },
    product: { ...productDefaults(), ...product },
  }
}

export function createApplicationStore<
  S extends ApplicationState<HolderSection, InsuredSection, ProductSection>,
>(name: string, defaults: S): ApplicationStore<S> {
  const base = createStore<S>(name, defaults)
  return {
    ...base,
    update(partial) {
      deepMerge(base.state as unknown as PlainObject, partial as PlainObject)
    },
    replaceSection(section, payload) {
      const fresh = base.defaults()[section]
      base.state[section] = { ...fresh, ...structuredClone(payload) }
    },
  }
}

/** Standard partner-API product application (no occupation fields). */
export type HuataiState = ApplicationState<HolderSection, InsuredSection, ProductSection>

export const huataiStore = createApplicationStore<HuataiState>('huatai', {
  holder: holderDefaults(),
  insured: insuredDefaults(),
  product: productDefaults(),
})

/** The second partner-API variant (with occupation). */
export const huataiRegressionStore = createApplicationStore<OccupationApplicationState>(
  'huatairegression',
  occupationApplicationDefaults(REGRESSION_PRODUCT_DEFAULT),
)

/** The travel variant of the partner-API product (with occupation). */
export const huataiTravelStore = createApplicationStore<OccupationApplicationState>(
  'huataitravel',
  occupationApplicationDefaults(TRAVEL_PRODUCT_DEFAULT),
)

/** The air-accident activity's application (the partner's flight cover; the huatai shape). */
export const airAccidentStore = createApplicationStore<HuataiState>('airAccident', {
  holder: holderDefaults(),
  insured: insuredDefaults(),
  product: productDefaults(),
})
