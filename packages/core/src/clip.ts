/** `text` cut to `max` characters (the last three `...`), for quoting an input in a message. */
export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}
