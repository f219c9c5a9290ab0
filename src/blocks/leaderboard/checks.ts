export { check } from '../guess/checks'
