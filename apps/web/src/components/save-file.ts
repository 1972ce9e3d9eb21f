/** Offers a Blob as a download under `name` (the browser's own download, with its usual prompt or bar). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  // Some browsers read the URL after click() returns; ten seconds is long past that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
