// A product that is not Templet: its own document, its own storage, the designer's words in English, only the
// shell's shipped CSS.
import '@templet/ui/styles.css'
import { Designer } from '@templet/designer'
import { parseTemplate } from '@templet/template'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const poster = parseTemplate({
  id: 'event-poster',
  typeId: 'posters',
  name: { en: 'Event poster', 'zh-CN': '活动海报' },
  sizes: [{ id: 'square', width: 600, height: 600, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [],
  layers: [
    { id: 'background', name: 'Background', type: 'shape', fill: '#14213d', locked: true },
    {
      id: 'title',
      name: 'Title',
      type: 'text',
      text: 'Open day',
      size: 64,
      color: '#ffffff',
      box: { x: 60, y: 80, w: 480, h: 120 },
    },
    {
      id: 'dot',
      name: 'Dot',
      type: 'shape',
      shape: 'ellipse',
      fill: '#f4a259',
      box: { x: 250, y: 350, w: 100, h: 100 },
    },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

/** The product's own storage: a file picked becomes an object URL, its reference the URL itself. */
const files = new Map()

function App() {
  const [changes, setChanges] = useState(0)
  return (
    <>
      <p data-testid="changes">{changes} changes</p>
      <Designer
        document={poster}
        onChange={() => setChanges((n) => n + 1)}
        zoom={0.5}
        previews={false}
        uploadImage={async (file) => {
          const url = URL.createObjectURL(file)
          files.set(url, file)
          return url
        }}
        loadImage={async (ref) => (files.has(ref) ? createImageBitmap(files.get(ref)) : undefined)}
      />
    </>
  )
}

createRoot(document.getElementById('root')).render(<App />)
