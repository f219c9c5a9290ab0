export const homePaths = { home: '/' } as const

export const homeHref = () => homePaths.home
