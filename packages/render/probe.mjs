import { GlobalFonts } from '@napi-rs/canvas'
import * as fontkit from 'fontkit'

const F = (p) => 'node_modules/@expo-google-fonts/' + p
const fonts = {
  inter: F('inter/400Regular/Inter_400Regular.ttf'),
  playfair: F('playfair-display/400Regular/PlayfairDisplay_400Regular.ttf'),
  grotesk: F('space-grotesk/400Regular/SpaceGrotesk_400Regular.ttf'),
  notoserif: F('noto-serif/400Regular/NotoSerif_400Regular.ttf'),
  sc: F('noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  thai: F('noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
  arabic: F('noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
}
const probes = {
  greek: 'Καλημέρα ΐ ἀ',
  cyr: 'Привет ёЁїґ',
  viet: 'Tiếng Việt ữ',
  digits: '0123456789$€',
  latin: 'Hello',
  ja: '日本語 ひらがな',
  tc: '們這說',
  punct: '“”‘’—…–•',
}
for (const [n, file] of Object.entries(fonts)) {
  const f = fontkit.openSync(file)
  console.log(
    n,
    Object.entries(probes)
      .map(
        ([k, s]) =>
          `${k}:${[...s].filter((c) => c !== ' ' && !f.hasGlyphForCodePoint(c.codePointAt(0))).join('')}`,
      )
      .join(' | '),
  )
}
const t0 = performance.now()
const big = [
  F('noto-serif-kr/400Regular/NotoSerifKR_400Regular.ttf'),
  F('noto-serif-kr/700Bold/NotoSerifKR_700Bold.ttf'),
  F('noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
]
for (const b of big) {
  GlobalFonts.registerFromPath(b, 'X' + b)
}
console.log('register 3 big ms', performance.now() - t0)
