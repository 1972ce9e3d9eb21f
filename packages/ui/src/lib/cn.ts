import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names. No merging: a part's own classes never compete with each other (variants are
 * exclusive), and an app's `className` wins over a default by stylesheet order, because the app's CSS
 * loads after the shell's (README, "Restyling a part").
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
