export { drawQr, qrBindings, qrText } from './draw'
export { type QrLayer, qrLayerSchema } from './schema'
