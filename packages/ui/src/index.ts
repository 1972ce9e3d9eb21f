export * from './badge'
export * from './button'
export * from './direction'
export * from './lib'
