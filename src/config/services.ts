// Outside services the product links to or calls. Hosts come from the environment, never from code.
export interface ServiceUrls {
  eyeScriptUrl: string
  h5Url: string
  oprUrl: string
  insurerCallPullUrl: string
  benefitsUrl: string
  ppbdApiUrl: string
  isProduction: boolean
}

type Env = Record<string, string | boolean | undefined>

export function readServiceUrls(env: Env): ServiceUrls {
  const str = (key: string): string => {
    const value = env[key]
    return typeof value === 'string' ? value : ''
  }
  return {
    eyeScriptUrl: str('VITE_EYE_SCRIPT_URL'),
    h5Url: str('VITE_H5_URL'),
    oprUrl: str('VITE_OPR_URL'),
    insurerCallPullUrl: str('VITE_INSURER_CALL_PULL_URL'),
    benefitsUrl: str('VITE_BENEFITS_URL'),
    ppbdApiUrl: str('VITE_PPBD_API_URL'),
    isProduction: env.VITE_PRODUCTION === 'true' || env.VITE_PRODUCTION === true,
  }
}

export const SERVICE_URLS: ServiceUrls = readServiceUrls(import.meta.env as Env)
