import { Link, useLocation, type LinkProps } from 'react-router-dom'
import { withLayoutPrefix } from './appPath'

/** <Link> that stays inside the current root layout. */
export function AppLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const { pathname } = useLocation()
  return <Link to={withLayoutPrefix(to, pathname)} {...rest} />
}
