export { CreditBalance, type CreditBalanceProps } from './credit-balance'
