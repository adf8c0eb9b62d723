import { type TArray, type TObject, type TString, Type } from '@sinclair/typebox';
import { ApiError } from '../errors';

/**
 * The batch endpoints' one mechanism: a body `{<field>: [ids]}` of 1 to max ids, answered
 * with the found ids' items in request order, each once, and every other id (unknown or
 * malformed) in meta.notFound, in request order, each once. Not paginated.
 */

const tooLarge = (max: number) => `a batch takes at most ${max} ids`;

/**
 * The body schema: an object with one array of 1 to max string ids (items have no shape rule:
 * a malformed id is notFound). Past max the validator answers batch_too_large, the code of its
 * own a client can tell from a malformed body.
 */
export function batchBody<F extends string>(field: F, max: number): TObject<Record<F, TArray<TString>>> {
  const ids = Type.Array(Type.String(), {
    minItems: 1,
    maxItems: max,
    description: `1 to ${max} ids (more: 400 batch_too_large).`,
    'x-keyword-errors': { maxItems: { code: 'batch_too_large', message: tooLarge(max) } },
  });
  return Type.Object({ [field]: ids } as Record<F, TArray<TString>>, { additionalProperties: false });
}

export interface BatchAnswer<Item> {
  data: Item[];
  meta: { returned: number; notFound: string[] };
}

/**
 * Refuses more than max ids (counted as sent, duplicates included) with 400
 * batch_too_large, loads the distinct ids once and answers in request order.
 * `load` answers the ids it found; it is given each distinct id once.
 */
export async function batchAnswer<Item>(
  requested: string[],
  options: { max: number; param: string; load(ids: string[]): Promise<Map<string, Item>> },
): Promise<BatchAnswer<Item>> {
  if (requested.length > options.max) {
    throw new ApiError(400, 'batch_too_large', `${tooLarge(options.max)}; this one had ${requested.length}`, { param: options.param });
  }
  const ids = [...new Set(requested)];
  const found = await options.load(ids);
  const data = ids.filter((id) => found.has(id)).map((id) => found.get(id)!);
  return { data, meta: { returned: data.length, notFound: ids.filter((id) => !found.has(id)) } };
}
