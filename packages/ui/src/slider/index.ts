export { Slider, type SliderProps } from './slider'
