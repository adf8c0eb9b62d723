/**
 * The shape of an uploaded image in a JSON body (a report's photos[] item, an avatar's
 * `image`), before anything of it is decoded: the report body's rules and the image pipeline
 * (src/community/images.ts) read it the same way.
 */

// `data:[<media type>][;param=value]*;base64,<payload>`; the media type is read and ignored.
const DATA_URL = /^data:[^,;]*(?:;[^,;=]+=[^,;]*)*;base64,/i;

/**
 * The base64 text carried by one photos[] item or avatar `image`, without checking it:
 * a bare string, a data URL, or an object whose `data` is either. Null when the shape is
 * none of those. Other properties of the object (a declared contentType, a file name)
 * are ignored, because the type is taken from the bytes.
 */
export function imagePayload(input: unknown): string | null {
  let text: unknown = input;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) text = (input as { data?: unknown }).data;
  if (typeof text !== 'string') return null;
  const dataUrl = DATA_URL.exec(text);
  return dataUrl ? text.slice(dataUrl[0].length) : text;
}
