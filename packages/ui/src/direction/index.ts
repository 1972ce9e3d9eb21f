export { type Dir, DirectionProvider, type DirectionProviderProps, useDirection } from './direction'
