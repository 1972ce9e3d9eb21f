import { userEvent } from 'storybook/test'

/**
 * Takes the pointer off `element` and on to the far corner of the window, as a mouse does. A tooltip
 * stays open while the pointer travels from its trigger towards it (so it can be hovered), and closes on
 * the first move elsewhere; `userEvent.unhover` alone only leaves, so the tooltip would stay.
 */
export async function movePointerAway(element: Element) {
  await userEvent.unhover(element)
  await userEvent.pointer({
    target: document.body,
    coords: { clientX: window.innerWidth - 1, clientY: window.innerHeight - 1 },
  })
}
