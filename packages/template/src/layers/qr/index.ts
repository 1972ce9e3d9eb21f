export { drawQr, qrBindings, qrText } from './draw'
export { qrLayer } from './kind'
export { type QrLayer, qrLayerSchema } from './schema'
